// Run by scripts/ensure-build.mjs: compiles the server (src/server/index.ts and everything it
// imports) into dist/server/index.js, so `npm start` runs JavaScript instead of compiling
// TypeScript with tsx at every start (docs/decisions/0057-start-up.md). What index.ts imports
// with import() becomes a chunk under dist/server/assets: most of the server, which loads while
// the embedded database starts (docs/decisions/0151). Packages stay in node_modules: they are
// imported, not bundled. Built beside the old output and swapped in.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const outDir = path.resolve('dist/server');
const staging = `${outDir}.staging-${process.pid}`;
const old = `${outDir}.old-${process.pid}`;

try {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: true,
      target: 'node20',
      outDir: staging,
      emptyOutDir: true,
      // Readable stack traces: function names and code stay as written.
      minify: false,
      rollupOptions: { input: { index: 'src/server/index.ts' } },
    },
  });
  // The embedded database's worker thread, loaded by file name beside index.js
  // (src/server/db/pglite-thread.ts); plain JavaScript that imports only packages.
  fs.copyFileSync('src/server/db/pglite-worker.mjs', path.join(staging, 'pglite-worker.mjs'));
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(staging, outDir);
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(old, { recursive: true, force: true });
}

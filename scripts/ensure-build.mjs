// `npm start` calls this first: build what is missing or older than its sources, so a fresh
// clone needs nothing but `npm install && npm start` (docs/decisions/0057-start-up.md).
//
//   node scripts/ensure-build.mjs            the web client, the server and the database template
//   node scripts/ensure-build.mjs server     the server and the database template (what a test's
//                                            server process needs; the web client takes longest)
//   node scripts/ensure-build.mjs --force    rebuild all three (`npm run build`)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PGLITE_PACKAGE = 'node_modules/@electric-sql/pglite/package.json';

const targets = [
  {
    name: 'the web client',
    group: 'client',
    output: 'dist/client/index.html',
    sources: ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'],
    command: ['npx', ['vite', 'build', '--logLevel', 'warn']],
  },
  {
    name: 'the server',
    group: 'server',
    output: 'dist/server/index.js',
    sources: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
    command: [process.execPath, ['scripts/build-server.mjs']],
  },
  {
    // The server itself checks a template against the installed PGlite and the migrations, and
    // does without it (initdb, then every migration) when it does not match.
    name: 'the embedded database template',
    group: 'server',
    output: 'dist/pglite-template/manifest.json',
    sources: [
      'drizzle',
      'src/server/db/migrate.ts',
      'src/server/db/pglite-template.ts',
      'src/server/db/build-pglite-template.ts',
      'src/server/db/client.ts',
      'src/server/db/pglite-open.ts',
      PGLITE_PACKAGE,
    ],
    command: [process.execPath, ['--import', 'tsx', 'scripts/build-pglite-template.ts']],
  },
];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const groups = args.filter((arg) => !arg.startsWith('--'));

for (const target of targets) {
  if (groups.length > 0 && !groups.includes(target.group)) continue;
  const builtAt = fs.existsSync(target.output) ? fs.statSync(target.output).mtimeMs : 0;
  if (!force && builtAt > 0 && Math.max(...target.sources.map(newestMtime)) <= builtAt) continue;
  process.stdout.write(`Building ${target.name}...\n`);
  const [command, commandArgs] = target.command;
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

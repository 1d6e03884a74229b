/**
 * Scenario 6, the client: gzip size of the JavaScript and CSS a browser loads for /auth (the
 * entry chunk and everything it imports statically) and for /dashboard (that, plus the
 * dashboard route's lazy chunk and its static imports). Read from a fresh vite build's manifest.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '#test-support/portal-process';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: string[];
}

export interface ClientSizes {
  auth: RouteSize;
  dashboard: RouteSize;
  /** Features whose page code is in the /auth download (each should load with its own route). */
  featuresInEntry: string[];
}

const ENTRY_KEY = 'index.html';
const DASHBOARD_KEY = 'features/dashboard/components/dashboard-page.tsx';

export async function buildClient(outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** The chunk keys loaded when `keys` load: each key plus its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

async function routeSize(outDir: string, manifest: Manifest, keys: string[]): Promise<RouteSize> {
  const chunks = staticClosure(manifest, keys).map((key) => manifest[key]!);
  const js = [...new Set(chunks.map((c) => c.file))];
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const gzipped = async (files: string[]) => {
    let total = 0;
    for (const file of files) total += gzipSync(await readFile(path.join(outDir, file))).length;
    return total;
  };
  return { jsGzipBytes: await gzipped(js), cssGzipBytes: await gzipped(css), files: [...js, ...css] };
}

export async function measureClient(outDir: string): Promise<ClientSizes> {
  await buildClient(outDir);
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const authKeys = staticClosure(manifest, [ENTRY_KEY]);
  return {
    auth: await routeSize(outDir, manifest, [ENTRY_KEY]),
    dashboard: await routeSize(outDir, manifest, [ENTRY_KEY, DASHBOARD_KEY]),
    featuresInEntry: [
      ...new Set(
        authKeys
          .map((key) => /^features\/([^/]+)\/components\/[^/]+-page\.tsx$/.exec(key)?.[1])
          .filter((f): f is string => f !== undefined && f !== 'auth'),
      ),
    ],
  };
}

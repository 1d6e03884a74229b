import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The portal's installation directory (package.json, drizzle/, dist/). Found by walking up
 * from this module, because the same code runs from src/server (tsx, tests) and bundled into
 * dist/server (`npm start`), at different depths.
 */
export const APP_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The nearest directory at or above `from` that holds a package.json. */
export function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json at or above ${from}`);
  }
}

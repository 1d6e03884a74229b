/**
 * A prepared PGlite data directory (docs/decisions/0057-start-up.md): an empty cluster with the
 * committed migrations applied and no rows. Creating a cluster (initdb in WebAssembly) and
 * creating the schema are most of a first start, and their result is the same for every
 * installation, so the build makes it once (dist/pglite-template) and a first start copies it.
 * The auth secret, the first admin and every row are still made per data directory.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_ROOT, findPackageRoot } from '../app-root';
import { knownMigrations, type AppliedMigration } from './migrate';

/** Built by scripts/ensure-build.mjs (scripts/build-pglite-template.ts); git-ignored. */
export const PGLITE_TEMPLATE_DIR = path.join(APP_ROOT, 'dist/pglite-template');

/** Bumped when what a template holds changes, so older templates are no longer used. */
const TEMPLATE_FORMAT = 2; // 2: without template0 and template1 (decision 0161)
const MANIFEST_FILE = 'manifest.json';
const CLUSTER_DIR = 'cluster';

export interface TemplateManifest {
  format: number;
  /** The PGlite release that made the cluster: its data directory is what that release reads. */
  pglite: string;
  /** The migrations applied in the template, oldest first, as drizzle recorded them. */
  migrations: AppliedMigration[];
}

export type TemplateOutcome = { used: true } | { used: false; reason: string };

export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(fs.readFileSync(path.join(findPackageRoot(path.dirname(entry)), 'package.json'), 'utf8'));
  return String(manifest.version);
}

/** True when `dir` does not exist or holds nothing: a data directory PGlite would initdb. */
export function isEmptyDirectory(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Fills the empty data directory `dataDir` with a copy of the template, or says why not: the
 * caller then lets PGlite run initdb. The caller runs the migrations next, which applies any
 * the template is older than. The copy is assembled beside `dataDir` and renamed into place,
 * so a crash mid-copy leaves `dataDir` empty and the next start copies again.
 */
export function seedFromTemplate(dataDir: string, templateDir: string = PGLITE_TEMPLATE_DIR): TemplateOutcome {
  if (!isEmptyDirectory(dataDir)) return { used: false, reason: `${dataDir} is not empty` };
  const found = readManifest(templateDir);
  if (!found)
    return { used: false, reason: `no prepared database template in ${templateDir} (\`npm run build\` makes one)` };
  const mismatch = whyUnusable(found);
  if (mismatch) return { used: false, reason: `the database template in ${templateDir} ${mismatch}` };

  const partial = `${dataDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    copyTree(path.join(templateDir, CLUSTER_DIR), partial);
  } catch (err) {
    // e.g. a template built under a umask that leaves it unreadable to the portal's user.
    fs.rmSync(partial, { recursive: true, force: true });
    return { used: false, reason: `the database template in ${templateDir} could not be copied: ${String(err)}` };
  }
  fs.rmSync(dataDir, { recursive: true, force: true }); // empty (checked above)
  fs.renameSync(partial, dataDir);
  return { used: true };
}

/**
 * A template is used only when the installed PGlite made it and its migrations are the first
 * of this code's, file for file: never one this code does not know (decision 0082).
 */
function whyUnusable(found: TemplateManifest): string | undefined {
  if (found.format !== TEMPLATE_FORMAT) return `has format ${found.format}, this code reads format ${TEMPLATE_FORMAT}`;
  const pglite = installedPgliteVersion();
  if (found.pglite !== pglite) return `was made by PGlite ${found.pglite}; PGlite ${pglite} is installed`;
  const known = knownMigrations();
  const stranger = found.migrations.findIndex(
    (m, i) => known[i]?.folderMillis !== m.createdAt || known[i]?.hash !== m.hash,
  );
  if (stranger >= 0) return `holds a migration (number ${stranger + 1}) that differs from this code's`;
  return undefined;
}

/**
 * Publishes the cluster PGlite made in `clusterDir` (closed) as the template at `templateDir`,
 * replacing any older one. The manifest goes in last: a half-published template has none and
 * is ignored.
 */
export function publishTemplate(
  clusterDir: string,
  manifest: Omit<TemplateManifest, 'format' | 'pglite'>,
  templateDir: string = PGLITE_TEMPLATE_DIR,
): void {
  const staging = `${templateDir}.staging-${process.pid}`;
  const old = `${templateDir}.old-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.renameSync(clusterDir, path.join(staging, CLUSTER_DIR));
  const full: TemplateManifest = { format: TEMPLATE_FORMAT, pglite: installedPgliteVersion(), ...manifest };
  fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(full, null, 2)}\n`);
  if (fs.existsSync(templateDir)) fs.renameSync(templateDir, old);
  fs.renameSync(staging, templateDir);
  fs.rmSync(old, { recursive: true, force: true });
}

export function readManifest(templateDir: string): TemplateManifest | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(templateDir, MANIFEST_FILE), 'utf8')) as TemplateManifest;
    return fs.existsSync(path.join(templateDir, CLUSTER_DIR, 'PG_VERSION')) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The template's files by the kernel's copy (fs.copyFileSync, no bytes through JavaScript),
 * each then given this process's umask as the files PGlite's own initdb writes: about 200 ms
 * less of a first start than reading and writing each file (docs/decisions/0150). A copied file
 * has the template's mode until its chmod, so the copy's top directory stays private (0700)
 * while it is filled, and gets its own umask mode back at the end.
 */
function copyTree(from: string, to: string) {
  fs.mkdirSync(to);
  const directoryMode = fs.statSync(to).mode & 0o777;
  fs.chmodSync(to, 0o700);
  copyInto(from, to, directoryMode & 0o666);
  fs.chmodSync(to, directoryMode);
}

function copyInto(from: string, to: string, fileMode: number) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target);
      copyInto(source, target, fileMode);
    } else {
      fs.copyFileSync(source, target);
      fs.chmodSync(target, fileMode);
    }
  }
}

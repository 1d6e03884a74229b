import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../auth/auth-secret';
import { countUsers } from '../auth/users';
import { bootstrapFirstAdmin } from '../bootstrap-admin';
import { isEmptyDatabase } from '../ops/schema-info';
import { buildPgliteTemplate } from './build-pglite-template';
import { openDatabase, type Database } from './client';
import { queryRows } from './query-rows';
import { appliedMigrations, knownMigrations, runMigrations } from './migrate';
import { installedPgliteVersion, readManifest, seedFromTemplate, type TemplateManifest } from './pglite-template';

// The template is the embedded database's own start-up path: there is no PostgreSQL side.
// initdb in WebAssembly plus the schema: seconds when idle, far more on a busy machine.
const PGLITE_TIMEOUT_MS = 120_000;

let scratch: string;
let template: string;
const opened: Database[] = [];

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  template = path.join(scratch, 'template');
  await buildPgliteTemplate(template);
}, PGLITE_TIMEOUT_MS);

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** A pino logger whose lines the test can read. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, messages: () => lines.map((l) => l.msg) };
}

async function open(dataDir: string, templateDir: string | undefined, logger = pino({ level: 'silent' })) {
  const database = await openDatabase({ kind: 'pglite', dataDir, template: templateDir }, logger);
  opened.push(database);
  return database;
}

/** A copy of the built template with its manifest changed. */
function alteredTemplate(name: string, change: (manifest: TemplateManifest) => TemplateManifest): string {
  const copy = path.join(scratch, name);
  fs.cpSync(template, copy, { recursive: true });
  const manifest = change(readManifest(copy)!);
  fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
  return copy;
}

async function publicTables(database: Database): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

describe('the prepared PGlite data directory', () => {
  it('records the installed PGlite and every committed migration', () => {
    const manifest = readManifest(template)!;
    expect(manifest.pglite).toBe(installedPgliteVersion());
    expect(manifest.migrations.map((m) => [m.createdAt, m.hash])).toEqual(
      knownMigrations().map((m) => [m.folderMillis, m.hash]),
    );
  });

  /** Rows a migration itself inserts: the four onboarding steps of SPEC.md (migration 0023). */
  const SEEDED_BY_MIGRATIONS: Record<string, number> = { onboarding_steps: 4 };

  it(
    'gives a new data directory the schema and nothing else; the migrations then change nothing',
    async () => {
      const dataDir = path.join(scratch, 'fresh', 'db');
      const { logger, messages } = recordingLogger();
      const database = await open(dataDir, template, logger);
      expect(messages()).toEqual(['new embedded database: copied the prepared template']);
      expect(fs.existsSync(`${dataDir}.partial`)).toBe(false);

      const tables = await publicTables(database);
      expect(tables.length).toBeGreaterThan(10);
      expect(await countUsers(database.db)).toBe(0);
      for (const table of tables) {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${sql.identifier(table)}`,
        );
        expect({ table, rows: row!.n }).toEqual({ table, rows: SEEDED_BY_MIGRATIONS[table] ?? 0 });
      }
      await runMigrations(database);
      expect(await publicTables(database)).toEqual(tables);
      expect((await appliedMigrations(database.db)).length).toBe(knownMigrations().length);
    },
    PGLITE_TIMEOUT_MS,
  );

  it(
    'holds the portal’s database alone, and a directory made from it opens again after a close',
    async () => {
      // initdb's template0 and template1 are half of its files, and nothing on the embedded engine
      // uses them (decision 0161).
      expect(fs.readdirSync(path.join(template, 'cluster', 'base'))).toHaveLength(1);
      const dataDir = path.join(scratch, 'reopened', 'db');
      const first = await open(dataDir, template);
      const datnames = async (database: Database) =>
        (await queryRows<{ datname: string }>(database.db, sql`select datname from pg_database order by datname`)).map(
          (r) => r.datname,
        );
      expect(await datnames(first)).toEqual(['postgres']);
      const secret = await resolveAuthSecret(first.db, undefined);
      // What the retention clean-ups and a backup ask of the engine still works without them.
      await first.db.execute(sql`vacuum analyze`);
      await first.db.execute(sql`checkpoint`);
      await first.close();
      opened.splice(opened.indexOf(first), 1);

      const again = await open(dataDir, template);
      expect(await resolveAuthSecret(again.db, undefined)).toBe(secret);
      expect(await datnames(again)).toEqual(['postgres']);
    },
    PGLITE_TIMEOUT_MS,
  );

  it(
    'shares no secret and no account between installations made from it',
    async () => {
      const first = await open(path.join(scratch, 'first', 'db'), template);
      const second = await open(path.join(scratch, 'second', 'db'), template);
      const secrets = [await resolveAuthSecret(first.db, undefined), await resolveAuthSecret(second.db, undefined)];
      const admins = [await bootstrapFirstAdmin(first.db, {}), await bootstrapFirstAdmin(second.db, {})];
      expect(secrets[0]).not.toBe(secrets[1]);
      expect(admins[0]?.generatedPassword).toBeTruthy();
      expect(admins[0]?.generatedPassword).not.toBe(admins[1]?.generatedPassword);
    },
    PGLITE_TIMEOUT_MS,
  );

  it(
    'falls back to initdb when the template was made by another PGlite release',
    async () => {
      const other = alteredTemplate('other-pglite', (m) => ({ ...m, pglite: '0.0.1' }));
      const dataDir = path.join(scratch, 'fallback', 'db');
      const { logger, messages } = recordingLogger();
      const database = await open(dataDir, other, logger);
      expect(messages()).toEqual([
        'new embedded database: creating its cluster, which takes several seconds: ' +
          `the database template in ${other} was made by PGlite 0.0.1; PGlite ${installedPgliteVersion()} is installed`,
      ]);
      // What initdb makes: no schema until the migrations run, and then all of it.
      expect(await isEmptyDatabase(database.db)).toBe(true);
      expect(await publicTables(database)).toEqual([]);
      await runMigrations(database);
      expect((await appliedMigrations(database.db)).length).toBe(knownMigrations().length);
      expect((await publicTables(database)).length).toBeGreaterThan(10);
    },
    PGLITE_TIMEOUT_MS,
  );

  it('is not used when it is missing, and says where it was looked for', () => {
    const dataDir = path.join(scratch, 'no-template', 'db');
    const missing = path.join(scratch, 'not-built');
    expect(seedFromTemplate(dataDir, missing)).toEqual({
      used: false,
      reason: `no prepared database template in ${missing} (\`npm run build\` makes one)`,
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('is not used when it holds a migration that is not this code’s', () => {
    const unknown = alteredTemplate('newer-release', (m) => ({
      ...m,
      migrations: [...m.migrations, { hash: 'from-a-newer-release', createdAt: m.migrations.at(-1)!.createdAt + 1 }],
    }));
    const edited = alteredTemplate('edited-migration', (m) => ({
      ...m,
      migrations: m.migrations.map((x, i) => (i === 0 ? { ...x, hash: 'edited' } : x)),
    }));
    for (const [dir, number] of [
      [unknown, knownMigrations().length + 1],
      [edited, 1],
    ] as const) {
      const dataDir = path.join(scratch, `refused-${number}`, 'db');
      expect(seedFromTemplate(dataDir, dir)).toEqual({
        used: false,
        reason: `the database template in ${dir} holds a migration (number ${number}) that differs from this code's`,
      });
      expect(fs.existsSync(dataDir)).toBe(false);
    }
  });

  it('is used when its migrations are the first of this code’s (a template older than the code)', () => {
    const older = alteredTemplate('older', (m) => ({ ...m, migrations: m.migrations.slice(0, 1) }));
    expect(seedFromTemplate(path.join(scratch, 'older-data', 'db'), older)).toEqual({ used: true });
  });

  it('is not used when it cannot be read, and leaves no half copy behind', () => {
    const unreadable = alteredTemplate('unreadable', (m) => m);
    fs.symlinkSync(path.join(scratch, 'nowhere'), path.join(unreadable, 'cluster', 'base', 'gone'));
    const dataDir = path.join(scratch, 'unreadable-data', 'db');
    const outcome = seedFromTemplate(dataDir, unreadable) as { used: boolean; reason?: string };
    expect(outcome.used).toBe(false);
    expect(outcome.reason).toContain(`the database template in ${unreadable} could not be copied: Error: ENOENT`);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.existsSync(`${dataDir}.partial`)).toBe(false);
  });

  it('never touches a data directory that holds anything', () => {
    const dataDir = path.join(scratch, 'not-empty', 'db');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '18\n');
    expect(seedFromTemplate(dataDir, template)).toEqual({ used: false, reason: `${dataDir} is not empty` });
    expect(fs.readdirSync(dataDir)).toEqual(['PG_VERSION']);
  });

  it('copies again over a copy cut short by a crash, into an empty directory', () => {
    const dataDir = path.join(scratch, 'after-crash', 'db');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.mkdirSync(`${dataDir}.partial/base`, { recursive: true });
    fs.writeFileSync(`${dataDir}.partial/base/half-written`, 'x');
    expect(seedFromTemplate(dataDir, template)).toEqual({ used: true });
    expect(fs.existsSync(`${dataDir}.partial`)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'base', 'half-written'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });

  it('gives the copied files this process’s umask, as initdb would', () => {
    const previous = process.umask(0o077);
    try {
      const dataDir = path.join(scratch, 'private', 'db');
      expect(seedFromTemplate(dataDir, template)).toEqual({ used: true });
      for (const file of ['PG_VERSION', 'global/pg_control', 'postgresql.conf']) {
        expect({ file, groupOrOther: fs.statSync(path.join(dataDir, file)).mode & 0o077 }).toEqual({
          file,
          groupOrOther: 0,
        });
      }
      expect(fs.statSync(path.join(dataDir, 'base')).mode & 0o077).toBe(0);
    } finally {
      process.umask(previous);
    }
  });

  it('gives the copy the modes of the umask, not the template’s, and the directory its own back', () => {
    // The template's files are readable and writable by everyone (0666 under umask 0): the
    // copy is made by the kernel, which keeps those modes until each file's chmod.
    const permissive = alteredTemplate('permissive', (m) => m);
    for (const file of ['PG_VERSION', 'global/pg_control']) fs.chmodSync(path.join(permissive, 'cluster', file), 0o666);
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(scratch, 'shared', 'db');
      expect(seedFromTemplate(dataDir, permissive)).toEqual({ used: true });
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o755);
      expect(fs.statSync(path.join(dataDir, 'base')).mode & 0o777).toBe(0o755);
      for (const file of ['PG_VERSION', 'global/pg_control']) {
        expect({ file, mode: fs.statSync(path.join(dataDir, file)).mode & 0o777 }).toEqual({ file, mode: 0o644 });
      }
    } finally {
      process.umask(previous);
    }
  });
});

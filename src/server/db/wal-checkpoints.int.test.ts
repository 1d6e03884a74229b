import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { checkpointIfDue, startCheckpoints, walSinceCheckpoint } from './wal-checkpoints';

// The embedded database only: PostgreSQL checkpoints by itself.
const PGLITE_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;

let scratch: string;
let database: Database;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(tmpdir(), 'portal-wal-'));
  database = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'db') }, pino({ level: 'silent' }));
  await database.db.execute(sql`create table wal_filler (id serial primary key, body text not null)`);
}, PGLITE_TIMEOUT_MS);

afterAll(async () => {
  await database?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Writes (and then deletes) about `megabytes` of rows, each a page of log or more. */
async function writeLog(megabytes: number) {
  await database.db.execute(
    sql`insert into wal_filler (body) select repeat(md5(g::text), 32) from generate_series(1, ${megabytes * 1000}) g`,
  );
  await database.db.execute(sql`delete from wal_filler`);
}

function walOnDisk(): number {
  const dir = path.join(scratch, 'db', 'pg_wal');
  return fs
    .readdirSync(dir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

describe('checkpoints of the embedded database', () => {
  it('checkpoints only once the log since the last one has reached the limit', async () => {
    await database.db.execute(sql`checkpoint`);
    await writeLog(1);
    const before = await walSinceCheckpoint(database.db);
    expect(before).toBeGreaterThan(MB);
    expect(await checkpointIfDue(database.db, 8 * MB)).toBe(false);
    expect(await walSinceCheckpoint(database.db)).toBeGreaterThanOrEqual(before);

    await writeLog(8);
    expect(await checkpointIfDue(database.db, 8 * MB)).toBe(true);
    expect(await walSinceCheckpoint(database.db)).toBeLessThan(MB);
  });

  it(
    'keeps the log on disk bounded while far more than that is written',
    async () => {
      // 240 MB of log with a checkpoint each 16 MB: without them every segment stays on disk.
      for (let i = 0; i < 24; i++) {
        await writeLog(10);
        await checkpointIfDue(database.db, 16 * MB);
      }
      expect(walOnDisk()).toBeLessThan(160 * MB);
    },
    PGLITE_TIMEOUT_MS,
  );

  it('checks on its own timer, and stops after a check in progress', async () => {
    const stop = startCheckpoints(database, pino({ level: 'silent' }), { everyMs: 20, afterBytes: 2 * MB });
    try {
      await writeLog(4);
      const deadline = Date.now() + 10_000;
      while ((await walSinceCheckpoint(database.db)) >= 2 * MB && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await walSinceCheckpoint(database.db)).toBeLessThan(2 * MB);
    } finally {
      await stop();
    }
  });

  it('leaves PostgreSQL to its own checkpointer', async () => {
    // A database whose every use fails: a check that ran would log its failure.
    const postgres = { kind: 'postgres', db: undefined } as unknown as Database;
    const lines: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const stop = startCheckpoints(postgres, logger, { everyMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await stop();
    expect(lines).toEqual([]);
  });
});

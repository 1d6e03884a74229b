import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client';
import { donations, files, messages } from '../src/server/db/schema';
import { DiskStorage } from '../src/server/storage/disk-storage';
import { sweepOrphanObjects } from '../src/server/storage/orphan-sweep';
import { silentLogger } from '#test-support/test-database';
import { expectOk, signIn, type Session } from './support/http';
import { ADMIN, crash, freshPostgres, launch, stop, tempDir, type Running } from './support/portal';

/**
 * kill -9 during a stream of acknowledged writes (donations, chat messages, uploads): after a
 * restart every write that got a 2xx is there, whole, and no file record lacks its object.
 * Objects of uploads that were cut short (never acknowledged) may remain until the sweep.
 */

const WRITERS = 6;
const ROUNDS = 2;

interface Acknowledged {
  donations: Map<string, string>; // id -> amount
  messages: Map<number, string>; // id -> content
  files: Map<string, string>; // id -> sha256 of the bytes
}

interface WriterRun {
  /** Uploads sent but not answered when the server died: at most this many orphan objects. */
  uploadsInFlight: number;
  /** Failures before the kill: none are expected. */
  failures: string[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writers loop until the server dies. `killAfter` is how many acknowledged writes to wait
 * for; the kill then lands at a random moment in the stream.
 */
async function writeUntilKilled(
  running: Running,
  session: Session,
  acked: Acknowledged,
  round: number,
): Promise<WriterRun> {
  let killed = false;
  let uploadsInFlight = 0;
  let ackedThisRound = 0;
  const failures: string[] = [];
  const killAfter = 40 + randomInt(60);

  const writeOne = async (writer: number, n: number) => {
    const tag = `r${round}-w${writer}-n${n}`;
    const kind = (writer + n) % 3;
    if (kind === 0) {
      const amount = `${randomInt(1, 100_000)}.${String(randomInt(100)).padStart(2, '0')}`;
      const response = await session.postJson(running.url, '/api/giving/donations', {
        partnerName: `Crash test ${tag}`,
        amount: Number(amount),
        donationType: 'one-time',
        notes: tag,
      });
      const { donation } = await expectOk<{ donation: { id: string; amount: string } }>(response, `donation ${tag}`);
      acked.donations.set(donation.id, donation.amount);
    } else if (kind === 1) {
      const content = `message ${tag} ${randomBytes(8).toString('hex')}`;
      const response = await session.postJson(running.url, '/api/chat/messages', {
        chatType: 'partner',
        partner: 'General Partners',
        content,
      });
      const { message } = await expectOk<{ message: { id: number } }>(response, `message ${tag}`);
      acked.messages.set(message.id, content);
    } else {
      const bytes = randomBytes(randomInt(1, 48 * 1024));
      uploadsInFlight++;
      try {
        const response = await session.upload(running.url, '/', `${tag}.bin`, bytes);
        const { file } = await expectOk<{ file: { id: string } }>(response, `upload ${tag}`);
        acked.files.set(file.id, sha256(bytes));
      } finally {
        if (!killed) uploadsInFlight--;
      }
    }
    if (++ackedThisRound === killAfter && !killed) {
      killed = true;
      await crash(running);
    }
  };

  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; !killed; n++) {
        try {
          await writeOne(writer, n);
        } catch (err) {
          if (!killed) failures.push(err instanceof Error ? err.message : String(err));
          if (!killed && failures.length > 5) {
            killed = true;
            await crash(running);
          }
        }
      }
    }),
  );
  return { uploadsInFlight, failures };
}

async function objectIds(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'storage', 'objects', 'files');
  return existsSync(dir) ? readdir(dir) : [];
}

describe.each(
  [
    { name: 'PGlite', postgres: false },
    { name: 'PostgreSQL', postgres: true },
  ].filter((t) => !t.postgres || process.env.TEST_DATABASE_URL),
)('kill -9 during acknowledged writes on $name', ({ postgres }) => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let env: Record<string, string>;
  let running: Running | undefined;

  beforeAll(async () => {
    data = await tempDir('portal-crash-');
    database = postgres ? await freshPostgres(process.env.TEST_DATABASE_URL!) : undefined;
    env = { DATA_DIR: data.dir, ...(database ? { DATABASE_URL: database.url } : {}) };
  });
  afterAll(async () => {
    running?.portal.kill();
    await running?.portal.exited;
    await database?.remove();
    await data?.remove();
  });

  it('keeps every acknowledged donation, message and upload, and no record without its object', async () => {
    const acked: Acknowledged = { donations: new Map(), messages: new Map(), files: new Map() };
    let uploadsCutShort = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      running = await launch(env);
      const session = await signIn(running.url, ADMIN.email, ADMIN.password);
      const run = await writeUntilKilled(running, session, acked, round);
      expect(run.failures).toEqual([]);
      uploadsCutShort += run.uploadsInFlight;
    }
    expect(acked.donations.size + acked.messages.size + acked.files.size).toBeGreaterThanOrEqual(80);

    // Restarted on the same data: every acknowledged upload downloads whole.
    running = await launch(env);
    const session = await signIn(running.url, ADMIN.email, ADMIN.password);
    for (const [id, digest] of acked.files) {
      const response = await session.get(running.url, `/api/files/${id}/download`);
      expect(response.status, `download of acknowledged file ${id}`).toBe(200);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(digest);
    }
    await stop(running);
    running = undefined;

    // The rows themselves, read straight from the database the server used.
    const db: Database = await openDatabase(
      database ? { kind: 'postgres', url: database.url } : { kind: 'pglite', dataDir: path.join(data.dir, 'db') },
      silentLogger,
    );
    try {
      const donationRows = await db.db
        .select({ id: donations.id, amount: donations.amount })
        .from(donations)
        .where(inArray(donations.id, [...acked.donations.keys()]));
      expect(new Map(donationRows.map((r) => [r.id, String(r.amount)]))).toEqual(acked.donations);

      const messageRows = await db.db
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(inArray(messages.id, [...acked.messages.keys()]));
      expect(new Map(messageRows.map((r) => [r.id, r.content]))).toEqual(acked.messages);

      // Consistency: every file record has its object; an object without a record can only be
      // an upload that was cut short, and the sweep removes exactly those.
      const fileRows = await db.db.select({ id: files.id }).from(files).where(ne(files.name, '.placeholder'));
      const rowIds = new Set(fileRows.map((r) => r.id));
      for (const id of acked.files.keys()) expect(rowIds.has(id), `record of acknowledged file ${id}`).toBe(true);
      const objects = new Set(await objectIds(data.dir));
      for (const id of rowIds) expect(objects.has(id), `object of file record ${id}`).toBe(true);
      const orphans = [...objects].filter((id) => !rowIds.has(id));
      expect(orphans.length).toBeLessThanOrEqual(uploadsCutShort);

      const removed = await sweepOrphanObjects(db.db, new DiskStorage(path.join(data.dir, 'storage')), { minAgeMs: 0 });
      expect(removed).toBe(orphans.length);
      expect(new Set(await objectIds(data.dir))).toEqual(rowIds);
    } finally {
      await db.close();
    }
  });
});

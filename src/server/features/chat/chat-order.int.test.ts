/**
 * The chat order lock (decisions 0123 and 0152): a statement that numbers a message (an insert,
 * or an update that sets its revision) takes the lock before it takes a number, through
 * migration 0035's trigger. So a message numbered after another that is not yet committed
 * waits for that commit, and numbers follow commit order. Two transactions at once need two
 * connections: PostgreSQL only (the embedded database has one).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#server/db/client';
import { runMigrations } from '#server/db/migrate';
import { messages } from '#server/db/schema';
import {
  closeSecondHandle,
  openSecondHandle,
  testDatabaseTargets,
  type OpenedTestDatabase,
} from '#test-support/test-database';
import { within } from '#test-support/within';
import { GENERAL } from '#test-support/features/chat-test-api';

const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');
/** Long enough for a statement that does not wait to have finished on a busy machine. */
const SETTLE_MS = 500;

describe.runIf(postgres)('the chat order lock (needs TEST_DATABASE_URL: two connections)', () => {
  let opened: OpenedTestDatabase;
  let second: Database;

  beforeAll(async () => {
    opened = await postgres!.open({ migrated: true });
    await runMigrations(opened.database);
    second = await openSecondHandle(opened);
  });
  afterAll(async () => {
    if (second) await closeSecondHandle(opened, second);
    await opened?.dispose();
  });

  const insert = (db: Db, content: string) =>
    db
      .insert(messages)
      .values({ ...GENERAL, content })
      .returning({ id: messages.id, revision: messages.revision })
      .then(([row]) => row!);

  /** Runs `write` on the second connection while `hold` has written, uncommitted, on the first. */
  async function whileHeld<T>(hold: (tx: Db) => Promise<unknown>, write: (db: Db) => Promise<T>) {
    let done = false;
    let pending: Promise<T> | undefined;
    const waited = await opened.database.db.transaction(async (tx) => {
      await hold(tx as unknown as Db);
      pending = write(second.db).finally(() => (done = true));
      // Not awaited here on purpose; a failure still surfaces when it is awaited below.
      pending.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return !done;
    });
    return { waited, result: await within(5000, 'the write after the commit', pending!) };
  }

  it('makes a message sent beside an uncommitted one wait for its commit, then numbers it after', async () => {
    let held = { id: 0, revision: 0 };
    const { waited, result } = await whileHeld(
      async (tx) => (held = await insert(tx, 'first, committed last')),
      (db) => insert(db, 'second'),
    );
    expect(waited).toBe(true);
    expect(result.id).toBeGreaterThan(held.id);
    expect(result.revision).toBeGreaterThan(held.revision);
  });

  it('makes a message sent beside an uncommitted edit wait, and gives it the later revision', async () => {
    const edited = await insert(opened.database.db, 'to be edited');
    let revised = 0;
    const { waited, result } = await whileHeld(
      async (tx) => {
        const [row] = await tx
          .update(messages)
          .set({ content: 'edited', revision: sql`nextval('message_revision_seq')` })
          .where(eq(messages.id, edited.id))
          .returning({ revision: messages.revision });
        revised = row!.revision;
      },
      (db) => insert(db, 'after the edit'),
    );
    expect(waited).toBe(true);
    expect(result.revision).toBeGreaterThan(revised);
  });

  it('lets an update that gives no new revision (a channel renamed by a partner merge) go without the lock', async () => {
    const renamed = await insert(opened.database.db, 'in a channel renamed');
    const { waited } = await whileHeld(
      (tx) => insert(tx, 'holds the lock'),
      (db) => db.update(messages).set({ partner: 'Renamed Partners' }).where(eq(messages.id, renamed.id)),
    );
    expect(waited).toBe(false);
  });
});

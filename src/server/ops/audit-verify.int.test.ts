import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, user } from '../db/schema';
import { recordChange } from '../service/changes';
import type { Db } from '../db/client';
import {
  closeSecondHandle,
  createTestApp,
  openSecondHandle,
  testDatabaseTargets,
  type TestApp,
} from '#test-support/test-database';
import { within } from '#test-support/within';
import { verifyAuditChain } from './audit-verify';

/**
 * The audit log's guarantees (issue 17, decision 0102), on both databases: the database refuses
 * to change or remove an entry, and the hash chain names the first entry altered or removed
 * by someone who got past that (a superuser turning the trigger off).
 */
describe.each(testDatabaseTargets())('the audit log on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const change = (n: number) => ({
    action: 'test.changed',
    subject: { type: 'test', id: String(n) },
    before: { n: n - 1 },
    after: { n, note: 'café, 😀 and "quotes"' },
  });
  /** Records test change `n` in its own transaction on `db`, or inside the open transaction `tx`. */
  const recordOn = (db: Db, n: number) => db.transaction((tx) => recordChange(tx as unknown as Db, null, change(n)));
  const record = (n: number, tx?: Db) => (tx ? recordChange(tx, null, change(n)) : recordOn(t.db, n));
  /** What only someone with the rights to turn the guard off can do. */
  const bypassingTheGuard = async (change: (db: Db) => Promise<unknown>) =>
    t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(sql`alter table activity disable trigger activity_append_only`);
      await change(db);
      await db.execute(sql`alter table activity enable trigger activity_append_only`);
    });
  const entries = () => t.db.select().from(activity).orderBy(activity.seq);

  it('numbers and chains every entry, and the chain verifies', async () => {
    for (let n = 1; n <= 5; n += 1) await record(n);
    const rows = await entries();
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]!.prevHash).toBeNull();
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(await verifyAuditChain(t.db)).toEqual({ entries: 5, startsAt: null, broken: null });
  });

  /** The database's own message of a refused statement (drizzle wraps it as the cause). */
  const refusalOf = async (statement: PromiseLike<unknown>) => {
    try {
      await statement;
    } catch (err) {
      return String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
    }
    return 'not refused';
  };

  it('refuses to update, delete or empty the log', async () => {
    const [first] = await entries();
    const refused = /^the audit log is append-only/;
    expect(
      await refusalOf(t.db.update(activity).set({ action: 'rewritten' }).where(eq(activity.id, first!.id))),
    ).toMatch(refused);
    expect(await refusalOf(t.db.delete(activity).where(eq(activity.id, first!.id)))).toMatch(refused);
    expect(await refusalOf(t.db.execute(sql`truncate activity cascade`))).toMatch(refused);
    expect((await entries())[0]).toEqual(first);
  });

  it('seals an entry at commit, whatever number or hash it was given, and allows no other change before then', async () => {
    const before = await entries();
    let forgedId: number | undefined;
    const refusal = await refusalOf(
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(activity)
          .values({ action: 'test.forged', subjectType: 'test', subjectId: 'f', seq: 1, prevHash: 'x', hash: 'y' })
          .returning();
        // Not yet sealed inside its own transaction: the insert trigger cleared what was given.
        expect(row).toMatchObject({ seq: null, prevHash: null, hash: null });
        forgedId = row!.id;
        // The one update the log allows is the seal's: not even before it can the content change.
        await tx.update(activity).set({ action: 'test.rewritten', seq: 99 }).where(eq(activity.id, row!.id));
      }),
    );
    expect(refusal).toMatch(/^the audit log is append-only/);
    expect(await t.db.select().from(activity).where(eq(activity.id, forgedId!))).toEqual([]);

    await t.db
      .insert(activity)
      .values({ action: 'test.forged', subjectType: 'test', subjectId: 'g', seq: 1, hash: 'y' });
    const after = await entries();
    expect(after.map((r) => r.seq)).toEqual([...before.map((r) => r.seq), before.length + 1]);
    expect(after.at(-1)!.prevHash).toBe(before.at(-1)!.hash);
    expect(await verifyAuditChain(t.db)).toEqual({ entries: before.length + 1, startsAt: null, broken: null });
    // Sealed, it cannot be renumbered.
    expect(
      await refusalOf(
        t.db
          .update(activity)
          .set({ seq: 1000 })
          .where(eq(activity.id, after.at(-1)!.id)),
      ),
    ).toMatch(/^the audit log is append-only/);
  });

  // One connection on the embedded database: its transactions never overlap.
  if (target.name === 'postgres')
    it('numbers entries in commit order, and a change does not wait for another still open (decision 0138)', async () => {
      const second = await openSecondHandle(t.opened);
      try {
        const first = await t.db.transaction(async (tx) => {
          const early = await record(1000, tx as unknown as Db);
          // Under the old insert trigger this waited for the chain's lock, held until the outer
          // transaction's commit, which waits for it.
          const late = await within(5000, 'a change beside another still open', recordOn(second.db, 1001));
          return { early, late };
        });
        const [early] = await t.db.select().from(activity).where(eq(activity.id, first.early));
        const [late] = await t.db.select().from(activity).where(eq(activity.id, first.late));
        expect(early!.seq).toBe(late!.seq! + 1);
        expect(early!.prevHash).toBe(late!.hash);
        expect((await verifyAuditChain(t.db)).broken).toBeNull();
      } finally {
        await closeSecondHandle(t.opened, second);
      }
    });

  it('keeps the entries of a person who is deleted, with their id', async () => {
    const person = await t.createUser({ email: 'leaving@example.org', password: 'long-secret' });
    const cookie = await t.signIn(person.email, person.password);
    const created = await t.postJson('/api/tasks', { title: 'Before leaving' }, { cookie });
    expect(created.status).toBe(201);
    await t.db.delete(user).where(eq(user.id, person.id));
    const kept = await t.db.select().from(activity).where(eq(activity.actorId, person.id)).orderBy(activity.seq);
    expect(kept.map((e) => e.action)).toEqual(['sign_in.succeeded', 'task.created']);
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
  });

  it('names the first entry whose content was altered', async () => {
    const rows = await entries();
    const victim = rows[2]!;
    await bypassingTheGuard((db) =>
      db
        .update(activity)
        .set({ after: { n: 1_000_000 } })
        .where(eq(activity.id, victim.id)),
    );
    const result = await verifyAuditChain(t.db);
    expect(result.broken).toEqual({
      seq: victim.seq,
      id: victim.id,
      reason: 'its content does not match its hash (altered)',
    });
    expect(result.entries).toBe(2);
    // Restored as it was, the chain holds again.
    await bypassingTheGuard((db) => db.update(activity).set({ after: victim.after }).where(eq(activity.id, victim.id)));
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
  });

  it('names the entry after one that was removed, even when its hash was re-made to fit', async () => {
    const rows = await entries();
    const removed = rows[3]!;
    const next = rows[4]!;
    await bypassingTheGuard((db) => db.delete(activity).where(eq(activity.id, removed.id)));
    expect((await verifyAuditChain(t.db)).broken).toEqual({
      seq: next.seq,
      id: next.id,
      reason: `entry ${removed.seq} before it is missing (removed)`,
    });
    // Renumbering the rest to hide the gap breaks the link instead.
    await bypassingTheGuard((db) => db.execute(sql`update activity set seq = seq - 1 where seq > ${removed.seq!}`));
    expect((await verifyAuditChain(t.db)).broken).toMatchObject({
      seq: removed.seq,
      id: next.id,
      reason: 'its link to the entry before does not match',
    });
  });
});

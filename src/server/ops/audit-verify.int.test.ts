import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, user } from '../db/schema';
import { recordChange } from '../service/changes';
import type { Db } from '../db/client';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
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

  const record = (n: number) =>
    t.db.transaction((tx) =>
      recordChange(tx as unknown as Db, null, {
        action: 'test.changed',
        subject: { type: 'test', id: String(n) },
        before: { n: n - 1 },
        after: { n, note: 'café, 😀 and "quotes"' },
      }),
    );
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

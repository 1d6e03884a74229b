import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, idempotencyKeys, messages, partnerContacts, tasks } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { IDEMPOTENCY_MESSAGES, pruneIdempotencyKeys } from './idempotency';

// The Idempotency-Key an offline queue sends with its writes (issue 24, decision 0129).
describe.each(testDatabaseTargets())('idempotency keys on $name', (target) => {
  let t: TestApp;
  let sam: TestUser;
  let ruth: TestUser;
  const cookies: Record<string, string> = {};
  let partnerId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', fullName: 'Sam Reed' });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Bell' });
    cookies[sam.id] = await t.signIn(sam.email, sam.password);
    cookies[ruth.id] = await t.signIn(ruth.email, ruth.password);
    const created = await t.postJson(
      '/api/partners',
      { name: 'Hope Chapel', email: 'hope@example.org' },
      { cookie: cookies[sam.id]! },
    );
    expect(created.status).toBe(201);
    partnerId = ((await created.json()) as { partner: { id: string } }).partner.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (u: TestUser, method: string, path: string, body: unknown, key?: string) =>
    t.sendJson(method, path, body, { cookie: cookies[u.id]!, ...(key ? { 'idempotency-key': key } : {}) });
  const message = (content: string) => ({ chatType: 'coordinator', partner: 'All Coordinators', content });
  const messagesWith = async (content: string) =>
    (await t.db.select({ n: count() }).from(messages).where(eq(messages.content, content)))[0]!.n;
  const activityCount = async () => (await t.db.select({ n: count() }).from(activity))[0]!.n;
  const keysOf = async (u: TestUser) =>
    (await t.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, u.id)))[0]!.n;

  it('answers a resent chat message with the first answer and writes it once', async () => {
    const key = 'chat-0001-aaaa';
    const before = await activityCount();
    const first = await send(sam, 'POST', '/api/chat/messages', message('Sent from the basement'), key);
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await send(sam, 'POST', '/api/chat/messages', message('Sent from the basement'), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(await messagesWith('Sent from the basement')).toBe(1);
    expect(await activityCount()).toBe(before + 1);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const key = 'chat-0002-bbbb';
    expect((await send(sam, 'POST', '/api/chat/messages', message('First words'), key)).status).toBe(201);
    const before = await activityCount();
    const other = await send(sam, 'POST', '/api/chat/messages', message('Other words'), key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: string }).error).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await messagesWith('Other words')).toBe(0);
    expect(await activityCount()).toBe(before);
    // The same key on another route is another request too.
    const elsewhere = await send(sam, 'POST', '/api/tasks', { title: 'First words' }, key);
    expect(elsewhere.status).toBe(422);
  });

  it('keeps each person’s keys apart', async () => {
    const key = 'shared-key-cccc';
    expect((await send(sam, 'POST', '/api/chat/messages', message('Sam says hi'), key)).status).toBe(201);
    expect((await send(ruth, 'POST', '/api/chat/messages', message('Ruth says hi'), key)).status).toBe(201);
    expect(await messagesWith('Sam says hi')).toBe(1);
    expect(await messagesWith('Ruth says hi')).toBe(1);
  });

  it('creates and completes a task once, and logs a contact once, whatever the resends', async () => {
    const create = { title: 'Call the deacons offline' };
    const made = await send(sam, 'POST', '/api/tasks', create, 'task-create-0001');
    const remade = await send(sam, 'POST', '/api/tasks', create, 'task-create-0001');
    expect([made.status, remade.status]).toEqual([201, 201]);
    const task = ((await made.json()) as { task: { id: string } }).task;
    expect(((await remade.json()) as { task: { id: string } }).task.id).toBe(task.id);
    expect((await t.db.select({ n: count() }).from(tasks).where(eq(tasks.title, create.title)))[0]!.n).toBe(1);

    const before = await activityCount();
    const done = { status: 'completed' };
    expect((await send(sam, 'PATCH', `/api/tasks/${task.id}`, done, 'task-check-0001')).status).toBe(200);
    expect((await send(sam, 'PATCH', `/api/tasks/${task.id}`, done, 'task-check-0001')).status).toBe(200);
    expect(await activityCount()).toBe(before + 1);

    const contact = { kind: 'visit', date: '2026-11-20', body: 'Visited in the rain' };
    const path = `/api/partners/${partnerId}/contacts`;
    expect((await send(sam, 'POST', path, contact, 'contact-0001-x')).status).toBe(201);
    expect((await send(sam, 'POST', path, contact, 'contact-0001-x')).status).toBe(201);
    const logged = await t.db
      .select({ n: count() })
      .from(partnerContacts)
      .where(and(eq(partnerContacts.partnerId, partnerId), eq(partnerContacts.body, contact.body)));
    expect(logged[0]!.n).toBe(1);
  });

  it('keeps no key for a refused write, so a corrected resend is answered afresh', async () => {
    const key = 'refused-0001-dd';
    const refused = await send(sam, 'POST', '/api/chat/messages', message('   '), key);
    expect(refused.status).toBe(400);
    const corrected = await send(sam, 'POST', '/api/chat/messages', message('Now with words'), key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const before = await keysOf(sam);
    const response = await send(sam, 'POST', '/api/chat/messages', message('Bad key'), 'short');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(IDEMPOTENCY_MESSAGES.badKey);
    expect(await messagesWith('Bad key')).toBe(0);
    expect(await keysOf(sam)).toBe(before);
  });

  it('removes keys older than seven days in the hourly clean-up', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000);
    await t.db.insert(idempotencyKeys).values([
      { userId: ruth.id, key: 'old-key-0001', route: 'POST /api/tasks', requestHash: 'x', createdAt: old },
      { userId: ruth.id, key: 'new-key-0001', route: 'POST /api/tasks', requestHash: 'x', createdAt: now },
    ]);
    expect(await pruneIdempotencyKeys(t.db, now)).toBe(1);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, ruth.id));
    expect(left.map((r) => r.key)).toContain('new-key-0001');
    expect(left.map((r) => r.key)).not.toContain('old-key-0001');
  });
});

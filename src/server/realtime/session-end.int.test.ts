import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../db/schema';
import { openRealtimeStream, type readSse } from '#test-support/sse';
import { MAX_STREAMS_PER_SESSION, TOO_MANY_STREAMS } from './routes';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

/**
 * Issue 26, item 2: a realtime stream ends with its session. The probe signed out with a stream
 * open and kept receiving every chat message, VIP channels included, a minute later.
 */
describe.each(testDatabaseTargets())('a session that ends closes its realtime streams, on $name', (target) => {
  let t: TestApp;
  let sender: TestUser;
  let senderCookie: string;
  const readers: ReturnType<typeof readSse>[] = [];
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(target);
    sender = await t.createUser({ email: 'sender@example.org', password: 'sender-secret', role: 'admin' });
    senderCookie = await t.signIn(sender.email, sender.password);
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function listener() {
    serial += 1;
    const person = await t.createUser({ email: `listener-${serial}@example.org`, password: `secret-${serial}` });
    const cookie = await t.signIn(person.email, person.password);
    return { person, cookie };
  }
  const openStream = (cookie: string) => openRealtimeStream(t.app, cookie, readers);
  const sendVipMessage = (content: string) =>
    t.postJson(
      '/api/chat/messages',
      { content, partner: 'Cardholders Group', chatType: 'cardholder_success' },
      {
        cookie: senderCookie,
      },
    );

  it('signing out ends the stream at once: told why, then closed, and no later message reaches it', async () => {
    const { person, cookie } = await listener();
    const stream = await openStream(cookie);
    expect((await sendVipMessage('before sign-out')).status).toBe(201);
    expect((await stream.next()).event).toBe('chat.message');

    const signOut = await t.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie, origin: t.deps.config.BASE_URL },
    });
    expect(signOut.status).toBe(200);

    const told = await stream.next(2000);
    expect({ event: told.event, data: JSON.parse(told.data) as unknown }).toEqual({
      event: 'sessions.ended',
      data: { type: 'sessions.ended', userId: person.id },
    });
    expect(await stream.ended(2000)).toBe(true);
    expect((await sendVipMessage('after sign-out')).status).toBe(201);
    await expect(stream.next(500)).rejects.toThrow();
  });

  it("leaves the person's other sessions streaming", async () => {
    const { person, cookie } = await listener();
    const otherDevice = await t.signIn(person.email, `secret-${serial}`);
    const leaving = await openStream(cookie);
    const staying = await openStream(otherDevice);

    await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie, origin: t.deps.config.BASE_URL } });

    expect((await leaving.next(2000)).event).toBe('sessions.ended');
    expect((await sendVipMessage('for the other device')).status).toBe(201);
    expect((await staying.next(2000)).event).toBe('chat.message');
  });

  it('a session deleted any other way (an admin ending it, the account deleted) ends its stream too', async () => {
    const first = await listener();
    const ended = await openStream(first.cookie);
    await t.db.delete(session).where(eq(session.userId, first.person.id));
    expect((await ended.next(2000)).event).toBe('sessions.ended');
    expect(await ended.ended(2000)).toBe(true);

    const second = await listener();
    const deleted = await openStream(second.cookie);
    await t.db.delete(user).where(eq(user.id, second.person.id));
    expect((await deleted.next(2000)).event).toBe('sessions.ended');
    expect(await deleted.ended(2000)).toBe(true);
  });

  it('refuses more streams than one session needs, and takes one again when a tab closes (item 8)', async () => {
    const { cookie } = await listener();
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) open.push(await openStream(cookie));
    const refused = await t.app.request('/api/realtime', { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY_STREAMS });
    // Another session of the same person is counted on its own.
    const otherDevice = await t.signIn(`listener-${serial}@example.org`, `secret-${serial}`);
    await openStream(otherDevice);

    await open[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await openStream(cookie);
  });

  it('announces nothing for a delete that is rolled back', async () => {
    const { person, cookie } = await listener();
    const stream = await openStream(cookie);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(session).where(eq(session.userId, person.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await sendVipMessage('still listening')).status).toBe(201);
    expect((await stream.next(2000)).event).toBe('chat.message');
    expect((await t.request('/api/me', { headers: { cookie } })).status).toBe(200);
  });
});

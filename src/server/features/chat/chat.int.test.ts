import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { coordinatorPermissions, messages, partners } from '#server/db/schema';
import { createDeps } from '#server/deps';
import { readSse, type SseMessage } from '#test-support/sse';
import {
  closeSecondHandle,
  createTestApp,
  openSecondHandle,
  silentLogger,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';
import type { ChatMessage } from '#shared/chat';
import { REPLAY_LIMIT } from './service';

const GENERAL = { chatType: 'partner', partner: 'General Partners' } as const;
const VIP_GROUP = { chatType: 'cardholder_success', partner: 'Cardholders Group' } as const;

describe.each(testDatabaseTargets())('chat on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let coordinator: TestUser;
  let noVip: TestUser;
  let noChat: TestUser;
  let nameless: TestUser;
  const cookies: Record<string, string> = {};
  const readers: ReturnType<typeof readSse>[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.createUser({
      email: 'admin@example.org',
      password: 'admin-secret',
      role: 'admin',
      fullName: 'Grace Admin',
    });
    coordinator = await t.createUser({
      email: 'sam@example.org',
      password: 'sam-secret',
      role: 'coordinator',
      fullName: 'Sam Coordinator',
    });
    noVip = await t.createUser({ email: 'novip@example.org', password: 'novip-secret', fullName: 'No Vip' });
    noChat = await t.createUser({ email: 'nochat@example.org', password: 'nochat-secret' });
    nameless = await t.createUser({ email: 'nameless@example.org', password: 'nameless-secret' });
    await t.db.insert(coordinatorPermissions).values([
      { userId: noVip.id, feature: 'cardholder_success', enabled: false },
      { userId: noChat.id, feature: 'chat', enabled: false },
    ]);
    await t.db.insert(partners).values([
      { name: 'Esther Kim', email: 'esther@example.com', zone: 'West', cardholderStatus: true, status: 'active' },
      {
        name: 'Former Cardholder',
        email: 'former@example.com',
        zone: 'North',
        cardholderStatus: true,
        status: 'inactive',
      },
      { name: 'Plain Partner', email: 'plain@example.com', zone: 'South', cardholderStatus: false, status: 'active' },
      {
        name: 'Archived Cardholder',
        email: 'archived@example.com',
        zone: 'East',
        cardholderStatus: true,
        status: 'active',
        archivedAt: new Date(),
      },
    ]);
    for (const u of [admin, coordinator, noVip, noChat, nameless]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close().catch(() => {});
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const list = (u: TestUser, channel: { chatType: string; partner: string }) =>
    t.request(`/api/chat/messages?${new URLSearchParams(channel)}`, { headers: as(u) });
  const send = (u: TestUser, channel: { chatType: string; partner: string }, content: string) =>
    t.postJson('/api/chat/messages', { ...channel, content }, as(u));
  const messageCount = async () => (await t.db.select({ n: count() }).from(messages))[0]!.n;

  async function openStream(u: TestUser, headers: Record<string, string> = {}, app = t.app) {
    const response = await app.request('/api/realtime', { headers: { ...as(u), ...headers } });
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    expect(await reader.next()).toMatchObject({ event: 'ready' });
    return reader;
  }
  const chatEvent = (m: SseMessage) => {
    expect(m.event).toBe('chat.message');
    const { message } = JSON.parse(m.data) as { message: ChatMessage };
    expect(m.id).toBe(String(message.id));
    return message;
  };
  /**
   * The next message at or after `fromId`: a stream opened just after an earlier test's send can
   * still be handed that message, whose notice reached the bus late on a busy machine (the CI run
   * beside other work got id 6 before this test's 7).
   */
  const nextFrom = async (stream: { next(): Promise<SseMessage> }, fromId: number) => {
    for (;;) {
      const message = chatEvent(await stream.next());
      if (message.id >= fromId) return message;
    }
  };

  it('answers 401 without a session and 403 without the chat permission', async () => {
    expect((await t.request(`/api/chat/messages?${new URLSearchParams(GENERAL)}`)).status).toBe(401);
    expect((await t.postJson('/api/chat/messages', { ...GENERAL, content: 'hi' })).status).toBe(401);
    const refused = await send(noChat, GENERAL, 'let me in');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'You do not have permission to do this.' });
    expect((await list(noChat, GENERAL)).status).toBe(403);
  });

  it('sends to a channel and lists it oldest first, with the sender named in the same answer', async () => {
    const first = await send(
      coordinator,
      { chatType: 'coordinator', partner: 'Zone Leaders' },
      '  North zone report is in  ',
    );
    expect(first.status).toBe(201);
    const { message } = (await first.json()) as { message: ChatMessage };
    expect(message).toMatchObject({
      content: 'North zone report is in',
      chatType: 'coordinator',
      partner: 'Zone Leaders',
      userId: coordinator.id,
      userName: 'Sam Coordinator',
      userEmail: coordinator.email,
    });
    await send(admin, { chatType: 'coordinator', partner: 'Zone Leaders' }, 'Thank you, Sam');
    const meToo = await send(nameless, { chatType: 'coordinator', partner: 'Zone Leaders' }, 'Me too');
    // The answer names the sender as the list does (its insert reads the name itself).
    expect(((await meToo.json()) as { message: ChatMessage }).message.userName).toBe(nameless.email);

    const listed = (await (await list(admin, { chatType: 'coordinator', partner: 'Zone Leaders' })).json()) as {
      messages: ChatMessage[];
    };
    expect(listed.messages.map((m) => [m.content, m.userName])).toEqual([
      ['North zone report is in', 'Sam Coordinator'],
      ['Thank you, Sam', 'Grace Admin'],
      // No full name: the email stands in (SPEC "messages").
      ['Me too', nameless.email],
    ]);
    // Other channels, and the same name under another type, are separate.
    const other = (await (await list(admin, { chatType: 'coordinator', partner: 'Events Team' })).json()) as {
      messages: ChatMessage[];
    };
    expect(other.messages).toEqual([]);
  });

  it('refuses bad input with a readable message and writes nothing', async () => {
    const before = await messageCount();
    const cases: [unknown, number, string][] = [
      [{ ...GENERAL, content: '   ' }, 400, 'Message cannot be empty'],
      [{ ...GENERAL, content: 'x'.repeat(4001) }, 400, 'Messages are limited to 4000 characters'],
      [{ chatType: 'vip', partner: 'General Partners', content: 'hi' }, 400, 'Unknown channel type'],
      [{ chatType: 'partner', partner: 'Zone Leaders', content: 'hi' }, 404, 'Channel not found'],
      [{ chatType: 'partner', partner: 'Secret Room', content: 'hi' }, 404, 'Channel not found'],
      [{ chatType: 'cardholder_success', partner: 'Former Cardholder', content: 'hi' }, 404, 'Channel not found'],
      [{ chatType: 'cardholder_success', partner: 'Plain Partner', content: 'hi' }, 404, 'Channel not found'],
      // Archived (issue 20): gone from the list, and not reachable by a direct link either.
      [{ chatType: 'cardholder_success', partner: 'Archived Cardholder', content: 'hi' }, 404, 'Channel not found'],
    ];
    for (const [body, status, error] of cases) {
      const response = await t.postJson('/api/chat/messages', body, as(coordinator));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect(await messageCount()).toBe(before);
    // 4,000 characters is allowed.
    expect((await send(coordinator, GENERAL, 'y'.repeat(4000))).status).toBe(201);
  });

  it('keeps VIP channels and the cardholder list to cardholder_success holders', async () => {
    const before = await messageCount();
    expect((await send(noVip, VIP_GROUP, 'can I?')).status).toBe(403);
    expect((await list(noVip, VIP_GROUP)).status).toBe(403);
    const cardholders = await t.request('/api/chat/cardholders', { headers: as(noVip) });
    expect(cardholders.status).toBe(403);
    expect(await cardholders.json()).toEqual({ error: 'You do not have permission to do this.' });
    expect(await messageCount()).toBe(before);

    expect((await send(coordinator, VIP_GROUP, 'Welcome, cardholders')).status).toBe(201);
    expect(
      (await send(coordinator, { chatType: 'cardholder_success', partner: 'Esther Kim' }, 'Hello Esther')).status,
    ).toBe(201);
    const allowed = (await (await t.request('/api/chat/cardholders', { headers: as(coordinator) })).json()) as {
      cardholders: { name: string; zone: string }[];
    };
    // Active cardholders only: not the inactive or archived one, not a plain partner.
    expect(allowed.cardholders.map((c) => [c.name, c.zone])).toEqual([['Esther Kim', 'West']]);
  });

  it('delivers a message live to every permitted stream, and a VIP message only to VIP holders', async () => {
    const sams = await openStream(coordinator);
    const noVips = await openStream(noVip);
    const vip = (await (await send(admin, VIP_GROUP, 'VIP only')).json()) as { message: ChatMessage };
    const open = (await (await send(admin, GENERAL, 'For everyone')).json()) as { message: ChatMessage };

    expect(await nextFrom(sams, vip.message.id)).toEqual(vip.message);
    expect(chatEvent(await sams.next())).toEqual(open.message);
    // The first thing of this test the reader without VIP access sees is the open message.
    expect(await nextFrom(noVips, vip.message.id)).toEqual(open.message);
  });

  it('delivers a message sent through one instance to a stream on another', async () => {
    const secondDatabase = await openSecondHandle(t.opened);
    const secondDeps = await createDeps(t.deps.config, secondDatabase, silentLogger);
    try {
      const secondApp = createApp(secondDeps);
      const onSecond = await openStream(coordinator, {}, secondApp);
      const sent = (await (await send(admin, GENERAL, 'across instances')).json()) as { message: ChatMessage };
      expect(chatEvent(await onSecond.next())).toEqual(sent.message);

      // Concurrent sends through both instances still arrive once each, in id order: the
      // order a reconnecting tab's cursor relies on.
      const sendVia = (app: typeof t.app, i: number) =>
        app.request('/api/chat/messages', {
          method: 'POST',
          headers: { ...as(admin), 'content-type': 'application/json', origin: t.deps.config.BASE_URL },
          body: JSON.stringify({ ...GENERAL, content: `burst ${i}` }),
        });
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => sendVia(i % 2 ? secondApp : t.app, i)));
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push(chatEvent(await onSecond.next()).id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(30);
      await onSecond.close();
    } finally {
      for (const end of secondDeps.streams) end();
      secondDeps.stopTimers();
      await secondDeps.bus.stop();
      await closeSecondHandle(t.opened, secondDatabase);
    }
  });

  it('gives a reconnecting stream exactly the messages it missed, in order, then live ones without duplicates', async () => {
    const before = await openStream(coordinator);
    const seen = (await (await send(admin, GENERAL, 'last one seen')).json()) as { message: ChatMessage };
    expect(chatEvent(await before.next()).id).toBe(seen.message.id);
    await before.close();

    const missed: ChatMessage[] = [];
    for (let i = 0; i < 50; i++) {
      const channel = i % 2 === 0 ? GENERAL : { chatType: 'coordinator', partner: 'All Coordinators' };
      missed.push(((await (await send(admin, channel, `missed ${i}`)).json()) as { message: ChatMessage }).message);
    }

    const after = await openStream(coordinator, { 'last-event-id': String(seen.message.id) });
    for (const expected of missed) expect(chatEvent(await after.next())).toEqual(expected);
    const live = (await (await send(admin, GENERAL, 'back online')).json()) as { message: ChatMessage };
    expect(chatEvent(await after.next())).toEqual(live.message);

    // The query-string cursor (used when the client reconnects by itself) works the same way.
    const viaQuery = await t.app.request(`/api/realtime?lastEventId=${missed[48]!.id}`, { headers: as(coordinator) });
    const reader = readSse(viaQuery);
    readers.push(reader);
    expect((await reader.next()).event).toBe('ready');
    expect(chatEvent(await reader.next())).toEqual(missed[49]);
    expect(chatEvent(await reader.next())).toEqual(live.message);
  });

  it('does not replay VIP messages to a reader without cardholder_success', async () => {
    const stream = await openStream(noVip);
    const cursor = ((await (await send(admin, GENERAL, 'cursor')).json()) as { message: ChatMessage }).message.id;
    expect(chatEvent(await stream.next()).id).toBe(cursor);
    await stream.close();
    await send(admin, VIP_GROUP, 'secret');
    const visible = ((await (await send(admin, GENERAL, 'visible')).json()) as { message: ChatMessage }).message;
    const again = await openStream(noVip, { 'last-event-id': String(cursor) });
    expect(chatEvent(await again.next())).toEqual(visible);
  });

  it(`tells a tab that missed more than ${REPLAY_LIMIT} messages to reload instead`, async () => {
    const cursor = ((await (await send(admin, GENERAL, 'before the flood')).json()) as { message: ChatMessage }).message
      .id;
    await t.db.insert(messages).values(
      Array.from({ length: REPLAY_LIMIT + 5 }, (_, i) => ({
        content: `flood ${i}`,
        userId: admin.id,
        partner: 'General Partners',
        chatType: 'partner' as const,
      })),
    );
    const stream = await openStream(coordinator, { 'last-event-id': String(cursor) });
    let last = cursor;
    for (let i = 0; i < REPLAY_LIMIT; i++) {
      const message = chatEvent(await stream.next());
      expect(message.id).toBeGreaterThan(last);
      last = message.id;
    }
    expect((await stream.next()).event).toBe('chat.resync');
    await stream.close();
    const [row] = await t.db.select({ n: count() }).from(messages).where(eq(messages.partner, 'General Partners'));
    expect(row!.n).toBeGreaterThan(REPLAY_LIMIT);
  });
});

import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, chatReads, coordinatorPermissions, messageAttachments, messages, partners } from '#server/db/schema';
import { readSse, type SseMessage } from '#test-support/sse';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { ChannelPage, ChannelUnread, ChatMessage } from '#shared/chat';

const GENERAL = { chatType: 'partner', partner: 'General Partners' } as const;
const PRAYER = { chatType: 'partner', partner: 'Prayer Partners' } as const;
const VIP_GROUP = { chatType: 'cardholder_success', partner: 'Cardholders Group' } as const;

describe.each(testDatabaseTargets())('chat edits, deletes, reads, mentions and history on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let noVip: TestUser;
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
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', fullName: 'Sam Coordinator' });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Miller' });
    noVip = await t.createUser({ email: 'novip@example.org', password: 'novip-secret', fullName: 'Nora Plain' });
    await t.db
      .insert(coordinatorPermissions)
      .values([{ userId: noVip.id, feature: 'cardholder_success', enabled: false }]);
    await t.db
      .insert(partners)
      .values([
        { name: 'Esther Kim', email: 'esther@example.com', zone: 'West', cardholderStatus: true, status: 'active' },
      ]);
    for (const u of [admin, sam, ruth, noVip]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close().catch(() => {});
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const send = async (u: TestUser, channel: { chatType: string; partner: string }, content: string) => {
    const response = await t.postJson('/api/chat/messages', { ...channel, content }, as(u));
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { message: ChatMessage }).message;
  };
  const edit = (u: TestUser, id: number, content: unknown) =>
    t.sendJson('PATCH', `/api/chat/messages/${id}`, { content }, as(u));
  const remove = (u: TestUser, id: number) =>
    t.request(`/api/chat/messages/${id}`, { method: 'DELETE', headers: as(u) });
  const page = async (u: TestUser, query: Record<string, string>) => {
    const response = await t.request(`/api/chat/messages?${new URLSearchParams(query)}`, { headers: as(u) });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ChannelPage;
  };
  const unread = async (u: TestUser) => {
    const response = await t.request('/api/chat/unread', { headers: as(u) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { channels: ChannelUnread[] }).channels;
  };
  const unreadIn = async (u: TestUser, channel: { chatType: string; partner: string }) =>
    (await unread(u)).find((c) => c.chatType === channel.chatType && c.partner === channel.partner);
  const markRead = (u: TestUser, channel: { chatType: string; partner: string }, lastReadId: number) =>
    t.postJson('/api/chat/read', { ...channel, lastReadId }, as(u));
  const snapshotOf = async () =>
    JSON.stringify(await t.db.select().from(messages).orderBy(messages.id)) +
    JSON.stringify((await t.db.select({ n: count() }).from(activity))[0]);

  async function openStream(u: TestUser, headers: Record<string, string> = {}) {
    const response = await t.app.request('/api/realtime', { headers: { ...as(u), ...headers } });
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    expect(await reader.next()).toMatchObject({ event: 'ready' });
    return reader;
  }
  const chatEvent = (m: SseMessage) => {
    expect(m.event).toBe('chat.message');
    const { message } = JSON.parse(m.data) as { message: ChatMessage };
    expect(m.id).toBe(String(message.revision));
    return message;
  };

  describe('edit and delete', () => {
    it('lets the author edit their message: new text, edited, a higher revision, announced', async () => {
      const sent = await send(sam, GENERAL, 'Meeting at 7');
      const stream = await openStream(ruth);
      const response = await edit(sam, sent.id, '  Meeting at 8  ');
      expect(response.status).toBe(200);
      const { message } = (await response.json()) as { message: ChatMessage };
      expect(message).toMatchObject({ id: sent.id, content: 'Meeting at 8', deletedAt: null });
      expect(message.editedAt).not.toBeNull();
      expect(message.revision).toBeGreaterThan(sent.revision);
      // On PostgreSQL the send's own notification may reach the stream opened just after it.
      let announced = chatEvent(await stream.next());
      if (announced.revision === sent.revision) announced = chatEvent(await stream.next());
      expect(announced).toEqual(message);
      const [row] = await t.db.select().from(activity).where(eq(activity.action, 'message.edited'));
      expect(row).toMatchObject({ actorId: sam.id, subjectId: String(sent.id) });
      // The record keeps the channel, not the text.
      expect(JSON.stringify(row!.after)).not.toContain('Meeting');
    });

    it("refuses an edit of someone else's message, even by an admin, and bad edits, changing nothing", async () => {
      const sent = await send(sam, GENERAL, 'Mine to change');
      const before = await snapshotOf();
      const cases: [TestUser, number | string, unknown, number, string][] = [
        [ruth, sent.id, 'hijacked', 403, 'You can only edit your own messages.'],
        [admin, sent.id, 'hijacked', 403, 'You can only edit your own messages.'],
        [sam, sent.id, '   ', 400, 'Message cannot be empty'],
        [sam, sent.id, 'x'.repeat(4001), 400, 'Messages are limited to 4000 characters'],
        [sam, sent.id, 42, 400, 'Invalid input: expected string, received number'],
        [sam, 987654321, 'nothing there', 404, 'Message not found'],
        [sam, 'abc', 'nothing there', 400, 'Invalid message id'],
        [sam, -3, 'nothing there', 400, 'Invalid message id'],
      ];
      for (const [who, id, content, status, error] of cases) {
        const response = await t.sendJson('PATCH', `/api/chat/messages/${id}`, { content }, as(who));
        expect(response.status, `${String(id)} ${String(content).slice(0, 20)}`).toBe(status);
        expect(((await response.json()) as { error: string }).error).toBe(error);
      }
      expect(await snapshotOf()).toBe(before);
    });

    it('lets the author delete: no text anywhere, "deleted" kept in place, attachments rows gone', async () => {
      const sent = await send(ruth, GENERAL, 'A secret I regret');
      await t.db.insert(messageAttachments).values({
        messageId: sent.id,
        storageKey: `chat-attachments/${crypto.randomUUID()}`,
        name: 'regret.txt',
        size: 3,
        mimeType: 'text/plain',
      });
      const stream = await openStream(sam);
      const response = await remove(ruth, sent.id);
      expect(response.status).toBe(200);
      const { message } = (await response.json()) as { message: ChatMessage };
      expect(message).toMatchObject({ id: sent.id, content: '', attachments: [] });
      expect(message.deletedAt).not.toBeNull();
      expect(chatEvent(await stream.next())).toEqual(message);
      const listed = (await page(sam, GENERAL)).messages.find((m) => m.id === sent.id);
      expect(listed).toEqual(message);
      expect(await t.db.select().from(messageAttachments).where(eq(messageAttachments.messageId, sent.id))).toEqual([]);
      const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.id));
      expect(row).toMatchObject({ content: '', deletedBy: ruth.id });
      // Nor in the activity record.
      const records = await t.db
        .select()
        .from(activity)
        .where(eq(activity.subjectId, String(sent.id)));
      expect(JSON.stringify(records)).not.toContain('regret');
      // Deleted is final: no edit, no second delete.
      expect((await edit(ruth, sent.id, 'back')).status).toBe(409);
      expect((await remove(ruth, sent.id)).status).toBe(409);
    });

    it("lets an admin delete anyone's message, and nobody else", async () => {
      const sent = await send(sam, GENERAL, 'Off-topic');
      const before = await snapshotOf();
      const refused = await remove(ruth, sent.id);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'You can only delete your own messages.' });
      expect(await snapshotOf()).toBe(before);
      const response = await remove(admin, sent.id);
      expect(response.status).toBe(200);
      const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.id));
      expect(row).toMatchObject({ content: '', deletedBy: admin.id });
    });

    it('keeps VIP messages to VIP holders for edits and deletes', async () => {
      const sent = await send(sam, VIP_GROUP, 'VIP plans');
      // noVip cannot learn the message exists by changing it.
      expect((await edit(noVip, sent.id, 'x')).status).toBe(403);
      expect((await remove(noVip, sent.id)).status).toBe(403);
      // A VIP stream hears the edit; one without VIP access does not.
      const plain = await openStream(noVip);
      const vip = await openStream(ruth);
      const edited = ((await (await edit(sam, sent.id, 'VIP plans, revised')).json()) as { message: ChatMessage })
        .message;
      const open = await send(sam, GENERAL, 'for everyone');
      expect(chatEvent(await vip.next())).toEqual(edited);
      expect(chatEvent(await plain.next()).id).toBe(open.id);
    });

    it('replays edits and deletions after a cursor in revision order, each once, then live ones', async () => {
      const stream = await openStream(sam);
      const seen = await send(admin, GENERAL, 'cursor');
      expect(chatEvent(await stream.next()).id).toBe(seen.id);
      await stream.close();

      const a = await send(ruth, GENERAL, 'first');
      const b = await send(ruth, PRAYER, 'second');
      await edit(ruth, a.id, 'first, edited');
      await remove(ruth, b.id);
      await edit(ruth, a.id, 'first, edited twice');
      // Replay reads the rows as they are now: each message changed after the cursor once, in its
      // latest state, in the order of its latest revision (the states in between are superseded).
      const expected = [
        [b.id, ''],
        [a.id, 'first, edited twice'],
      ];
      const again = await openStream(sam, { 'last-event-id': String(seen.revision) });
      const replayed: ChatMessage[] = [];
      for (let i = 0; i < expected.length; i++) replayed.push(chatEvent(await again.next()));
      expect(replayed.map((m) => [m.id, m.content])).toEqual(expected);
      expect(replayed[0]!.deletedAt).not.toBeNull();
      expect(replayed[1]!.revision).toBeGreaterThan(replayed[0]!.revision);
      // A tab that saw the first edit live gets only what came after it.
      const afterFirstEdit = await openStream(sam, { 'last-event-id': String(replayed[0]!.revision) });
      expect(chatEvent(await afterFirstEdit.next())).toEqual(replayed[1]);
      const live = await send(admin, GENERAL, 'live');
      expect(chatEvent(await again.next()).id).toBe(live.id);
      expect(chatEvent(await afterFirstEdit.next()).id).toBe(live.id);
    });
  });

  describe('mentions', () => {
    it('lists the people who can see a channel, by name, without emails of named people', async () => {
      const response = await t.request(`/api/chat/members?${new URLSearchParams(VIP_GROUP)}`, { headers: as(sam) });
      const { members } = (await response.json()) as { members: { id: string; name: string }[] };
      expect(members.map((m) => m.name)).toEqual(['Grace Admin', 'Ruth Miller', 'Sam Coordinator']);
      expect(JSON.stringify(members)).not.toContain('@example.org');
      const general = (await (
        await t.request(`/api/chat/members?${new URLSearchParams(GENERAL)}`, { headers: as(sam) })
      ).json()) as { members: { name: string }[] };
      expect(general.members.map((m) => m.name)).toContain('Nora Plain');
      expect(
        (await t.request(`/api/chat/members?${new URLSearchParams(VIP_GROUP)}`, { headers: as(noVip) })).status,
      ).toBe(403);
    });

    it('refuses a message or an edit mentioning someone who cannot see the channel, sending nothing', async () => {
      const before = await snapshotOf();
      const refused = await t.postJson(
        '/api/chat/messages',
        { ...VIP_GROUP, content: '@Nora Plain please look' },
        as(sam),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: 'Nora Plain cannot see this channel' });
      expect(await snapshotOf()).toBe(before);
      const sent = await send(sam, VIP_GROUP, '@Ruth Miller please look');
      const refusedEdit = await edit(sam, sent.id, '@novip please look');
      expect(refusedEdit.status).toBe(400);
      expect(await refusedEdit.json()).toEqual({ error: 'Nora Plain cannot see this channel' });
      // An email address is not a mention.
      await send(sam, VIP_GROUP, 'write to novip@example.org');
    });

    it('notifies the person mentioned with a link to the message', async () => {
      const sent = await send(sam, GENERAL, 'Thanks @Ruth Miller!');
      const response = await t.request('/api/notifications', { headers: as(ruth) });
      const { items } = (await response.json()) as { items: { kind: string; link: string }[] };
      const mention = items.find((i) => i.kind === 'chat.mention');
      expect(mention?.link).toBe(`/chat?type=partner&channel=General+Partners&message=${sent.id}`);
    });

    it('tells only the people an edit mentions for the first time', async () => {
      const mentionsOf = async (u: TestUser, id: number) => {
        const response = await t.request('/api/notifications', { headers: as(u) });
        const { items } = (await response.json()) as { items: { kind: string; link: string }[] };
        return items.filter((i) => i.kind === 'chat.mention' && i.link.endsWith(`message=${id}`)).length;
      };
      const sent = await send(sam, PRAYER, 'Thanks @Ruth Miller');
      expect(await mentionsOf(ruth, sent.id)).toBe(1);
      expect(await mentionsOf(admin, sent.id)).toBe(0);
      expect((await edit(sam, sent.id, 'Thanks @Ruth Miller and @Grace Admin')).status).toBe(200);
      expect(await mentionsOf(admin, sent.id)).toBe(1);
      // Ruth was told when the message was sent: the edit does not tell her again.
      expect(await mentionsOf(ruth, sent.id)).toBe(1);
      expect((await edit(sam, sent.id, 'Thanks @Grace Admin and @Ruth Miller, both of you')).status).toBe(200);
      expect(await mentionsOf(admin, sent.id)).toBe(1);
      expect(await mentionsOf(ruth, sent.id)).toBe(1);
    });
  });

  describe('unread counts and read positions', () => {
    it("starts a person at the latest message, then counts others' new messages, not their own nor deleted ones", async () => {
      const fresh = await t.createUser({ email: 'new@example.org', password: 'new-secret', fullName: 'New Person' });
      cookies[fresh.id] = await t.signIn(fresh.email, fresh.password);
      await send(sam, PRAYER, 'before the new person looked');
      expect((await unreadIn(fresh, PRAYER))?.count).toBe(0);
      const one = await send(sam, PRAYER, 'one');
      await send(ruth, PRAYER, 'two');
      await send(fresh, PRAYER, 'my own');
      const gone = await send(ruth, PRAYER, 'three, soon deleted');
      await remove(ruth, gone.id);
      const counted = await unreadIn(fresh, PRAYER);
      expect(counted).toMatchObject({ count: 2 });
      expect(counted!.latestId).toBeGreaterThanOrEqual(gone.id);
      // Per person: Sam's count is his own.
      expect((await unreadIn(sam, PRAYER))?.count).not.toBe(counted?.count);
      // Reading up to the first leaves one.
      expect((await markRead(fresh, PRAYER, one.id)).status).toBe(200);
      expect((await unreadIn(fresh, PRAYER))?.count).toBe(1);
      // VIP channels are listed only for VIP holders, with each active cardholder's.
      const channels = await unread(fresh);
      expect(channels.some((c) => c.partner === 'Esther Kim')).toBe(true);
      expect((await unread(noVip)).some((c) => c.chatType === 'cardholder_success')).toBe(false);
    });

    it('moves a read position forward only, to at most the latest message, and refuses channels one cannot read', async () => {
      const latest = await send(sam, GENERAL, 'latest in general');
      expect(await (await markRead(ruth, GENERAL, latest.id)).json()).toEqual({ lastReadId: latest.id });
      // Back: kept where it was (another device read further).
      expect(await (await markRead(ruth, GENERAL, 1)).json()).toEqual({ lastReadId: latest.id });
      // Beyond the channel's newest message: the newest.
      expect(await (await markRead(ruth, GENERAL, latest.id + 1000)).json()).toEqual({ lastReadId: latest.id });
      const [row] = await t.db
        .select()
        .from(chatReads)
        .where(and(eq(chatReads.userId, ruth.id), eq(chatReads.partner, 'General Partners')));
      expect(row?.lastReadId).toBe(latest.id);
      const before = await snapshotOf();
      expect((await markRead(noVip, VIP_GROUP, latest.id)).status).toBe(403);
      expect((await markRead(ruth, { chatType: 'partner', partner: 'Secret' }, latest.id)).status).toBe(404);
      const bad = await t.postJson('/api/chat/read', { ...GENERAL, lastReadId: 'soon' }, as(ruth));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'Invalid read position' });
      expect(await snapshotOf()).toBe(before);
    });

    it("tells only the person's own streams that they read a channel", async () => {
      const mine = await openStream(ruth);
      const someoneElse = await openStream(sam);
      const latest = await send(admin, { chatType: 'coordinator', partner: 'Events Team' }, 'read me');
      expect(chatEvent(await mine.next()).id).toBe(latest.id);
      expect(chatEvent(await someoneElse.next()).id).toBe(latest.id);
      await markRead(ruth, { chatType: 'coordinator', partner: 'Events Team' }, latest.id);
      const told = await mine.next();
      expect(told.event).toBe('chat.read');
      expect(JSON.parse(told.data)).toEqual({
        type: 'chat.read',
        chatType: 'coordinator',
        partner: 'Events Team',
        lastReadId: latest.id,
      });
      // Sam's next event is the next message, not Ruth's read.
      const next = await send(admin, GENERAL, 'after the read');
      expect(chatEvent(await someoneElse.next()).id).toBe(next.id);
    });

    it('caps a count at 100 in a channel of many unread messages', async () => {
      await unread(ruth);
      await t.db.insert(messages).values(
        Array.from({ length: 250 }, (_, i) => ({
          content: `flood ${i}`,
          userId: sam.id,
          partner: 'New Partners',
          chatType: 'partner' as const,
        })),
      );
      expect((await unreadIn(ruth, { chatType: 'partner', partner: 'New Partners' }))?.count).toBe(100);
    });
  });

  describe('history', () => {
    const channel = { chatType: 'coordinator', partner: 'Outreach Team' } as const;
    let ids: number[];
    beforeAll(async () => {
      await t.db.insert(messages).values(
        Array.from({ length: 450 }, (_, i) => ({
          content: `history ${i}`,
          userId: sam.id,
          partner: channel.partner,
          chatType: channel.chatType,
        })),
      );
      ids = (
        await t.db
          .select({ id: messages.id })
          .from(messages)
          .where(sql`${messages.partner} = ${channel.partner}`)
          .orderBy(messages.id)
      ).map((r) => r.id);
    });

    it('pages back from the latest with before=, oldest first, until there is nothing older', async () => {
      const latest = await page(sam, channel);
      expect(latest.messages.map((m) => m.id)).toEqual(ids.slice(-200));
      expect(latest).toMatchObject({ hasOlder: true, hasNewer: false });
      const older = await page(sam, { ...channel, before: String(latest.messages[0]!.id) });
      expect(older.messages.map((m) => m.id)).toEqual(ids.slice(-400, -200));
      expect(older.hasOlder).toBe(true);
      const oldest = await page(sam, { ...channel, before: String(older.messages[0]!.id) });
      expect(oldest.messages.map((m) => m.id)).toEqual(ids.slice(0, 50));
      expect(oldest.hasOlder).toBe(false);
    });

    it('pages forward from an older message with after=, oldest first, until the latest', async () => {
      const first = await page(sam, { ...channel, after: String(ids[99]) });
      expect(first.messages.map((m) => m.id)).toEqual(ids.slice(100, 300));
      expect(first).toMatchObject({ hasOlder: true, hasNewer: true });
      const last = await page(sam, { ...channel, after: String(first.messages.at(-1)!.id) });
      expect(last.messages.map((m) => m.id)).toEqual(ids.slice(300));
      expect(last.hasNewer).toBe(false);
      const twoCursors = await t.request(
        `/api/chat/messages?${new URLSearchParams({ ...channel, after: '5', before: '9' })}`,
        { headers: as(sam) },
      );
      expect(twoCursors.status).toBe(400);
    });

    it('centres a page on a message with around=, and refuses a message of another channel', async () => {
      const centre = ids[225]!;
      const around = await page(sam, { ...channel, around: String(centre) });
      expect(around.messages.map((m) => m.id)).toEqual(ids.slice(126, 326));
      expect(around).toMatchObject({ hasOlder: true, hasNewer: true });
      const nearEnd = await page(sam, { ...channel, around: String(ids[440]) });
      expect(nearEnd.messages.map((m) => m.id)).toEqual(ids.slice(341));
      expect(nearEnd.hasNewer).toBe(false);
      const elsewhere = await send(sam, GENERAL, 'elsewhere');
      const refused = await t.request(
        `/api/chat/messages?${new URLSearchParams({ ...channel, around: String(elsewhere.id) })}`,
        {
          headers: as(sam),
        },
      );
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: 'Message not found' });
      const both = await t.request(
        `/api/chat/messages?${new URLSearchParams({ ...channel, around: '5', before: '9' })}`,
        { headers: as(sam) },
      );
      expect(both.status).toBe(400);
    });

    it('keeps VIP history to VIP holders', async () => {
      const sent = await send(sam, VIP_GROUP, 'vip history');
      const refused = await t.request(
        `/api/chat/messages?${new URLSearchParams({ ...VIP_GROUP, around: String(sent.id) })}`,
        {
          headers: as(noVip),
        },
      );
      expect(refused.status).toBe(403);
    });
  });
});

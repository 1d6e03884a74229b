import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatReads, messages } from '#server/db/schema';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  chatTestApi,
  GENERAL,
  openChatFixture,
  PRAYER,
  VIP_GROUP,
  type ChatFixture,
} from '#test-support/features/chat-test-api';

// Unread counts per channel and read positions: where a person starts, what counts, the cap,
// and who hears that a channel was read.
describe.each(testDatabaseTargets())('chat unread counts and read positions on $name', (target) => {
  let fixture: ChatFixture;
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let noVip: TestUser;
  let cookies: ChatFixture['cookies'];

  beforeAll(async () => {
    fixture = await openChatFixture(target);
    ({ t, admin, sam, ruth, noVip, cookies } = fixture);
  });
  afterAll(async () => {
    await closeStreams();
    await fixture?.t.close();
  });

  const { as, send, remove, unread, unreadIn, markRead, snapshotOf, openStream, closeStreams, chatEvent } = chatTestApi(
    () => fixture,
  );

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
});

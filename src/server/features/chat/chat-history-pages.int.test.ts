import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  chatTestApi,
  GENERAL,
  openChatFixture,
  VIP_GROUP,
  type ChatFixture,
} from '#test-support/features/chat-test-api';

// Paging through a channel's history: back with before=, forward with after=, around= a message.
describe.each(testDatabaseTargets())('chat history pages on $name', (target) => {
  let fixture: ChatFixture;
  let t: TestApp;
  let sam: TestUser;
  let noVip: TestUser;

  beforeAll(async () => {
    fixture = await openChatFixture(target);
    ({ t, sam, noVip } = fixture);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  const { as, send, page } = chatTestApi(() => fixture);

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

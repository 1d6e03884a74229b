import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  chatTestApi,
  GENERAL,
  openChatFixture,
  PRAYER,
  VIP_GROUP,
  type ChatFixture,
} from '#test-support/features/chat-test-api';

// @mentions in chat: who can be mentioned in a channel, refusals, and who is notified when.
describe.each(testDatabaseTargets())('chat mentions on $name', (target) => {
  let fixture: ChatFixture;
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let noVip: TestUser;

  beforeAll(async () => {
    fixture = await openChatFixture(target);
    ({ t, admin, sam, ruth, noVip } = fixture);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  const { as, send, edit, snapshotOf } = chatTestApi(() => fixture);

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

    it("quotes a message's new words once edited, and takes them back from every bell once deleted", async () => {
      const quotes = async (u: TestUser, id: number) => {
        const response = await t.request('/api/notifications', { headers: as(u) });
        const { items } = (await response.json()) as { items: { kind: string; link: string; body: string | null }[] };
        return items.filter((i) => i.kind === 'chat.mention' && i.link.endsWith(`&message=${id}`)).map((i) => i.body);
      };
      const sent = await send(sam, PRAYER, 'Hello @Ruth Miller can you check the rota?');
      const other = await send(sam, PRAYER, 'And @Ruth Miller, the keys');
      expect(await quotes(ruth, sent.id)).toEqual(['Hello @Ruth Miller can you check the rota?']);
      expect((await edit(sam, sent.id, 'Hello @Ruth Miller, never mind')).status).toBe(200);
      expect(await quotes(ruth, sent.id)).toEqual(['Hello @Ruth Miller, never mind']);
      const removed = await t.request(`/api/chat/messages/${sent.id}`, { method: 'DELETE', headers: as(sam) });
      expect(removed.status).toBe(200);
      expect(await quotes(ruth, sent.id)).toEqual([]);
      // Another message's notice stays.
      expect(await quotes(ruth, other.id)).toEqual(['And @Ruth Miller, the keys']);
    });
  });
});

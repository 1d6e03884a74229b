import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, messageAttachments, messages } from '#server/db/schema';
import type { ChatMessage } from '#shared/chat';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  chatTestApi,
  GENERAL,
  openChatFixture,
  PRAYER,
  VIP_GROUP,
  type ChatFixture,
} from '#test-support/features/chat-test-api';

// Editing and deleting chat messages: who may, what is refused, what the streams hear and
// replay. The tests run in order: the first expects the first edit's activity record.
describe.each(testDatabaseTargets())('chat edits and deletes on $name', (target) => {
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
    await closeStreams();
    await fixture?.t.close();
  });

  const { as, send, edit, remove, page, snapshotOf, openStream, closeStreams, chatEvent } = chatTestApi(() => fixture);

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
});

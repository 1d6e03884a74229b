import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NOTIFY_BYTES } from '#server/realtime/event-bus';
import { openRealtimeStream, type readSse, type SseMessage } from '#test-support/sse';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ChatMessage } from '#shared/chat';

/**
 * Issue 26, item 5: a message under the 4,000-character limit whose realtime announcement is
 * over PostgreSQL's 8,000-byte NOTIFY limit was refused with a 500. Each of these is sent,
 * delivered live and replayed intact, in order with the messages around it.
 */
const LARGE = {
  chinese: '祈'.repeat(2600),
  emoji: '🙏'.repeat(2000),
  quotes: '"'.repeat(4000),
  backslashes: '\\'.repeat(4000),
};

describe.each(testDatabaseTargets())('chat messages whose announcement exceeds NOTIFY on $name', (target) => {
  let t: TestApp;
  let cookie: string;
  const readers: ReturnType<typeof readSse>[] = [];
  const channel = { partner: 'General Partners', chatType: 'partner' as const };

  beforeAll(async () => {
    t = await createTestApp(target);
    const sender = await t.createUser({ email: 'long@example.org', password: 'long-secret' });
    cookie = await t.signIn(sender.email, sender.password);
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  const openStream = (lastEventId?: number) => openRealtimeStream(t.app, cookie, readers, lastEventId);
  const send = async (content: string) => {
    const response = await t.postJson('/api/chat/messages', { ...channel, content }, { cookie });
    expect(response.status, content.slice(0, 20)).toBe(201);
    return ((await response.json()) as { message: ChatMessage }).message;
  };
  const contentOf = (message: SseMessage) => (JSON.parse(message.data) as { message: ChatMessage }).message.content;

  it('each is over the limit once announced, so the test really crosses it', () => {
    for (const content of Object.values(LARGE)) {
      expect(content.length).toBeLessThanOrEqual(4000);
      const announced = JSON.stringify({ event: { type: 'chat.message', message: { content } } });
      expect(Buffer.byteLength(announced)).toBeGreaterThan(MAX_NOTIFY_BYTES);
    }
  });

  it('sends them, and delivers them live and on replay, intact and in order', async () => {
    const live = await openStream();
    const contents = ['before', ...Object.values(LARGE), 'after'];
    const sent: ChatMessage[] = [];
    for (const content of contents) sent.push(await send(content));

    const heard: string[] = [];
    for (const _ of contents) heard.push(contentOf(await live.next()));
    expect(heard).toEqual(contents);

    const replay = await openStream(sent[0]!.id);
    const replayed: string[] = [];
    for (const _ of contents.slice(1)) replayed.push(contentOf(await replay.next()));
    expect(replayed).toEqual(contents.slice(1));
  });
});

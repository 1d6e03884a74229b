/** The chat API as the integration tests call it: four people, a cardholder, three channels, typed answers, streams. */
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { activity, coordinatorPermissions, messages, partners } from '#server/db/schema';
import { readSse, type SseMessage } from '#test-support/sse';
import { createTestApp, type TestApp, type TestDatabaseTarget, type TestUser } from '#test-support/test-database';
import type { ChannelPage, ChannelUnread, ChatMessage } from '#shared/chat';

export const GENERAL = { chatType: 'partner', partner: 'General Partners' } as const;
export const PRAYER = { chatType: 'partner', partner: 'Prayer Partners' } as const;
export const VIP_GROUP = { chatType: 'cardholder_success', partner: 'Cardholders Group' } as const;

export interface ChatFixture {
  t: TestApp;
  admin: TestUser;
  sam: TestUser;
  ruth: TestUser;
  /** Without Cardholder Success (the VIP channels). */
  noVip: TestUser;
  /** Sessions by user id; a test may add its own people. */
  cookies: Record<string, string>;
}

/** A test app with the four people signed in and one active cardholder; the caller closes `t`. */
export async function openChatFixture(target: TestDatabaseTarget): Promise<ChatFixture> {
  const t = await createTestApp(target);
  const admin = await t.createUser({
    email: 'admin@example.org',
    password: 'admin-secret',
    role: 'admin',
    fullName: 'Grace Admin',
  });
  const sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', fullName: 'Sam Coordinator' });
  const ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Miller' });
  const noVip = await t.createUser({ email: 'novip@example.org', password: 'novip-secret', fullName: 'Nora Plain' });
  await t.db
    .insert(coordinatorPermissions)
    .values([{ userId: noVip.id, feature: 'cardholder_success', enabled: false }]);
  await t.db
    .insert(partners)
    .values([
      { name: 'Esther Kim', email: 'esther@example.com', zone: 'West', cardholderStatus: true, status: 'active' },
    ]);
  const cookies: Record<string, string> = {};
  for (const u of [admin, sam, ruth, noVip]) cookies[u.id] = await t.signIn(u.email, u.password);
  return { t, admin, sam, ruth, noVip, cookies };
}

/**
 * Calls as one of the fixture's people, on the fixture `fixture()` returns (a function, as
 * suites open it in beforeAll). Streams opened here stay open until closeStreams.
 */
export function chatTestApi(fixture: () => ChatFixture) {
  const readers: ReturnType<typeof readSse>[] = [];

  const as = (u: TestUser) => ({ cookie: fixture().cookies[u.id]! });
  const send = async (u: TestUser, channel: { chatType: string; partner: string }, content: string) => {
    const response = await fixture().t.postJson('/api/chat/messages', { ...channel, content }, as(u));
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { message: ChatMessage }).message;
  };
  const edit = (u: TestUser, id: number, content: unknown) =>
    fixture().t.sendJson('PATCH', `/api/chat/messages/${id}`, { content }, as(u));
  const remove = (u: TestUser, id: number) =>
    fixture().t.request(`/api/chat/messages/${id}`, { method: 'DELETE', headers: as(u) });
  const page = async (u: TestUser, query: Record<string, string>) => {
    const response = await fixture().t.request(`/api/chat/messages?${new URLSearchParams(query)}`, { headers: as(u) });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ChannelPage;
  };
  const unread = async (u: TestUser) => {
    const response = await fixture().t.request('/api/chat/unread', { headers: as(u) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { channels: ChannelUnread[] }).channels;
  };
  const unreadIn = async (u: TestUser, channel: { chatType: string; partner: string }) =>
    (await unread(u)).find((c) => c.chatType === channel.chatType && c.partner === channel.partner);
  const markRead = (u: TestUser, channel: { chatType: string; partner: string }, lastReadId: number) =>
    fixture().t.postJson('/api/chat/read', { ...channel, lastReadId }, as(u));
  /** Every message and the number of activity records: unchanged when a call changed nothing. */
  const snapshotOf = async () =>
    JSON.stringify(await fixture().t.db.select().from(messages).orderBy(messages.id)) +
    JSON.stringify((await fixture().t.db.select({ n: count() }).from(activity))[0]);

  async function openStream(u: TestUser, headers: Record<string, string> = {}) {
    const response = await fixture().t.app.request('/api/realtime', { headers: { ...as(u), ...headers } });
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    expect(await reader.next()).toMatchObject({ event: 'ready' });
    return reader;
  }
  async function closeStreams() {
    for (const reader of readers) await reader.close().catch(() => {});
  }
  /** The message a chat.message event carries, its event id being the message's revision. */
  const chatEvent = (m: SseMessage) => {
    expect(m.event).toBe('chat.message');
    const { message } = JSON.parse(m.data) as { message: ChatMessage };
    expect(m.id).toBe(String(message.revision));
    return message;
  };

  return { as, send, edit, remove, page, unread, unreadIn, markRead, snapshotOf, openStream, closeStreams, chatEvent };
}

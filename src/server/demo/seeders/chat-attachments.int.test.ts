import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPdf, sniffImageType } from '#server/storage/sniff';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ChatMessage } from '#shared/chat';
import { DEMO_PASSWORD, seedDemoData } from '../seed';

describe('demo chat attachments', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(testDatabaseTargets()[0]!);
    const users = await seedDemoData(t.db, new Date(), t.deps.storage);
    cookie = await t.signIn(users.coordinators[0]!.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  const channel = async (chatType: string, partner: string) =>
    (
      (await (
        await t.request(`/api/chat/messages?${new URLSearchParams({ chatType, partner })}`, { headers: { cookie } })
      ).json()) as { messages: ChatMessage[] }
    ).messages;
  const fetchAttachment = async (id: string) =>
    Buffer.from(await (await t.request(`/api/chat/attachments/${id}`, { headers: { cookie } })).arrayBuffer());

  it('are a real photo and a real PDF, served like any attachment', async () => {
    const general = (await channel('partner', 'General Partners')).flatMap((m) => m.attachments);
    expect(general.map((a) => [a.name, a.mimeType])).toEqual([['outreach-sunset.png', 'image/png']]);
    expect(sniffImageType(await fetchAttachment(general[0]!.id))).toBe('image/png');

    const coordinators = (await channel('coordinator', 'All Coordinators')).flatMap((m) => m.attachments);
    expect(coordinators.map((a) => a.name)).toEqual(['Retreat programme.pdf', 'north-zone-map.png']);
    expect(isPdf(await fetchAttachment(coordinators[0]!.id))).toBe(true);
  });
});

/**
 * Data made through a running portal's API (a partner, a chat message, a file, an event with
 * an image), and the check that another portal, started on a copy, serves the same.
 */
import { expect } from 'vitest';
import { PNG_1X1 } from '#test-support/multipart';
import type { PortalClient } from '#test-support/portal-client';

export const FIXTURE_ADMIN = { email: 'pastor@example.org', password: 'pastor-long-password' };
/** The first administrator, as env for startPortal. */
export const FIXTURE_ADMIN_ENV = { ADMIN_EMAIL: FIXTURE_ADMIN.email, ADMIN_PASSWORD: FIXTURE_ADMIN.password };

const CHANNEL = { chatType: 'coordinator', partner: 'All Coordinators' } as const;

export interface FilledInstallation {
  fileId: string;
  fileBytes: Buffer;
  imageUrl: string;
  partnerName: string;
  message: string;
}

export async function fillThroughApi(client: PortalClient, label: string): Promise<FilledInstallation> {
  await client.signIn(FIXTURE_ADMIN.email, FIXTURE_ADMIN.password);
  const partnerName = `Grace Fellowship ${label}`;
  const partner = await client.postJson('/api/partners', { name: partnerName, email: `grace-${label}@example.org` });
  expect(partner.status, await partner.clone().text()).toBe(201);
  const message = `Prayer meeting moved to Thursday (${label})`;
  const sent = await client.postJson('/api/chat/messages', { ...CHANNEL, content: message });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const fileBytes = Buffer.from(`Treasurer's report ${label}\n`.repeat(500));
  const file = await client.uploadFile(`report-${label}.txt`, fileBytes);
  const event = await client.createEventWithImage(`Harvest supper ${label}`);
  return { fileId: file.id, fileBytes, imageUrl: event.imageUrl, partnerName, message };
}

/** Signs in with the old password and finds everything `fillThroughApi` made. */
export async function expectSameData(client: PortalClient, filled: FilledInstallation) {
  await client.signIn(FIXTURE_ADMIN.email, FIXTURE_ADMIN.password);
  expect(await client.download(filled.fileId)).toEqual(filled.fileBytes);
  expect(await client.getBytes(filled.imageUrl)).toEqual(PNG_1X1);
  const partners = await client.json<{ partners: { name: string }[] }>(
    `/api/partners?q=${encodeURIComponent(filled.partnerName)}`,
  );
  expect(partners.partners.map((p) => p.name)).toContain(filled.partnerName);
  const chat = await client.json<{ messages: { content: string }[] }>(
    `/api/chat/messages?${new URLSearchParams(CHANNEL)}`,
  );
  expect(chat.messages.map((m) => m.content)).toContain(filled.message);
}

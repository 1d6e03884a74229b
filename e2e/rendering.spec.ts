import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { expectShownAsText, markup, slashless } from './support/markup';
import { searchPartners } from './support/portal';

/**
 * Text with markup in every field the UI shows is displayed as text (issue 9): seeded through
 * the API, each screen shows it literally, builds no element from it, and runs none of it.
 * Task fields are checked in tasks.spec.ts, whose counters no other spec file may change.
 */

async function created<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test('partner fields on the directory, the details view and as a cardholder channel', async ({ page }) => {
  await signIn(page, 'admin', '/partners');
  const partner = {
    name: markup('partner-name'),
    email: `rendering-${Date.now()}@example.org`,
    location: markup('location'),
    zone: markup('zone'),
    coordinator: markup('coordinator'),
    notes: markup('notes'),
    phone: '555 0100',
    cardholderStatus: true,
  };
  await created(page.request, '/api/partners', partner);
  await page.reload();
  await searchPartners(page, partner.email);
  await expectShownAsText(page, [partner.name, partner.location, partner.zone, partner.coordinator]);
  await page.getByRole('button', { name: `View Details for ${partner.name}` }).click();
  await expectShownAsText(page, [partner.notes]);
  await page.keyboard.press('Escape');

  await page.goto('/chat');
  await expectShownAsText(page, [partner.name]);
});

test('gift partner name and notes on the dashboard and in the partner details', async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  const email = `rendering-giver-${Date.now()}@example.org`;
  const { partner } = await created<{ partner: { id: string } }>(page.request, '/api/partners', {
    name: `Rendering Giver ${Date.now()}`,
    email,
  });
  const gift = {
    partnerName: markup('gift-partner'),
    partnerId: partner.id,
    notes: markup('gift-notes'),
    amount: '12.34',
    donationType: 'one-time',
  };
  await created(page.request, '/api/giving/donations', gift);
  const unlinked = { partnerName: markup('gift-unlinked'), amount: '1.00', donationType: 'monthly' };
  await created(page.request, '/api/giving/donations', unlinked);
  await page.reload();
  await expectShownAsText(page, [unlinked.partnerName]);
  await page.goto('/partners');
  await searchPartners(page, email);
  await page.getByRole('button', { name: /^View Details for Rendering Giver/ }).click();
  await expectShownAsText(page, [gift.notes]);
});

test('event title, description and location on the calendar', async ({ page }) => {
  await signIn(page, 'admin', '/calendar');
  const event = {
    title: markup('event-title'),
    description: markup('event-description'),
    location: markup('event-location'),
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(event)) form.append(key, value);
  form.append('startDate', '2031-05-01T10:00:00.000Z');
  form.append('endDate', '2031-05-01T11:00:00.000Z');
  const response = await page.request.post('/api/calendar/events', {
    multipart: Object.fromEntries(form) as Record<string, string>,
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.reload();
  await expectShownAsText(page, [event.title, event.description, event.location]);
});

test('form title, description and field labels in the list and the preview', async ({ page }) => {
  await signIn(page, 'admin', '/forms');
  const form = {
    title: markup('form-title'),
    description: markup('form-description'),
    fields: [{ id: 'f1', label: markup('field-label'), type: 'text' }],
  };
  await created(page.request, '/api/forms', form);
  await page.reload();
  await expectShownAsText(page, [form.title]);
  await page.getByRole('button', { name: `View ${form.title}` }).click();
  await expectShownAsText(page, [form.description, form.fields[0]!.label]);
});

test("a chat message, its sender's name, and a display name in the sidebar and on the admin screen", async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/chat');
  const email = `rendering-sender-${Date.now()}@example.org`;
  const fullName = markup('sender-full-name');
  const person = await created<{ user: { id: string } }>(page.request, '/api/admin/users', {
    email,
    password: 'rendering-password-1',
    fullName,
  });
  expect(person.user.id).toBeTruthy();
  await created(page.request, '/api/admin/coordinators', { email });

  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  const signedIn = await sender.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'rendering-password-1' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signedIn.status()).toBe(200);
  const displayName = markup('display-name');
  const origin = { origin: new URL(page.url()).origin };
  expect(
    (await sender.request.patch('/api/settings/profile', { data: { displayName }, headers: origin })).status(),
  ).toBe(200);
  const content = markup('chat-message');
  const sent = await sender.request.post('/api/chat/messages', {
    data: { chatType: 'coordinator', partner: 'Outreach Team', content },
    headers: origin,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await sender.goto('/settings');
  await expectShownAsText(sender, [displayName]);
  await senderContext.close();

  await page.reload();
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: '# Outreach Team' }).click();
  await expectShownAsText(page, [content, fullName]);
  await page.goto('/admin');
  await expectShownAsText(page, [displayName]);
});

test('folder and file names on the shared drive', async ({ page }) => {
  await signIn(page, 'admin', '/files');
  const folder = slashless('folder');
  const created = await page.request.post('/api/files/folders', { data: { parent: '/', name: folder } });
  expect(created.status(), await created.text()).toBe(201);
  const { folder: entry } = (await created.json()) as { folder: { name: string; path: string } };
  const fileName = `${slashless('file')}.txt`;
  const uploaded = await page.request.post(`/api/files?folder=${encodeURIComponent(entry.path)}`, {
    multipart: { file: { name: fileName, mimeType: 'text/plain', buffer: Buffer.from('markup test') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { file } = (await uploaded.json()) as { file: { name: string } };
  await page.reload();
  await expectShownAsText(page, [entry.name]);
  await page.getByText(entry.name, { exact: true }).click();
  await expectShownAsText(page, [file.name]);
});

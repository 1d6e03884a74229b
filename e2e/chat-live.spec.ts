import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/portal';

// Monthly Supporters, Zone Leaders, All Coordinators and Prayer Partners are this file's alone
// (other specs may open them, never write there). Events Team and New Partners take other specs'
// messages too, which the checks here do not count (the same coordinator's own, unique text).

const channelButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: `# ${name}` });

async function sendViaApi(page: Page, chatType: string, partner: string, content: string) {
  const response = await page.request.post('/api/chat/messages', { data: { chatType, partner, content } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { message: { id: number } }).message;
}

async function twoPeople(browser: Browser) {
  const adminContext = await browser.newContext();
  const samContext = await browser.newContext();
  return {
    admin: await adminContext.newPage(),
    sam: await samContext.newPage(),
    samContext,
    close: async () => {
      await adminContext.close();
      await samContext.close();
    },
  };
}

test('unread counts rise live for another person, a New messages line shows, reading clears them in every tab', async ({
  browser,
}) => {
  const { admin, sam, samContext, close } = await twoPeople(browser);
  try {
    await signIn(sam, 'coordinator', '/chat');
    await signIn(admin, 'admin', '/chat');
    // Sam reads Events Team up to now, then looks at another channel.
    await channelButton(sam, 'Events Team').click();
    await expect(sam.getByPlaceholder('Message #Events Team')).toBeVisible();
    await channelButton(sam, 'Admin Support').click();
    await expect(channelButton(sam, 'Events Team')).not.toContainText('unread');
    // A second tab of Sam's, elsewhere.
    const samElsewhere = await samContext.newPage();
    await samElsewhere.goto('/dashboard');

    const first = unique('Setup starts at 9');
    await sendViaApi(admin, 'coordinator', 'Events Team', first);
    await sendViaApi(admin, 'coordinator', 'Events Team', unique('Bring chairs'));
    await expect(channelButton(sam, 'Events Team')).toHaveAccessibleName('# Events Team 2 unread');
    await expect(samElsewhere.getByRole('link', { name: /^Chat, \d+ unread$/ })).toBeVisible();

    await channelButton(sam, 'Events Team').click();
    const log = sam.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(first)).toBeVisible();
    // The line sits right above the first message Sam had not read.
    const line = log.getByRole('separator', { name: 'New messages' });
    await expect(line).toBeVisible();
    await expect(log.locator('[role="separator"][aria-label="New messages"] + div')).toContainText(first);
    await expect(log.getByRole('separator', { name: 'Today' })).toBeVisible();
    // Read here, so read everywhere: the count goes in this tab, and in the other tab live.
    await expect(channelButton(sam, 'Events Team')).toHaveAccessibleName('# Events Team');
    await samElsewhere.goto('/chat');
    await expect(channelButton(samElsewhere, 'Events Team')).toHaveAccessibleName('# Events Team');
    await channelButton(samElsewhere, 'Admin Support').click();
    // Neither tab has Events Team on screen now.
    await channelButton(sam, 'Admin Support').click();
    await sendViaApi(admin, 'coordinator', 'Events Team', unique('One more thing'));
    await expect(channelButton(samElsewhere, 'Events Team')).toHaveAccessibleName('# Events Team 1 unread');
    await expect(channelButton(sam, 'Events Team')).toHaveAccessibleName('# Events Team 1 unread');
    // Reading it in the first tab clears it in the other, live (chat.read).
    await channelButton(sam, 'Events Team').click();
    await expect(channelButton(samElsewhere, 'Events Team')).toHaveAccessibleName('# Events Team');
  } finally {
    await close();
  }
});

test('a mention is offered by keyboard, highlights the message, and its notification opens it', async ({ browser }) => {
  const { admin, sam, close } = await twoPeople(browser);
  try {
    await signIn(admin, 'admin', '/chat');
    await signIn(sam, 'coordinator', '/dashboard');
    await channelButton(admin, 'All Coordinators').click();
    const box = admin.getByRole('textbox', { name: 'Message' });
    await box.fill('');
    await box.pressSequentially('Thanks @Sam C');
    const options = admin.getByRole('listbox', { name: 'People to mention' });
    await expect(options.getByRole('option', { name: 'Sam Coordinator' })).toBeVisible();
    // Escape closes the list and keeps the text.
    await box.press('Escape');
    await expect(options).toBeHidden();
    await box.pressSequentially('o');
    await box.press('ArrowDown');
    await expect(options.getByRole('option', { name: 'Sam Coordinator' })).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(box).toHaveValue('Thanks @Sam Coordinator ');
    const note = unique('for the report');
    await box.pressSequentially(note);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const sent = `Thanks @Sam Coordinator ${note}`;
    await expect(admin.getByRole('log', { name: 'Messages' }).getByText(sent)).toBeVisible();

    // Sam is told; the notification opens the channel at the message, highlighted for him.
    const bell = sam.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const entry = sam
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: /Grace Admin mentioned you in All Coordinators/ })
      .filter({ hasText: note });
    await entry.click();
    await expect(sam).toHaveURL(/\/chat\?type=coordinator&channel=All\+Coordinators&message=\d+$/);
    await expect(sam.getByRole('heading', { name: '# All Coordinators' })).toBeVisible();
    const bubble = sam.getByRole('log', { name: 'Messages' }).getByText(sent);
    await expect(bubble).toBeVisible();
    await expect(
      sam.getByRole('log', { name: 'Messages' }).locator('[data-mention="true"]').filter({ hasText: note }),
    ).toBeVisible();
  } finally {
    await close();
  }
});

test('edits and deletes are seen by the other person live; links are safe', async ({ browser }) => {
  const { admin, sam, close } = await twoPeople(browser);
  try {
    await signIn(admin, 'admin', '/chat');
    await signIn(sam, 'coordinator', '/chat');
    for (const page of [admin, sam]) await channelButton(page, 'Prayer Partners').click();
    const original = unique('Pray for the Smiths');
    await sam.getByRole('textbox', { name: 'Message' }).fill(original);
    await sam.getByRole('textbox', { name: 'Message' }).press('Enter');
    const adminLog = admin.getByRole('log', { name: 'Messages' });
    await expect(adminLog.getByText(original)).toBeVisible();

    // Escape cancels an edit; Enter saves one.
    const samLog = sam.getByRole('log', { name: 'Messages' });
    const mine = samLog.locator('[data-message-id]').filter({ hasText: original });
    await mine.hover();
    await mine.getByRole('button', { name: 'Edit message' }).click();
    const editor = sam.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('never saved');
    await editor.press('Escape');
    await expect(editor).toBeHidden();
    await expect(samLog.getByText(original)).toBeVisible();
    // The focus is back on the message's Edit button, so Enter edits it again.
    await expect(mine.getByRole('button', { name: 'Edit message' })).toBeFocused();
    await sam.keyboard.press('Enter');
    const edited = `${original}, and the Parks`;
    await sam.getByRole('textbox', { name: 'Edit message' }).fill(edited);
    await sam.getByRole('textbox', { name: 'Edit message' }).press('Enter');
    await expect(sam.getByRole('textbox', { name: 'Edit message' })).toBeHidden();
    await expect(
      samLog.locator('[data-message-id]').filter({ hasText: edited }).getByRole('button', { name: 'Edit message' }),
    ).toBeFocused();
    const adminCopy = adminLog.locator('[data-message-id]').filter({ hasText: edited });
    await expect(adminCopy).toBeVisible();
    await expect(adminCopy).toContainText('(edited)');
    await expect(adminLog.getByText(original, { exact: true })).toHaveCount(0);

    // Delete asks first; the bubble stays in place as "Message deleted" for both.
    const editedMine = samLog.locator('[data-message-id]').filter({ hasText: edited });
    const id = await editedMine.getAttribute('data-message-id');
    await editedMine.hover();
    await editedMine.getByRole('button', { name: 'Delete message' }).click();
    const dialog = sam.getByRole('alertdialog', { name: 'Delete this message?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(samLog.locator(`[data-message-id="${id}"]`)).toContainText('Message deleted');
    // The Delete button goes with the message's text: the focus goes to the message, not the page.
    await expect(samLog.locator(`[data-message-id="${id}"]`)).toBeFocused();
    await expect(adminLog.locator(`[data-message-id="${id}"]`)).toContainText('Message deleted');
    await expect(adminLog.getByText(edited)).toHaveCount(0);
    // A deleted message has no actions left.
    await expect(samLog.locator(`[data-message-id="${id}"]`).getByRole('button')).toHaveCount(0);

    // Links: web addresses open safely in a new tab, a javascript: address stays text, emoji show.
    const linked = unique('Notes 🙏 at https://example.org/notes and javascript:alert(1)');
    await sendViaApi(sam, 'partner', 'Prayer Partners', linked);
    const bubble = adminLog.locator('[data-message-id]').filter({ hasText: 'example.org/notes' });
    const link = bubble.getByRole('link', { name: 'https://example.org/notes' });
    await expect(link).toHaveAttribute('href', 'https://example.org/notes');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(bubble.getByRole('link')).toHaveCount(1);
    await expect(bubble).toContainText('🙏');
  } finally {
    await close();
  }
});

test('scrolling up loads older messages and keeps the place; Jump to latest returns', async ({ page }) => {
  // 300 messages go in through the API first.
  await signIn(page, 'coordinator', '/dashboard');
  const tag = unique('history');
  for (let batch = 0; batch < 15; batch++) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => batch * 20 + i).map((n) =>
        sendViaApi(page, 'partner', 'New Partners', `${tag} #${String(n).padStart(3, '0')}`),
      ),
    );
  }
  await page.goto('/chat');
  await channelButton(page, 'New Partners').click();
  const log = page.getByRole('log', { name: 'Messages' });
  // The batches of 20 went in concurrently: order within a batch is the server's.
  // The first page of a channel this long: allowed longer on a busy machine.
  await expect(log.getByText(new RegExp(`${tag} #29\\d`)).first()).toBeVisible({ timeout: 20_000 });
  await expect(log.getByText(new RegExp(`${tag} #0[0-8]\\d`))).toHaveCount(0);
  const oldestShown = log.locator('[data-message-id]').first();
  const anchorId = await oldestShown.getAttribute('data-message-id');

  await log.evaluate((el) => (el.scrollTop = 0));
  await expect(log.getByText(`${tag} #000`)).toBeAttached();
  // The message that was at the top is still on screen: the older page went in above it.
  await expect(log.locator(`[data-message-id="${anchorId}"]`)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(log.locator('[data-message-id]').last()).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeHidden();
});

test('a link to an older message opens around it; scrolling down loads newer pages until the latest', async ({
  page,
}) => {
  // 160 messages go in through the API first. 'Zone Leaders' is this test's channel.
  await signIn(page, 'coordinator', '/dashboard');
  const tag = unique('forward');
  const sent: { id: number }[] = [];
  for (let n = 0; n < 160; n++) {
    sent.push(await sendViaApi(page, 'coordinator', 'Zone Leaders', `${tag} #${String(n).padStart(3, '0')}`));
  }
  // The page around #010 holds up to 100 messages after it: #159 is on the next page.
  await page.goto(`/chat?type=coordinator&channel=Zone+Leaders&message=${sent[10]!.id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(`${tag} #010`)).toBeVisible({ timeout: 20_000 });
  await expect(log.getByText(`${tag} #159`)).toHaveCount(0);

  // Each scroll to the bottom asks for the next page; a scroll while one loads is ignored.
  await expect
    .poll(
      async () => {
        await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
        return log.getByText(`${tag} #159`).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(log.getByText(`${tag} #120`)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Load newer messages' })).toHaveCount(0);
  // At the present, the page takes new messages live like the latest page.
  await sendViaApi(page, 'coordinator', 'Zone Leaders', `${tag} live`);
  await expect(log.getByText(`${tag} live`)).toBeAttached();
});

test('by keyboard the log is a few stops on the way to the message box; the arrows move between messages, Tab reaches their actions', async ({
  page,
}) => {
  // 'Monthly Supporters' is this test's channel. Each of one's own messages put Edit and Delete
  // in the Tab order, two presses each on the way to the message box (decision 0170).
  await signIn(page, 'coordinator', '/chat');
  const tag = unique('Keys');
  for (let n = 1; n <= 12; n++) await sendViaApi(page, 'partner', 'Monthly Supporters', `${tag} #${n}`);
  await channelButton(page, 'Monthly Supporters').click();
  const log = page.getByRole('log', { name: 'Messages' });
  const message = (n: number) => log.getByRole('article').filter({ hasText: `${tag} #${n}` });
  await expect(message(12)).toBeVisible();
  await expect(log).toHaveAccessibleDescription(
    "The up and down arrows move between messages; Tab reaches a message's actions.",
  );

  // From the log: the newest message, its Edit and Delete, then on to the message box.
  await log.focus();
  await page.keyboard.press('Tab');
  await expect(message(12)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(message(12).getByRole('button', { name: 'Edit message' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(message(12).getByRole('button', { name: 'Delete message' })).toBeFocused();
  const box = page.getByPlaceholder('Message #Monthly Supporters');
  let presses = 0;
  while (!(await box.evaluate((element) => element === document.activeElement)) && presses < 30) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses).toBeLessThanOrEqual(3);

  // The arrows move between messages; the one chosen brings its actions into the Tab order.
  await log.focus();
  await page.keyboard.press('ArrowUp');
  await expect(message(12)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(message(11)).toBeFocused();
  await page.keyboard.press('Tab');
  const edit = message(11).getByRole('button', { name: 'Edit message' });
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(message(11).getByRole('textbox', { name: 'Edit message' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(message(11)).toBeFocused();
  await page.keyboard.press('End');
  await expect(message(12)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(log.getByRole('article').first()).toBeFocused();
});

test('on a phone the channel list does not mark the channel behind it read; opening it does', async ({
  page,
  browser,
}) => {
  // Someone new, so that no other spec's tab reads their channels for them.
  await signIn(page, 'admin', '/dashboard');
  const email = `phone-reader-${Date.now()}@example.org`;
  const created = await page.request.post('/api/admin/users', {
    data: { email, password: 'phone-reader-1', fullName: 'Phone Reader' },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await page.request.post('/api/admin/coordinators', { data: { email } })).status()).toBe(201);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const them = await phone.newPage();
    await them.goto('/auth');
    await them.getByLabel('Email').fill(email);
    await them.getByLabel('Password').fill('phone-reader-1');
    await them.getByRole('button', { name: 'Sign In' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);
    const unreadIn = async (partner: string) => {
      const response = await them.request.get('/api/chat/unread');
      const { channels } = (await response.json()) as { channels: { partner: string; count: number }[] };
      return channels.find((c) => c.partner === partner)?.count ?? 0;
    };
    // Their first look at the counts marks where they start reading from (the portal's start
    // positions): a message sent after it is unread to them. Sent before their dashboard's first
    // look, it counted as there before they came.
    await unreadIn('General Partners');
    await sendViaApi(page, 'partner', 'General Partners', unique('For the phone'));
    await expect.poll(() => unreadIn('General Partners')).toBeGreaterThan(0);

    // The list alone is on screen: General Partners, open behind it on a wide screen, stays unread.
    const loaded = them.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat/messages');
    await them.goto('/chat');
    await expect(channelButton(them, 'General Partners')).toBeVisible();
    await loaded;
    // Its messages are in; a read would be sent at once. Nothing to wait for but time.
    await them.waitForTimeout(1000);
    expect(await unreadIn('General Partners')).toBeGreaterThan(0);
    await expect(channelButton(them, 'General Partners')).toContainText('unread');

    await channelButton(them, 'General Partners').click();
    await expect(them.getByPlaceholder('Message #General Partners')).toBeVisible();
    await expect.poll(() => unreadIn('General Partners')).toBe(0);
  } finally {
    await phone.close();
  }
});

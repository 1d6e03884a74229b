import { expect, expectAccessible, signIn, test } from './support/fixtures';

// The tests here that write look only for their own messages, in 'Event Volunteers'.
// 'Admin Support' and 'Success Team Group' stay empty on purpose, and 'Monthly Supporters' is
// chat-live.spec.ts's keyboard test's alone: a message sent there meanwhile becomes the newest,
// where its End key goes.

test('the hub lists its groups open, selects General Partners, and passes the accessibility check', async ({
  page,
}) => {
  await signIn(page, 'coordinator', '/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Communication Hub' })).toBeVisible();
  for (const group of ['Partner Channels', 'Coordinator Channels', 'Cardholder Success']) {
    await expect(page.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'true');
  }
  const channels = page.getByRole('navigation', { name: 'Channels' });
  await expect(channels.getByRole('button', { name: '# General Partners' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: '# General Partners' })).toBeVisible();
  await expect(page.getByPlaceholder('Message #General Partners')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Partner Channels' }).click();
  await expect(channels.getByRole('button', { name: '# Prayer Partners' })).toBeHidden();
  await page.getByRole('button', { name: 'Partner Channels' }).click();
  await expect(channels.getByRole('button', { name: '# Prayer Partners' })).toBeVisible();
});

test('empty channels say so, VIP channels with their own title and badge', async ({ page }) => {
  await signIn(page, 'coordinator', '/chat');
  const channels = page.getByRole('navigation', { name: 'Channels' });

  await channels.getByRole('button', { name: '# Admin Support' }).click();
  await expect(page.getByText('Coordinator', { exact: true })).toBeVisible();
  await expect(page.getByText('No messages yet in this channel. Start the conversation!')).toBeVisible();
  await expect(page.getByText('Exclusive VIP Cardholder Success Team Chat')).toBeHidden();

  await channels.getByRole('button', { name: '# Success Team Group' }).click();
  await expect(page.getByText('VIP Exclusive', { exact: true })).toBeVisible();
  await expect(page.getByText('Exclusive VIP Cardholder Success Team Chat')).toBeVisible();
  await expect(page.getByText('No messages yet in this channel. Start the conversation!')).toBeVisible();
  await expect(page.getByPlaceholder('Message #Success Team Group')).toBeVisible();
  await expectAccessible(page);

  // The open channel is in the address: a reload opens it again, not the first channel.
  await expect(page).toHaveURL(/\/chat\?type=cardholder_success&channel=Success\+Team\+Group$/);
  await page.reload();
  await expect(page.getByPlaceholder('Message #Success Team Group')).toBeVisible();
});

test('two people on the same channel see each other live', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const coordinatorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const coordinator = await coordinatorContext.newPage();
  try {
    await signIn(admin, 'admin', '/chat');
    await signIn(coordinator, 'coordinator', '/chat');
    for (const page of [admin, coordinator]) {
      await page
        .getByRole('navigation', { name: 'Channels' })
        .getByRole('button', { name: '# Event Volunteers' })
        .click();
      await expect(page.getByPlaceholder('Message #Event Volunteers')).toBeVisible();
    }

    const hello = `Who can help on Saturday? ${Date.now()}`;
    await admin.getByPlaceholder('Message #Event Volunteers').fill(hello);
    await admin.keyboard.press('Enter');
    await expect(admin.getByPlaceholder('Message #Event Volunteers')).toHaveValue('');

    const log = coordinator.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(hello)).toBeVisible();
    await expect(log.getByText('Grace Admin')).toBeVisible();
    await expect(log.getByText(/ago$/).first()).toBeVisible();

    const reply = `I can, from 9 a.m. ${Date.now()}`;
    await coordinator.getByPlaceholder('Message #Event Volunteers').fill(reply);
    await coordinator.getByRole('button', { name: 'Send' }).click();
    await expect(admin.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();
    await expect(admin.getByRole('log', { name: 'Messages' }).getByText('Sam Coordinator')).toBeVisible();
    // Each message appears once, even though the sender gets it both from the send and the stream.
    await expect(admin.getByText(hello)).toHaveCount(1);
    await expect(coordinator.getByText(reply)).toHaveCount(1);
  } finally {
    await adminContext.close();
    await coordinatorContext.close();
  }
});

test('Send is disabled until there is text; markup is shown as text', async ({ page }) => {
  await signIn(page, 'coordinator', '/chat');
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: '# Event Volunteers' }).click();
  const box = page.getByPlaceholder('Message #Event Volunteers');
  const sendButton = page.getByRole('button', { name: 'Send' });
  await expect(sendButton).toBeDisabled();
  await box.fill('    ');
  await expect(sendButton).toBeDisabled();
  const markup = `<b>bold?</b> <img src=x onerror="window.__chatXss=1"> ${Date.now()}`;
  await box.fill(markup);
  await expect(sendButton).toBeEnabled();
  await sendButton.click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(markup)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __chatXss?: number }).__chatXss)).toBeUndefined();
});

test('cardholder channels are searchable by name and zone', async ({ page }) => {
  await signIn(page, 'coordinator', '/chat');
  const channels = page.getByRole('navigation', { name: 'Channels' });
  await expect(channels.getByRole('button', { name: /Esther Kim/ })).toBeVisible();
  await expect(channels.getByRole('button', { name: /Samuel Okafor/ })).toBeVisible();
  await expect(channels.getByRole('button', { name: /Former Cardholder/ })).toBeHidden();

  const search = page.getByPlaceholder('Search cardholders...');
  await search.fill('WEST');
  await expect(channels.getByRole('button', { name: /Esther Kim/ })).toBeVisible();
  await expect(channels.getByRole('button', { name: /Samuel Okafor/ })).toBeHidden();
  // Accents and case aside, as every search box of the portal (decision 0181).
  await search.fill('Ésther');
  await expect(channels.getByRole('button', { name: /Esther Kim/ })).toBeVisible();
  await expect(channels.getByRole('button', { name: /Samuel Okafor/ })).toBeHidden();
  await search.fill('nobody by this name');
  await expect(page.getByText('No cardholders found')).toBeVisible();
  await search.fill('samuel');
  await channels.getByRole('button', { name: /Samuel Okafor/ }).click();
  await expect(page.getByRole('heading', { name: '# Samuel Okafor' })).toBeVisible();
  await expect(page.getByText('VIP Exclusive', { exact: true })).toBeVisible();
});

test('without the VIP permission the Cardholder Success group is not shown', async ({ page }) => {
  await signIn(page, 'limited', '/chat');
  await expect(page.getByRole('button', { name: 'Partner Channels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cardholder Success' })).toBeHidden();
  await expect(page.getByPlaceholder('Search cardholders...')).toBeHidden();
  const refused = await page.request.get('/api/chat/cardholders');
  expect(refused.status()).toBe(403);
});

test('Shift+Enter starts a new line and Enter sends the message with its lines', async ({ page }) => {
  await signIn(page, 'coordinator', '/chat');
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: '# Event Volunteers' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  const first = `First line ${Date.now()}`;
  await box.click();
  await page.keyboard.type(first);
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Second line');
  await expect(box).toHaveValue(`${first}\nSecond line`);
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  const sent = page.getByRole('log', { name: 'Messages' }).getByText(first);
  await expect(sent).toBeVisible();
  await expect(sent).toHaveText(`${first}\nSecond line`);
});

// A phone, and a tablet held upright, where the sidebar leaves about 500 px (decision 0155):
// three columns there cut the conversation and its Send button off at the window's edge.
for (const [where, width, height] of [
  ['on a phone', 390, 844],
  ['on a tablet beside the sidebar', 800, 1000],
] as const)
  test.describe(where, () => {
    test.use({ viewport: { width, height } });

    test('the channels come first, then the conversation picked, with a way back', async ({ page }) => {
      await signIn(page, 'coordinator', '/chat');
      const channels = page.getByRole('navigation', { name: 'Channels' });
      await expect(page.getByRole('heading', { level: 1, name: 'Communication Hub' })).toBeVisible();
      await expect(page.getByRole('heading', { name: '# General Partners' })).toBeHidden();

      await channels.getByRole('button', { name: '# Zone Leaders' }).click();
      const title = page.getByRole('heading', { name: '# Zone Leaders' });
      await expect(title).toBeVisible();
      await expect(title).toBeFocused();
      await expect(channels).toBeHidden();
      await expect(page.getByPlaceholder('Message #Zone Leaders')).toBeVisible();
      const send = await page.getByRole('button', { name: 'Send' }).boundingBox();
      expect(send && send.x + send.width).toBeLessThanOrEqual(width);
      await expectAccessible(page);

      // A reload shows the conversation it was on; back to the list, a reload shows the list.
      await page.reload();
      await expect(page.getByRole('heading', { name: '# Zone Leaders' })).toBeVisible();
      await expect(channels).toBeHidden();

      await page.getByRole('button', { name: 'Back to channels' }).click();
      await expect(channels).toBeVisible();
      await expect(title).toBeHidden();
      await expect(channels.getByRole('button', { name: '# Zone Leaders' })).toBeFocused();
      await expect(page).toHaveURL(/\/chat$/);
    });
  });

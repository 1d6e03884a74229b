import { expect, expectAccessible, signIn, test } from './support/fixtures';

// Issue 23 item 5. 'Events Team' is this spec's channel; search terms carry a unique stamp.

test('search finds a message in another channel, highlights the words and opens the channel at it', async ({
  page,
}) => {
  await signIn(page, 'coordinator', '/chat');
  const stamp = Date.now().toString(36);
  const word = `lantern${stamp}`;
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: '# Events Team' }).click();
  const composer = page.getByPlaceholder('Message #Events Team');
  await composer.fill(`Bring the ${word} for the <b>vigil</b> on Friday`);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: '# General Partners' }).click();

  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await box.fill(`${word.slice(0, -2)} FRI`);
  const results = page.getByRole('list', { name: 'Search results' });
  const result = results.getByRole('button').filter({ hasText: word });
  await expect(result).toHaveCount(1);
  await expect(result).toContainText('# Events Team');
  await expect(result).toContainText('Coordinator');
  await expect(result).toContainText('Sam Coordinator');
  // The matched word starts are marked; the message's markup is shown as text.
  await expect(result.locator('mark')).toHaveText([word.slice(0, -2), 'Fri']);
  await expect(result).toContainText('<b>vigil</b>');
  await expectAccessible(page);

  // Enter on the result: the panel closes with it, and the focus goes to the message opened.
  await result.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\?type=coordinator&channel=Events\+Team&message=\d+$/);
  await expect(page.getByRole('heading', { name: '# Events Team' })).toBeVisible();
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText(`Bring the ${word} for the <b>vigil</b> on Friday`),
  ).toBeVisible();
  await expect(results).toBeHidden();
  await expect(
    page.getByRole('log', { name: 'Messages' }).locator('[data-message-id]').filter({ hasText: word }),
  ).toBeFocused();
});

test('a search without matches says so, and Escape closes the results', async ({ page }) => {
  await signIn(page, 'coordinator', '/chat');
  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await box.fill(`nothing-like-${Date.now()} a:* & !(`);
  await expect(page.getByText('No messages match')).toBeVisible();
  await box.press('Escape');
  await expect(page.getByText('No messages match')).toBeHidden();
  await expect(box).toBeFocused();
});

test('a search typed without accents finds and marks the accented words (decision 0181)', async ({ page }) => {
  await signIn(page, 'coordinator', '/chat');
  const stamp = Date.now().toString(36);
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: '# Events Team' }).click();
  const composer = page.getByPlaceholder('Message #Events Team');
  await composer.fill(`Meet at Café${stamp} with the O’Connor family`);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');

  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await box.fill(`cafe${stamp} o'connor`);
  const result = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button')
    .filter({ hasText: `Café${stamp}` });
  await expect(result).toHaveCount(1);
  await expect(result.locator('mark')).toHaveText([`Café${stamp}`, 'O', 'Connor']);
});

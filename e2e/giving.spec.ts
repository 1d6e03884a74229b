import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, expectToast, unique } from './support/portal';

// The Giving screen (issue 19): a treasurer finds gifts with filters kept in the address,
// corrects one, reads its history, voids another with a reason, and exports the list; a
// coordinator without Giving Records sees none of it.

async function addGift(page: Page, partnerName: string, amount: string, notes: string | null = null) {
  const response = await page.request.post('/api/giving/donations', {
    data: { partnerName, amount, donationType: 'one-time', notes, method: 'check', reference: '1042' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('an admin lists, filters, corrects, voids and exports gifts, and reads their history', async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  const giver = unique('Ledger Giver');
  await addGift(page, giver, '25.00', 'Christmas offering');
  await addGift(page, giver, '10.00');

  await page.getByRole('link', { name: 'View all gifts' }).click();
  await expect(page.getByRole('heading', { name: 'Giving', level: 1 })).toBeVisible();
  await page.getByLabel('Name or notes').fill(giver);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('gift-row')).toHaveCount(2);
  await expect(page.getByTestId('gifts-summary')).toHaveText('2 gifts, totalling $35.00');
  await expectAccessible(page);

  // The filtered view is an address: it survives a reload.
  await expect(page).toHaveURL(/q=Ledger/);
  await page.reload();
  await expect(page.getByTestId('gift-row')).toHaveCount(2);

  // A correction, kept in the gift's history.
  // Saved with nothing changed: said so, and no correction joins its history.
  await page.getByRole('button', { name: `Edit the gift of $25.00 from ${giver}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit gift' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Nothing changed', 'The gift is as it was.');
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: `Edit the gift of $25.00 from ${giver}` }).click();
  // "1e" (half of "1e3") is text the box reports as '': it is not a number, not an empty box (decision 0168).
  await edit.getByLabel('Amount').clear();
  await edit.getByLabel('Amount').pressSequentially('1e');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByLabel('Amount')).toHaveAccessibleDescription('Amount must be a number');
  await edit.getByLabel('Amount').fill('30');
  await edit.getByLabel('Method (optional)').selectOption('card');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Gift corrected');
  await expect(page.getByTestId('gifts-summary')).toHaveText('2 gifts, totalling $40.00');
  const history = page.getByRole('button', { name: `History of the gift of $30.00 from ${giver}` });
  await history.click();
  const dialog = page.getByRole('dialog', { name: 'History of this gift' });
  await expect(dialog.getByTestId('gift-history-entry')).toHaveCount(2);
  await expect(dialog).toContainText('Corrected by Grace Admin');
  await expect(dialog).toContainText('Amount: $25.00 → $30.00');
  await expect(dialog).toContainText('Method: Check → Card');
  await page.keyboard.press('Escape');
  await expect(history).toBeFocused();

  // A void needs a reason; the gift then counts nowhere, and shows again, struck through, on request.
  await page.getByRole('button', { name: `Void the gift of $10.00 from ${giver}` }).click();
  const voiding = page.getByRole('dialog', { name: 'Void this gift?' });
  // The list leaves voided gifts out unless asked: the words say so (they said it would stay listed).
  await expect(voiding).toContainText(
    `$10.00 from ${giver} will stop counting in the dashboard, insights and statements. It stays in the records, and shows struck through when “Include voided gifts” is ticked.`,
  );
  await voiding.getByRole('button', { name: 'Void gift' }).click();
  await expect(voiding.getByRole('alert')).toHaveText('A reason is required to void a gift');
  await voiding.getByLabel('Reason').fill('Recorded twice');
  await voiding.getByRole('button', { name: 'Void gift' }).click();
  await expectToast(page, 'Gift voided');
  await expect(page.getByTestId('gift-row')).toHaveCount(1);
  await expect(page.getByTestId('gifts-summary')).toHaveText('1 gift, totalling $30.00');
  // Its Void button is gone with its row: the focus goes to the count, not to the page's body.
  await expect(page.getByTestId('gifts-summary')).toBeFocused();
  // The box follows the address bar, a moment after the click: click, then wait for both.
  await page.getByLabel('Include voided gifts').click();
  await expect(page).toHaveURL(/voided=1/);
  await expect(page.getByLabel('Include voided gifts')).toBeChecked();
  await expect(page.getByTestId('gift-row')).toHaveCount(2);
  await expect(page.getByTestId('gift-row').filter({ hasText: 'Voided' })).toContainText('Recorded twice');
  await expect(page.getByTestId('gifts-summary')).toHaveText(
    '2 gifts, totalling $30.00 (voided gifts are among them, not in the total)',
  );

  // The export downloads the filtered list, readable by spreadsheet programs.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gifts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.includes(',30.00,'))).toContain(
    `${giver},30.00,One-time,Card,1042,Christmas offering,Grace Admin`,
  );
  expect(lines.find((line) => line.includes(',10.00,'))).toContain('Recorded twice');
});

test('a coordinator given Giving Records reaches the screen; one without it sees no gifts anywhere', async ({
  browser,
}) => {
  const treasurer = await browser.newPage();
  await signIn(treasurer, 'treasurer', '/dashboard');
  await treasurer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Giving' }).click();
  await expect(treasurer.getByRole('heading', { name: 'Giving', level: 1 })).toBeVisible();
  await expect(treasurer.getByTestId('gifts-summary')).toBeVisible();
  // Recording a gift is for admins alone (D4).
  await expect(treasurer.getByRole('button', { name: 'Add Donation' })).toHaveCount(0);
  await treasurer.close();

  const coordinator = await browser.newPage();
  await signIn(coordinator, 'coordinator', '/dashboard');
  await expect(coordinator.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Giving' })).toHaveCount(
    0,
  );
  await expect(coordinator.getByRole('link', { name: 'View all gifts' })).toHaveCount(0);
  await coordinator.goto('/giving');
  await expect(coordinator).not.toHaveURL(/\/giving/);
  // Sent on with a word of why, not silently.
  await expectToast(coordinator, 'No access to that page', 'Giving Records is not among your permissions.');
  expect((await coordinator.request.get('/api/giving/gifts')).status()).toBe(403);
  await coordinator.close();
});

test('donor insights name a first-time donor and make a follow-up task for them', async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  const partner = await createPartnerViaApi(page, { name: unique('First Giver'), email: 'first.giver@example.org' });
  const response = await page.request.post('/api/giving/donations', {
    data: { partnerName: partner.name, partnerId: partner.id, amount: '60.00', donationType: 'one-time' },
  });
  expect(response.status()).toBe(201);

  await page.goto('/giving');
  const firstTime = page.getByTestId('insight-firstTime');
  await expect(firstTime.getByRole('link', { name: partner.name })).toBeVisible();
  await firstTime.getByRole('button', { name: `Create follow-up task for ${partner.name}` }).click();
  await expectToast(page, 'Follow-up task created', `Follow up with ${partner.name}, due in a week.`);
  await expect(firstTime.getByRole('button', { name: `Follow-up task created for ${partner.name}` })).toBeDisabled();
  const board = (await (await page.request.get('/api/tasks')).json()) as { active: { title: string }[] };
  expect(board.active.map((t) => t.title)).toContain(`Follow up with ${partner.name}`);

  // Come back later: the open task is named instead of offering a second one.
  await page.reload();
  await expect(
    firstTime.getByRole('link', { name: `Open task for ${partner.name}: Follow up with ${partner.name}` }),
  ).toBeVisible();
  await expect(firstTime.getByRole('button', { name: `Create follow-up task for ${partner.name}` })).toHaveCount(0);

  // The partner's name leads to their details, where the task is among their open tasks.
  await firstTime.getByRole('link', { name: partner.name, exact: true }).click();
  const details = page.getByRole('dialog', { name: partner.name });
  await expect(details).toBeVisible();
  await expect(details.getByTestId('partner-gift-total')).toHaveText('$60.00 given in 1 gift');
  await expect(details.getByRole('region', { name: 'Open tasks' })).toContainText(`Follow up with ${partner.name}`);
});

test.describe('without a connection', () => {
  // The browser logs the request it could not send; that is the point here.
  test.use({ allowConsoleErrors: /net::ERR_INTERNET_DISCONNECTED/ });

  test('a change made with the connection lost says so in words, and nothing is saved', async ({ page, context }) => {
    await signIn(page, 'admin', '/dashboard');
    const giver = unique('Offline Giver');
    await addGift(page, giver, '12.00');
    await page.goto(`/giving?q=${encodeURIComponent(giver)}`);
    await page.getByRole('button', { name: `Void the gift of $12.00 from ${giver}` }).click();
    const voiding = page.getByRole('dialog', { name: 'Void this gift?' });
    await voiding.getByLabel('Reason').fill('Recorded twice');
    await context.setOffline(true);
    try {
      await voiding.getByRole('button', { name: 'Void gift' }).click();
      await expect(voiding.getByRole('alert')).toHaveText(
        'The connection to the portal was lost, so nothing was saved. Check your connection and try again.',
      );
    } finally {
      await context.setOffline(false);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('gifts-summary')).toHaveText('1 gift, totalling $12.00');
  });
});

test('gifts typed under a name are linked to the partner of that name from "Gifts without a partner"', async ({
  page,
}) => {
  await signIn(page, 'admin', '/dashboard');
  const name = unique('Later Partner');
  // The gift first, while no partner has the name; then the partner.
  await addGift(page, name, '45.00');
  const partner = await createPartnerViaApi(page, { name, email: 'later.partner@example.org' });

  await page.goto('/giving');
  await page.getByRole('button', { name: 'Gifts without a partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gifts without a partner' });
  const mine = dialog.getByTestId('unlinked-group').filter({ hasText: name });
  await expect(mine).toContainText('1 gift, $45.00');
  await expect(mine).toContainText('Suggested: same name.');
  await expect(mine.getByRole('checkbox')).toBeChecked();
  // Other tests' gifts share this server: link only this one.
  for (const box of await dialog.getByRole('checkbox', { checked: true }).all())
    if ((await box.getAttribute('aria-label')) !== `Link the gifts of ${name}`) await box.uncheck();
  await dialog.getByRole('button', { name: 'Link 1 name' }).click();
  await expectToast(page, 'Gifts linked', '1 gift linked to 1 partner.');
  await expect(mine).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/partners?partner=${partner.id}`);
  await expect(page.getByRole('dialog', { name }).getByTestId('partner-gift-total')).toHaveText(
    '$45.00 given in 1 gift',
  );
});

test('an admin records a gift from the Giving screen itself, and it is listed at once', async ({ page }) => {
  await signIn(page, 'admin', '/giving');
  const giver = unique('Header Giver');
  const add = page.getByRole('button', { name: 'Add Donation' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add Donation' });
  await dialog.getByLabel('Partner Name').fill(giver);
  await dialog.getByLabel('Amount (USD)').fill('42.50');
  await dialog.getByRole('button', { name: 'Add Donation' }).click();
  await expectToast(page, 'Donation added', 'Successfully added $42.50 donation.');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  await expect(page.getByTestId('gift-row').filter({ hasText: giver })).toContainText('$42.50');
});

test('the Notes column takes room only when a gift on the page has notes', async ({ page }) => {
  // At 1,280 px an empty Notes column 160 px wide pushed the recorder's name onto three lines.
  await signIn(page, 'admin', '/giving?range=all');
  const plain = unique('Plain Giver');
  const noted = unique('Noted Giver');
  await addGift(page, plain, '12.00');
  await addGift(page, noted, '14.00', 'In memory of a friend of the ministry');
  const notesWidth = async (giver: string) => {
    await page.getByLabel('Name or notes').fill(giver);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('gift-row')).toHaveCount(1);
    await expect(page.getByTestId('gift-row')).toContainText(giver);
    return (await page.getByRole('columnheader', { name: 'Notes' }).boundingBox())?.width ?? 0;
  };
  expect(await notesWidth(plain)).toBeLessThan(100);
  expect(await notesWidth(noted)).toBeGreaterThanOrEqual(160);
});

test('a wrong amount in the filters is said beside its field, and the list stays as it was', async ({ page }) => {
  await signIn(page, 'admin', '/giving?range=all');
  await expect(page.getByTestId('gifts-summary')).toBeVisible();
  const smallest = page.getByLabel('Smallest amount');
  const largest = page.getByLabel('Largest amount');
  await smallest.fill('500');
  await largest.fill('100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(smallest).toHaveAccessibleDescription('The smallest amount must not be above the largest');
  await expect(smallest).toBeFocused();
  await expect(page).not.toHaveURL(/min=/);
  await expect(page.getByText('The gifts could not be loaded')).toHaveCount(0);

  await smallest.fill('');
  await largest.fill('abc');
  await page.keyboard.press('Enter');
  await expect(largest).toHaveAccessibleDescription('Please enter an amount like 25 or 25.50');
  await expect(smallest).not.toHaveAttribute('aria-invalid');

  await largest.fill('100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/max=100/);
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter an amount' })).toHaveCount(0);
  await expect(largest).not.toHaveAttribute('aria-invalid');

  // Thousands commas, as Add Donation takes them.
  await largest.fill('1,000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/max=1000(&|$)/);
  await expect(largest).not.toHaveAttribute('aria-invalid');
});

test('a custom range whose From is after its To is said under From, and the list stays as it was', async ({ page }) => {
  await signIn(page, 'admin', '/giving?range=all');
  await expect(page.getByTestId('gifts-summary')).toBeVisible();
  await page.getByLabel('Dates').selectOption('custom');
  const from = page.getByLabel('From', { exact: true });
  await from.fill('2026-11-30');
  await page.getByLabel('To', { exact: true }).fill('2026-11-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(from).toHaveAccessibleDescription('The start of the date range must not be after its end');
  await expect(from).toBeFocused();
  await expect(page).not.toHaveURL(/from=/);
  await expect(page.getByText('The gifts could not be loaded')).toHaveCount(0);

  await from.fill('2026-11-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/from=2026-11-01/);
  await expect(from).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('gifts-summary')).toBeVisible();
});

test('the filters are changed by keyboard: each choice applies and the focus stays on it for the next', async ({
  page,
}) => {
  await signIn(page, 'admin', '/giving');
  await expect(page.getByTestId('gifts-summary')).toBeVisible();
  const dates = page.getByLabel('Dates');
  await dates.focus();
  // Each arrow applies the next choice; the select keeps the focus, so the next arrow goes on from it.
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/range=/);
  await expect(dates).toBeFocused();
  const first = new URL(page.url()).searchParams.get('range');
  // The address changes a moment before the screen draws its choice; the next arrow goes on from
  // what the select shows (pressed sooner, it chose the same preset again: failed 1 run in 4).
  await expect(dates).toHaveValue(first!);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => new URL(page.url()).searchParams.get('range')).not.toBe(first);
  await expect(dates).toBeFocused();

  // What is typed but not applied stays through a choice elsewhere, and goes with it.
  await page.getByLabel('Name or notes').fill('Harvest');
  const voided = page.getByLabel('Include voided gifts');
  await voided.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/voided=/);
  await expect(page).toHaveURL(/q=Harvest/);
  await expect(voided).toBeFocused();
  await expect(page.getByLabel('Name or notes')).toHaveValue('Harvest');
});

test('a gift edited out of the dates shown leaves the list, and the focus goes to the count, not the page', async ({
  page,
}) => {
  await signIn(page, 'admin', '/dashboard');
  const giver = unique('Moved Giver');
  await addGift(page, giver, '15.00');
  await addGift(page, giver, '20.00');
  await page.goto(`/giving?q=${encodeURIComponent(giver)}`);
  await expect(page.getByTestId('gift-row')).toHaveCount(2);
  await page.getByRole('button', { name: `Edit the gift of $15.00 from ${giver}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit gift' });
  await edit.getByLabel('Date').fill(`${new Date().getFullYear() - 1}-06-15`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Gift corrected');
  await expect(page.getByTestId('gift-row')).toHaveCount(1);
  await expect(page.getByTestId('gifts-summary')).toBeFocused();
});

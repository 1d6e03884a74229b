import { overflow } from './support/overflow';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { unique } from './support/portal';

// Importing gifts (issue 19 item 6): upload a CSV, map its columns, preview with the dry run,
// import it as one batch, see the gifts, and undo the batch.

test('an admin imports gifts from a CSV, sees them, and undoes the import', async ({ page }) => {
  const donor = unique('Import Donor');
  const source = unique('Bank');
  // Gifts of this month, which the Giving list shows by default (the 1st: never after today).
  const now = new Date();
  const month = `${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()}`;
  const csv = [
    'Posted;Value;Donor;Memo',
    `01.${month};"1,250.00";${donor};First`,
    `01.${month};20;${donor};Second`,
    `01.${month};=1+2;${donor};Formula`,
  ].join('\n');

  await signIn(page, 'admin', '/giving/import');
  await expect(page.getByRole('heading', { name: 'Import gifts', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Upload: the source's name and the file, through the picker.
  await page.getByLabel('Source').fill(source);
  await page.getByLabel('CSV file').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('bank.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  // Map: the headers are not the field names, so the person picks them. Each step's title takes
  // the focus: the button pressed went with the step before.
  await expect(page.getByText('bank.csv: 3 rows.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Map columns', level: 2 })).toBeFocused();
  await page.getByRole('combobox', { name: 'Date (required)' }).selectOption('Posted');
  await page.getByRole('combobox', { name: 'Amount (required)' }).selectOption('Value');
  await page.getByRole('combobox', { name: 'Partner name' }).selectOption('Donor');
  await page.getByRole('combobox', { name: 'Notes' }).selectOption('Memo');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Preview' }).click();

  // Preview and dry run: two new gifts, one row refused as a formula.
  const counts = page.getByRole('definition');
  await expect(counts.nth(0)).toHaveText('2');
  await expect(counts.nth(2)).toHaveText('1');
  await expect(page.getByText(/Row 4: Amount starts with "="/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview', exact: true, level: 2 })).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: 'First' })).toContainText('Not linked: no partner matches');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import without the 1 row with errors' }).click();

  // Commit, as a job: done when it says so.
  await expect(page.getByText('Imported 2 gifts, left out 1 row with errors.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Done', level: 2 })).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: source })).toBeVisible();

  // The gifts on the Giving list.
  await page.getByRole('link', { name: 'See the gifts' }).click();
  await expect(page.getByRole('heading', { name: 'Giving', level: 1 })).toBeVisible();
  await page.goto(`/giving?q=${encodeURIComponent(donor)}`);
  const rows = page.getByRole('row').filter({ hasText: donor });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '1,250' })).toHaveCount(1);
  await expectAccessible(page);

  // Undo from the recent imports, after a confirmation naming the count.
  await page.getByRole('link', { name: 'Import gifts' }).click();
  const batch = page.getByRole('row').filter({ hasText: source });
  await expect(batch).toBeVisible();
  // With a row in Recent imports, the screen still fits a phone: the table scrolls in its frame.
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await overflow(page)).worst).toBe(0);
  await page.setViewportSize(desk);
  await batch.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This removes the 2 gifts it brought in.');
  await dialog.getByRole('button', { name: 'Remove 2 gifts' }).click();
  // A job undoes it (decision 0148): the row follows it, and says when it is done.
  await expect(page.getByText('Import undone')).toBeVisible();
  await expect(batch).toContainText('Undone');
  // The focus stayed with the row, through the progress that replaced Undo.
  await expect(batch.getByRole('cell').last()).toBeFocused();
  await expect(batch.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // The Giving list again: the gifts are gone.
  await page.goto(`/giving?q=${encodeURIComponent(donor)}`);
  await expect(page.getByText('No gifts match these filters.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: donor })).toHaveCount(0);
});

test('a bad file gets a clear message and the source typed stays', async ({ page }) => {
  await signIn(page, 'admin', '/giving/import');
  await page.getByLabel('Source').fill('Latin bank');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'latin.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Date,Amount,Name\n2024-03-01,5,Jos\xe9\n', 'latin1'),
  });
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('save the file as "CSV UTF-8"');
  // The refused file leaves the focus on the button, which the reason describes (it fell to the page).
  await expect(page.getByRole('button', { name: 'Upload and continue' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Upload and continue' })).toHaveAccessibleDescription(
    /save the file as "CSV UTF-8"/,
  );
  await expect(page.getByLabel('Source')).toHaveValue('Latin bank');
});

test('an import undone from its done step: the undo runs as a job and the step says when it is done', async ({
  page,
}) => {
  const source = unique('Undo bank');
  const csv = ['Date,Amount,Name', '2024-03-01,15,Undo Giver', '2024-03-02,25,Undo Giver'].join('\n');
  await signIn(page, 'admin', '/giving/import');
  await page.getByLabel('Source').fill(source);
  await page.getByLabel('CSV file').setInputFiles({ name: 'undo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  // The headers name the fields: the mapping is guessed.
  await expect(page.getByText('undo.csv: 2 rows.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 2 gifts' }).click();
  await expect(page.getByText('Imported 2 gifts.')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Undo' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove 2 gifts' }).click();
  await expect(page.getByText('The import was undone: its gifts are gone.')).toBeVisible();
  await expect(page.getByText('The import was undone: its gifts are gone.')).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: source })).toContainText('Undone');
  await expectAccessible(page);
});

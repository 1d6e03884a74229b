import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { unique } from './support/portal';

// Importing gifts (issue 19 item 6): upload a CSV, map its columns, preview with the dry run,
// import it as one batch, see the gifts, and undo the batch.

test('an admin imports gifts from a CSV, sees them, and undoes the import', async ({ page }) => {
  test.setTimeout(60_000);
  const donor = unique('Import Donor');
  const source = unique('Bank');
  const csv = [
    'Posted;Value;Donor;Memo',
    `05.03.2024;"1,250.00";${donor};First`,
    `06.03.2024;20;${donor};Second`,
    `07.03.2024;=1+2;${donor};Formula`,
  ].join('\n');

  await signIn(page, 'admin', '/giving/import');
  await expect(page.getByRole('heading', { name: 'Import gifts', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Upload: the source's name and the file, through the picker.
  await page.getByLabel('Source').fill(source);
  await page.getByLabel('CSV file').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('bank.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  // Map: the headers are not the field names, so the person picks them.
  await expect(page.getByText('bank.csv: 3 rows.')).toBeVisible();
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
  await expect(page.getByRole('row').filter({ hasText: 'First' })).toContainText('Not linked: no partner matches');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import without the 1 row with errors' }).click();

  // Commit, as a job: done when it says so.
  await expect(page.getByText('Imported 2 gifts, left out 1 rows with errors.')).toBeVisible({ timeout: 20_000 });
  const listed = await page.request.get(`/api/giving/gifts?q=${encodeURIComponent(donor)}`);
  const { gifts } = (await listed.json()) as { gifts: { amount: string }[] };
  expect(gifts.map((g) => g.amount).sort()).toEqual(['1250.00', '20.00']);
  await expect(page.getByRole('row').filter({ hasText: source })).toBeVisible();

  // Undo, after a confirmation naming the count.
  await page.getByRole('button', { name: 'Undo' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This removes the 2 gifts it brought in.');
  await dialog.getByRole('button', { name: 'Remove 2 gifts' }).click();
  await expect(page.getByText('The import was undone: its gifts are gone.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: source })).toContainText('Undone');
  const after = await page.request.get(`/api/giving/gifts?q=${encodeURIComponent(donor)}`);
  expect(((await after.json()) as { gifts: unknown[] }).gifts).toEqual([]);
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
  await expect(page.getByLabel('Source')).toHaveValue('Latin bank');
});

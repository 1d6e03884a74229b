import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, unique } from './support/portal';

// Importing partners (issue 20 item 4): a Planning Center style CSV with a partner already in
// the directory; fill their empty fields, preview, import as one batch, see them, undo it.

const card = (page: Page, name: string) =>
  page.getByTestId('partner-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a coordinator imports partners with a duplicate, fills its empty fields, sees them, and undoes the import', async ({
  page,
}) => {
  const stamp = unique('Imp').replace(/\W/g, '').toLowerCase();
  const known = `Known ${stamp}`;
  const newcomer = { first: 'Nora', last: `New ${stamp}` };
  const source = unique('Planning Center');
  await signIn(page, 'coordinator', '/partners');
  await createPartnerViaApi(page, { name: known, email: `known-${stamp}@example.org`, location: null });

  const csv = [
    'First Name,Last Name,Home Email,Mobile Phone,Home Address City,Tags',
    // The known partner, by email in another case: their empty city gets filled.
    `Known,${stamp},KNOWN-${stamp}@example.org,,Leeds,`,
    `${newcomer.first},${newcomer.last},nora-${stamp}@example.org,+44 20 7946 0958,York,"Prayer ${stamp}; Donors ${stamp}"`,
    // The same person again, later in the file: reported and skipped.
    `Nora,Again,NORA-${stamp}@example.org,,,`,
  ].join('\n');

  // The directory's button leads to the import.
  await page.getByRole('link', { name: 'Import partners' }).click();
  await expect(page.getByRole('heading', { name: 'Import partners', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Source').fill(source);
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  // Map: Planning Center's headers are recognised; duplicates get their empty fields filled.
  await expect(page.getByText('people.csv: 3 rows.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Email (required)' })).toHaveValue('Home Email');
  await expect(page.getByRole('combobox', { name: 'First name' })).toHaveValue('First Name');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Home Address City');
  await page.getByRole('radio', { name: /Fill their empty fields/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Preview' }).click();

  // Preview and dry run: one to create, one to update, one skipped as a repeat.
  const counts = page.getByRole('definition');
  await expect(counts.nth(0)).toHaveText('1');
  await expect(counts.nth(1)).toHaveText('1');
  await expect(counts.nth(2)).toHaveText('1');
  await expect(page.getByRole('term').nth(2)).toHaveText('To skip (1 repeats an earlier row)');
  await expect(page.getByRole('row').filter({ hasText: 'Leeds' })).toContainText(
    `Fills ${known}'s empty location (same email)`,
  );
  await expect(page.getByRole('row').filter({ hasText: 'Again' })).toContainText('Repeats row 3: skipped');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import: create 1, update 1' }).click();
  await expect(page.getByText('Imported 1 partner, updated 1, skipped 1 likely duplicate.')).toBeVisible({
    timeout: 30_000,
  });

  // The partners in the directory: the newcomer with the tags, the known one with the city.
  await page.getByRole('link', { name: 'See the partners' }).click();
  await page.getByRole('searchbox', { name: 'Search partners' }).fill(stamp);
  await expect(card(page, `${newcomer.first} ${newcomer.last}`)).toBeVisible();
  await expect(card(page, known)).toContainText('Leeds');

  // Undo from the recent imports, after a confirmation that says what it does.
  await page.getByRole('link', { name: 'Import partners' }).click();
  const batch = page.getByRole('row').filter({ hasText: source });
  await batch.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This removes the 1 partner it brought in.');
  await expect(dialog).toContainText('1 partner it updated gets its earlier values and tags back.');
  await dialog.getByRole('button', { name: 'Remove 1 partner' }).click();
  await expect(batch).toContainText('Undone');
  await expect(batch.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // The directory again: the newcomer is gone, the known partner has no city again.
  await page.goto(`/partners?q=${encodeURIComponent(stamp)}`);
  await expect(card(page, known)).toBeVisible();
  await expect(card(page, known)).not.toContainText('Leeds');
  await expect(card(page, `${newcomer.first} ${newcomer.last}`)).toHaveCount(0);
});

import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, expectToast, unique } from './support/portal';

// Partner relationships (issue 20): tags and the tag filter, Tag all, the CSV export, and
// archive / delete by an admin.

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search partners' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

/** A filter checkbox: its state follows the address, so the click is checked once the page has moved. */
async function toggleFilter(group: Locator, name: string, on: boolean) {
  const box = group.getByRole('checkbox', { name });
  await box.click();
  if (on) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

const card = (page: Page, name: string) => page.getByTestId('partner-card').filter({ hasText: name });

test('a coordinator tags partners, filters the directory by tags and tags a whole filtered list', async ({ page }) => {
  await signIn(page, 'coordinator', '/partners');
  const prefix = unique('Tagged');
  const [first, second] = [`${prefix} Alpha`, `${prefix} Beta`];
  await createPartnerViaApi(page, { name: first, email: 'alpha@tags.example.org' });
  await createPartnerViaApi(page, { name: second, email: 'beta@tags.example.org' });
  await createPartnerViaApi(page, { name: `${prefix} Gamma`, email: 'gamma@tags.example.org' });
  const prayer = unique('Prayer');
  const youth = unique('Youth');

  // A tag made in the tag manager; a duplicate name is refused with a clear message.
  await page.reload();
  const manager = page.getByRole('button', { name: 'Manage tags' });
  await manager.click();
  const tagsDialog = page.getByRole('dialog', { name: 'Tags' });
  await tagsDialog.getByLabel('New tag').fill(prayer);
  await tagsDialog.getByLabel('Colour', { exact: true }).selectOption('teal');
  await tagsDialog.getByRole('button', { name: 'Add tag' }).click();
  await expectToast(page, 'Tag created', prayer);
  // Added or refused, the focus stays in the dialog, on the name (it fell out of the dialog).
  await expect(tagsDialog.getByLabel('New tag')).toBeFocused();
  await tagsDialog.getByLabel('New tag').fill(prayer.toUpperCase());
  await tagsDialog.getByRole('button', { name: 'Add tag' }).click();
  await expectToast(page, 'Failed to create tag', `A tag named "${prayer}" already exists`);
  await expect(tagsDialog.getByLabel('New tag')).toBeFocused();
  // A rename to a name taken is refused, and its Save button keeps the focus.
  const spare = unique('Spare');
  await tagsDialog.getByLabel('New tag').fill(spare);
  await tagsDialog.getByRole('button', { name: 'Add tag' }).click();
  await expectToast(page, 'Tag created', spare);
  const spareRow = tagsDialog
    .getByTestId('tag-row')
    .filter({ has: page.getByRole('button', { name: `Save ${spare}` }) });
  await spareRow.locator('input').first().fill(prayer);
  await spareRow.getByRole('button', { name: `Save ${spare}` }).click();
  await expectToast(page, 'Failed to update tag');
  await expect(spareRow.getByRole('button', { name: `Save ${spare}` })).toBeFocused();
  // Enter in a tag's name saves the rename, as it adds a new tag (it did nothing).
  const renamed = `${spare} renamed`;
  await spareRow.locator('input').first().fill(renamed);
  await spareRow.locator('input').first().press('Enter');
  await expectToast(page, 'Tag updated');
  const renamedRow = tagsDialog
    .getByTestId('tag-row')
    .filter({ has: page.getByRole('button', { name: `Save ${renamed}` }) });
  await expect(renamedRow.locator('input').first()).toBeFocused();
  // A rename typed and not saved is asked about before Escape drops it (it was lost without a word).
  await renamedRow.locator('input').first().fill(`${renamed} again`);
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(renamedRow.locator('input').first()).toBeFocused();
  await expect(renamedRow.locator('input').first()).toHaveValue(`${renamed} again`);
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(tagsDialog).toBeHidden();
  await expect(manager).toBeFocused();

  // The first partner gets the tag from details; the second a tag made in the picker.
  await search(page, prefix);
  await expect(page.getByTestId('partner-card')).toHaveCount(3);
  await page.getByRole('button', { name: `View Details for ${first}` }).click();
  let details = page.getByRole('dialog', { name: first });
  // Escape in the editor is the editor's: it clears the search, then cancels the editor with its
  // choices; the partner's dialog stays open and the focus returns to Edit tags.
  await details.getByRole('button', { name: 'Edit tags' }).click();
  const find = details.getByLabel('Find or create a tag');
  // The editor opens in its search: the focus had fallen to the dialog, and the next Tab reached Merge….
  await expect(find).toBeFocused();
  await details.getByRole('checkbox', { name: prayer }).check();
  await find.fill('no such tag');
  await find.press('Escape');
  await expect(find).toHaveValue('');
  await find.press('Escape');
  await expect(find).toBeHidden();
  await expect(details).toBeVisible();
  await expect(details.getByRole('button', { name: 'Edit tags' })).toBeFocused();
  await expect(details.getByTestId('tag-badge')).toHaveCount(0);
  await details.getByRole('button', { name: 'Edit tags' }).click();
  await details.getByRole('checkbox', { name: prayer }).check();
  await details.getByRole('button', { name: 'Save tags' }).click();
  await expectToast(page, 'Tags saved');
  await expect(details.getByTestId('tag-badge').filter({ hasText: prayer })).toBeVisible();
  // Saved: the editor is gone and the focus back on Edit tags, so Escape is the dialog's again.
  await expect(details.getByRole('button', { name: 'Edit tags' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card(page, first).getByTestId('tag-badge')).toHaveText([prayer]);

  await page.getByRole('button', { name: `View Details for ${second}` }).click();
  details = page.getByRole('dialog', { name: second });
  await details.getByRole('button', { name: 'Edit tags' }).click();
  await details.getByLabel('Find or create a tag').fill(youth);
  await details.getByRole('button', { name: 'Create tag' }).click();
  await expect(details.getByRole('checkbox', { name: youth })).toBeChecked();
  await details.getByRole('button', { name: 'Save tags' }).click();
  // The first partner's "Tags saved" may still be showing: wait for this save's end, the focus on
  // Edit tags, before Escape, or Escape would cancel the editor while it saves.
  await expect(details.getByRole('button', { name: 'Edit tags' })).toBeFocused();
  await expectToast(page, 'Tags saved');
  await page.keyboard.press('Escape');
  await expect(card(page, second).getByTestId('tag-badge')).toHaveText([youth]);
  await expectAccessible(page);

  // Filter by one tag, then either of two.
  await page.getByRole('button', { name: 'Filter' }).click();
  const filters = page.getByRole('group', { name: 'Filters' });
  await toggleFilter(filters, prayer, true);
  await expect(page.getByTestId('partner-card')).toHaveCount(1);
  await expect(card(page, first)).toBeVisible();
  await toggleFilter(filters, youth, true);
  await expect(page.getByTestId('partner-card')).toHaveCount(2);

  // Tag all: every partner of the search (the filter taken off) gets Prayer, after a confirmation naming how many.
  await toggleFilter(filters, prayer, false);
  await toggleFilter(filters, youth, false);
  await expect(page.getByTestId('partner-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'Tag all', exact: true }).click();
  const bulk = page.getByRole('dialog', { name: 'Tag or untag every listed partner' });
  await expect(bulk).toContainText('3 partners match the current search and filters');
  await bulk.getByLabel('Tag').selectOption({ label: prayer });
  await bulk.getByRole('button', { name: 'Tag all', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Tag all?' });
  await expect(confirm).toContainText(`Add "${prayer}" to all 3 partners matching the current filters?`);
  await confirm.getByRole('button', { name: 'Tag all', exact: true }).click();
  await expectToast(page, 'Partners tagged', `"${prayer}" added to 2 partners`);
  for (const name of [first, second, `${prefix} Gamma`]) {
    await expect(card(page, name).getByTestId('tag-badge').filter({ hasText: prayer })).toBeVisible();
  }

  // All of two tags: only the partner with both.
  await toggleFilter(filters, prayer, true);
  await toggleFilter(filters, youth, true);
  await filters.getByLabel('Match').selectOption('all');
  await expect(page.getByTestId('partner-card')).toHaveCount(1);
  await expect(card(page, second)).toBeVisible();
  await expect(page).toHaveURL(/match=all/);

  // The tag manager counts each tag's partners, in the singular for one (it read "1 partners").
  await manager.click();
  const youthRow = tagsDialog
    .getByTestId('tag-row')
    .filter({ has: page.getByRole('button', { name: `Save ${youth}` }) });
  await expect(youthRow.getByText('1 partner', { exact: true })).toBeVisible();
  await expect(
    tagsDialog.getByTestId('tag-row').filter({ has: page.getByRole('button', { name: `Save ${prayer}` }) }),
  ).toContainText('3 partners');
});

test('the directory exports its filtered list as CSV, with tags', async ({ page }) => {
  await signIn(page, 'coordinator', '/partners');
  const prefix = unique('Export');
  const tagged = await createPartnerViaApi(page, { name: `${prefix} One`, email: 'one@export.example.org' });
  await createPartnerViaApi(page, { name: `=SUM(1) ${prefix}`, email: 'two@export.example.org', zone: 'East' });
  const tagName = unique('Board');
  const created = await page.request.post('/api/partners/tags', { data: { name: tagName } });
  const tag = ((await created.json()) as { tag: { id: string } }).tag;
  expect((await page.request.put(`/api/partners/${tagged.id}/tags`, { data: { tagIds: [tag.id] } })).status()).toBe(
    200,
  );

  await page.reload();
  await search(page, prefix);
  await expect(page.getByTestId('partner-card')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^partners-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Name,Email,Phone,Location,Status,Zone,Coordinator,Cardholder,Last contact,Tags,Notes,Archived,Partner id',
  );
  expect(lines).toHaveLength(3);
  // The formula is written as text; the tagged partner carries its tag.
  expect(lines[1]).toContain(`'=SUM(1) ${prefix},two@export.example.org,,,Active,East`);
  expect(lines[2]).toBe(`${prefix} One,one@export.example.org,,,Active,,,No,,${tagName},,,${tagged.id}`);
});

test('an admin archives a partner out of the directory, brings it back, and deletes one without gifts', async ({
  page,
}) => {
  await signIn(page, 'admin', '/partners');
  const prefix = unique('Archive');
  const name = `${prefix} Church`;
  const giver = `${prefix} Giver`;
  await createPartnerViaApi(page, { name, email: 'church@archive.example.org' });
  const withGift = await createPartnerViaApi(page, { name: giver, email: 'giver@archive.example.org' });
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerId: withGift.id, partnerName: giver, amount: '12.00', donationType: 'one-time' },
  });
  expect(gift.status(), await gift.text()).toBe(201);

  await page.reload();
  await search(page, prefix);
  await expect(page.getByTestId('partner-card')).toHaveCount(2);
  await page.getByRole('button', { name: `View Details for ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'Archive' }).click();
  const confirmArchive = page.getByRole('alertdialog', { name: 'Archive partner?' });
  await expect(confirmArchive).toContainText(`"${name}" will leave the directory`);
  await confirmArchive.getByRole('button', { name: 'Archive' }).click();
  await expectToast(page, 'Partner archived', name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('partner-card')).toHaveCount(1);

  // "Show archived" brings it back, marked.
  await page.getByRole('button', { name: 'Filter' }).click();
  await toggleFilter(page.getByRole('group', { name: 'Filters' }), 'Show archived', true);
  await expect(page.getByTestId('partner-card')).toHaveCount(2);
  await expect(card(page, name)).toContainText('Archived');
  await page.getByRole('button', { name: `View Details for ${name}` }).click();
  await details.getByRole('button', { name: 'Unarchive' }).click();
  await page.getByRole('alertdialog', { name: 'Restore partner?' }).getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Partner restored', name);
  await page.keyboard.press('Escape');
  await expect(card(page, name)).not.toContainText('Archived');

  // A partner with a gift cannot be deleted, and the dialog says so before anyone tries (the
  // server refuses too: partner-archive.int.test.ts); one without can, after a confirmation naming them.
  await page.getByRole('button', { name: `View Details for ${giver}` }).click();
  const giverDetails = page.getByRole('dialog', { name: giver });
  const deleteGiver = giverDetails.getByRole('button', { name: 'Delete' });
  await expect(deleteGiver).toBeDisabled();
  await expect(deleteGiver).toHaveAccessibleDescription(
    'A partner with gifts cannot be deleted: archive them instead, and their gifts stay.',
  );
  await page.keyboard.press('Escape');
  await expect(card(page, giver)).toBeVisible();

  await page.getByRole('button', { name: `View Details for ${name}` }).click();
  await details.getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete partner?' });
  await expect(confirmDelete).toContainText(`This will permanently delete "${name}"`);
  await confirmDelete.getByRole('button', { name: 'Delete for good' }).click();
  await expectToast(page, 'Partner deleted', name);
  await expect(card(page, name)).toHaveCount(0);
  await expect(page.getByTestId('partner-card')).toHaveCount(1);
});

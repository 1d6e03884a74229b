import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, expectToast, unique } from './support/portal';

// Merging a duplicate partner (issue 20 item 6): an admin picks the duplicate, keeps its phone,
// and the duplicate's gift then shows under the survivor.
test('an admin merges a duplicate into a partner, choosing which values stay', async ({ page }) => {
  await signIn(page, 'admin');
  const token = unique('Merge').replace(/\s/g, '');
  const survivor = await createPartnerViaApi(page, { name: `${token} Ruth Miller`, email: `${token}@example.org` });
  const duplicate = await createPartnerViaApi(page, {
    name: `${token} Ruth A. Miller`,
    email: `${token}.second@example.org`,
    phone: '555-0142',
  });
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerId: duplicate.id, partnerName: duplicate.name, amount: '75.00', donationType: 'one-time' },
  });
  expect(gift.status()).toBe(201);

  await page.goto(`/partners?partner=${survivor.id}`);
  const details = page.getByRole('dialog', { name: survivor.name });
  await details.getByRole('button', { name: 'Merge…' }).click();
  const merge = page.getByRole('dialog', { name: `Merge a duplicate into ${survivor.name}` });
  await merge.getByLabel('Find the duplicate').fill(`${token} Ruth A.`);
  await merge.getByRole('button', { name: new RegExp(duplicate.name) }).click();
  await expect(merge.getByText(`Merging ${duplicate.name}`)).toBeVisible();
  await expectAccessible(page);
  // Only the fields that differ are offered; the survivor's own value is chosen at first.
  await expect(merge.getByRole('group', { name: 'Email' })).toBeVisible();
  await expect(merge.getByRole('group', { name: 'Zone' })).toHaveCount(0);
  await merge.getByRole('group', { name: 'Phone' }).getByRole('radio', { name: '555-0142' }).check();
  // Named with the address too: a merge is for two partners of one name.
  await expect(merge).toContainText(`${duplicate.name} (${token}.second@example.org) will be removed.`);
  await merge.getByRole('button', { name: 'Merge partners' }).click();

  await expectToast(
    page,
    'Partners merged',
    `${duplicate.name} (${token}.second@example.org) was merged into ${survivor.name}: 1 gift, 0 contacts and 0 tasks moved.`,
  );
  await expect(merge).toHaveCount(0);
  await expect(details.locator('dd', { hasText: '555-0142' })).toBeVisible();
  await expect(details.getByText(`Merged ${duplicate.name} into this partner`)).toBeVisible();
  await expect(details.getByRole('cell', { name: /75/ }).first()).toBeVisible();

  // The duplicate is gone from the directory.
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await page.getByLabel('Search partners').fill(token);
  await expect(page.getByTestId('partner-card')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: survivor.name, exact: true })).toBeVisible();
});

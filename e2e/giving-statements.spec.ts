import fs from 'node:fs';
import { pdfText } from '#test-support/pdf-text';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectToast, uniqueEmail } from './support/toasts';

// Year-end statements (issue 19 item 4): an admin names the ministry in Settings > Organization,
// then downloads a partner's statement from the partner's details, and the PDF says what it
// should; a coordinator does not see the Organization tab.

test('an admin names the ministry and downloads a partner statement that reads back right', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Organization' }).click();
  const name = page.getByLabel('Ministry name');
  await expect(name).toBeVisible();
  await expectAccessible(page);

  // A bad value is explained and not saved.
  await name.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  const ministry = `Grace Ministry ${Date.now().toString(36)}`;
  await name.fill(ministry);
  await page.getByLabel('Postal address').fill('12 Hope Street\nSpringfield');
  await page.getByLabel('Year-end statement text').fill('Thank you for giving with us this year.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Organization settings saved');
  await page.reload();
  await page.getByRole('tab', { name: 'Organization' }).click();
  await expect(page.getByLabel('Ministry name')).toHaveValue(ministry);

  // A partner with a gift today (only admins add gifts; the API the Monthly Giving card uses).
  const partnerName = `Statement Partner ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/partners', {
    data: { name: partnerName, email: uniqueEmail('statement'), location: 'Austin, TX' },
  });
  expect(created.status()).toBe(201);
  const { partner } = (await created.json()) as { partner: { id: string } };
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerId: partner.id, partnerName, amount: '42.50', donationType: 'one-time' },
  });
  expect(gift.status()).toBe(201);

  await page.goto('/partners');
  await page.getByLabel('Search partners').fill(partnerName);
  const card = page.getByTestId('partner-card').filter({ hasText: partnerName });
  await card.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog', { name: partnerName });
  const year = String(new Date().getFullYear());
  await details.getByLabel('Statement year').selectOption(year);
  const downloading = page.waitForEvent('download');
  await details.getByRole('link', { name: 'Download statement' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statement-${year}-${partnerName.toLowerCase().replace(/ /g, '-')}.pdf`);
  const text = await pdfText(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(text).toContain(ministry);
  expect(text).toContain('12 Hope Street');
  expect(text).toContain(partnerName);
  expect(text).toContain('Thank you for giving with us this year.');
  expect(text).toContain('$42.50 One-time');
  expect(text).toContain(`Total for ${year} (1 gift): $42.50`);
});

test('a coordinator does not see the Organization tab, and the server refuses them', async ({ page }) => {
  await signIn(page, 'coordinator', '/settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Organization' })).toHaveCount(0);
  const refused = await page.request.put('/api/organization', {
    data: { name: 'Taken over', address: '', statementText: '', currency: 'USD' },
  });
  expect(refused.status()).toBe(403);
});

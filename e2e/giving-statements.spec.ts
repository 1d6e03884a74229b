import fs from 'node:fs';
import { pdfText } from '#test-support/pdf-text';
import { unzip } from '#test-support/zip';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { searchPartners } from './support/portal';
import { expectToast, uniqueEmail } from './support/toasts';

// Year-end statements (issue 19 item 4): an admin names the ministry in Settings > Organization,
// then downloads a partner's statement from the partner's details, and the PDF says what it
// should; a coordinator does not see the Organization tab.

test('an admin names the ministry and downloads a partner statement that reads back right', async ({ page }) => {
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
  await searchPartners(page, partnerName);
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

test("an admin builds a year's statements into one archive on the Giving screen and asks before emailing", async ({
  page,
}) => {
  await signIn(page, 'admin', '/giving');
  const partnerName = `Archive Partner ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/partners', {
    data: { name: partnerName, email: uniqueEmail('archive') },
  });
  const { partner } = (await created.json()) as { partner: { id: string } };
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerId: partner.id, partnerName, amount: '75.00', donationType: 'monthly' },
  });
  expect(gift.status()).toBe(201);

  const card = page.getByRole('region', { name: 'Year-end statements' });
  const year = String(new Date().getFullYear());
  await card.getByLabel('Year').selectOption(year);
  await expect(card.getByText(new RegExp(`partners? gave in ${year}`))).toBeVisible();

  // Emailing asks first, naming how many partners would be emailed; Cancel sends nothing.
  await card.getByRole('button', { name: 'Email statements' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(/\d+ partners? with an email address will each be emailed/);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await card.getByRole('button', { name: 'Download all statements' }).click();
  const link = card.getByRole('link', { name: new RegExp(`Download statements-${year}\\.zip`) });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statements-${year}.zip`);
  const entries = await unzip(fs.readFileSync((await download.path())!));
  const mine = entries.find((e) => e.name === `statement-${year}-${partnerName.toLowerCase().replace(/ /g, '-')}.pdf`);
  expect(mine, entries.map((e) => e.name).join(', ')).toBeDefined();
  const text = await pdfText(new Uint8Array(mine!.data));
  expect(text).toContain(partnerName);
  expect(text).toContain(`Total for ${year} (1 gift): $75.00`);
});

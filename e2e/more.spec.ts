import { expect, expectAccessible, signIn, test } from './support/fixtures';

const VIDEOS = [
  'Getting Started as a Coordinator',
  'Understanding Cardholder Needs',
  'Tools and Resources',
  'Best Practices and Tips',
];

test('the More hub leads to onboarding and forms, and onboarding back to the hub', async ({ page }) => {
  await signIn(page, 'coordinator');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More', exact: true }).click();
  await expect(page).toHaveURL(/\/more$/);
  await expect(page.getByRole('heading', { level: 1, name: 'More', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Coordinator Onboarding/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Forms/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: /Coordinator Onboarding/ }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coordinator Onboarding', exact: true })).toBeVisible();
  // Four numbered videos, in order.
  const videos = page.getByRole('main').getByRole('listitem');
  await expect(videos).toHaveCount(4);
  for (const [index, title] of VIDEOS.entries()) {
    const video = videos.nth(index);
    await expect(video.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(video).toContainText(String(index + 1));
  }
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to More' }).click();
  await expect(page).toHaveURL(/\/more$/);

  // The keyboard works too.
  await page.getByRole('link', { name: /^Forms/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/forms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'More Features', exact: true })).toBeVisible();
});

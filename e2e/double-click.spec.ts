import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';

// A walkthrough double-clicked "Start the export": the first click closed the dialog, the second
// landed on the coordinator switch the dialog had covered and took User Management away.

/** Counts the clicks that reach the page as the second of a double-click, wherever they land. */
async function countSecondClicks(page: Page) {
  await page.evaluate(() => {
    const counted = window as unknown as { secondClicks: number };
    counted.secondClicks = 0;
    document.addEventListener('click', (event) => {
      if (event.detail >= 2) counted.secondClicks += 1;
    });
  });
  return () => page.evaluate(() => (window as unknown as { secondClicks: number }).secondClicks);
}

test('a double-click on a confirmation acts once, and its second click reaches nothing the dialog covered', async ({
  page,
}) => {
  await signIn(page, 'admin', '/tasks');
  const title = `Double-clicked ${Date.now()}`;
  const created = await page.request.post('/api/tasks', { data: { title, priority: 'low' } });
  expect(created.status()).toBe(201);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await item.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete task?' });
  const secondClicks = await countSecondClicks(page);
  await confirm.getByRole('button', { name: 'Delete' }).dblclick();
  await expect(confirm).toBeHidden();
  await expect(item).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Task deleted' })).toHaveCount(1);
  expect(await secondClicks()).toBe(0);

  // A double-click a moment later is the person's own again.
  await page.waitForTimeout(1000);
  await page.getByRole('heading', { name: 'Task Management', exact: true }).dblclick();
  expect(await secondClicks()).toBe(1);
});

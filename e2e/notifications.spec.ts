import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { USERS } from './support/users';

// The notification centre (issue 16): the bell's count and list follow what happens elsewhere,
// live. Only this file acts on the `notified` account, so its counts are exact.
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function assignTaskAsAdmin(admin: Page, title: string) {
  const { status, id } = await admin.evaluate(
    async ({ email, title: taskTitle }) => {
      const response = await fetch('/api/tasks/assignees');
      const { users } = (await response.json()) as { users: { id: string; email: string }[] };
      const assignedTo = users.find((u) => u.email === email)!.id;
      const created = await fetch('/api/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: taskTitle, assignedTo }),
      });
      const answer = (await created.json()) as { task?: { id: string } };
      return { status: created.status, id: answer.task?.id ?? '' };
    },
    { email: USERS.notified.email, title },
  );
  expect(status).toBe(201);
  return id;
}

test("the bell's count and list update live when someone else assigns a task; opening one marks it read", async ({
  page,
  browser,
}) => {
  // Two sign-ins (argon2) and several live round trips: more than the default budget.
  await signIn(page, 'notified', '/tasks');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, 'admin', '/tasks');
    const first = unique('Visit the Ruth family');
    await assignTaskAsAdmin(admin, first);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveText('1');

    const second = unique('Print the bulletins');
    await assignTaskAsAdmin(admin, second);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    // The list: newest first; opening an entry goes to its subject and marks it read.
    await bell(page).click();
    const entries = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: /Task assigned to you/ });
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText(`Task assigned to you: ${second}`);
    await entries.first().click();
    await expect(page).toHaveURL(/\/tasks$/);
    // The board opens on that task: its checkbox has the focus.
    await expect(page.getByRole('checkbox', { name: second })).toBeFocused();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    // Mark all as read, by keyboard.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Mark all as read' }).focus();
    await page.keyboard.press('Enter');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveCount(0);
    // Nothing left to mark, the button is disabled: the focus goes to the list's heading, not the page.
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeFocused();

    // Read state is stored: a reload shows none unread.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    // A task deleted after its notice: opening the notice says so, not a board without it.
    const gone = unique('Cancelled visit');
    const goneId = await assignTaskAsAdmin(admin, gone);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByRole('checkbox', { name: gone })).toBeVisible();
    // The board is read again slowly from here: the delete's refresh has not come in when the
    // notice is opened, as on a busy network, and the board on screen still holds the task.
    await page.route('**/api/tasks', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    expect((await admin.request.delete(`/api/tasks/${goneId}`)).status()).toBe(200);
    await bell(page).click();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: new RegExp(`Task assigned to you: ${gone}`) })
      .click();
    await expect(page.getByText('That task is no longer on the board')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: gone })).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });
  } finally {
    await adminContext.close();
  }
});

test('a task assigned while the page is still starting its live stream shows on the bell once the stream is up', async ({
  page,
  browser,
}) => {
  // The page reads its notifications before the server listens for it; this holds the live
  // stream back so the assignment lands exactly in between, the event it sends goes unheard.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/realtime*', async (route) => {
    await released;
    await route.continue();
  });
  await signIn(page, 'notified', '/tasks');
  expect(await page.evaluate(async () => (await fetch('/api/notifications/read-all', { method: 'POST' })).status)).toBe(
    200,
  );
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.locator('html')).not.toHaveAttribute('data-realtime', 'open');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, 'admin', '/tasks');
    await assignTaskAsAdmin(admin, unique('Call the new family'));
    release();
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  } finally {
    await adminContext.close();
  }
});

test('on a phone the bell is in the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'notified', '/settings');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
});

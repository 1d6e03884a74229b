import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectShownAsText, markup } from './support/markup';
import { USERS } from './support/users';

// Tests in this file run one after another (fullyParallel is off) and no other spec file
// changes tasks, so counter differences are exact; lists are never assumed empty.
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const activeList = (page: Page) => page.getByRole('list', { name: 'Active Tasks' });
const completedList = (page: Page) => page.getByRole('list', { name: 'Completed Tasks' });
const taskItem = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function counters(page: Page) {
  const read = async (key: string) => Number(await page.getByTestId(`task-counter-${key}`).textContent());
  await expect(page.getByTestId('task-counter-active')).toBeVisible();
  return { active: await read('active'), high: await read('highPriority'), completed: await read('completed') };
}

/**
 * The counters on the page agree with the server's at one moment. Other specs add and complete
 * tasks on the same server while this one runs, so a test cannot expect "one more than before";
 * it waits until the page shows what the server counts now, which includes its own change.
 */
async function expectCountersLikeServer(page: Page) {
  await expect
    .poll(async () => {
      const shown = await counters(page);
      const { counts } = (await (await page.request.get('/api/tasks')).json()) as {
        counts: { active: number; highPriority: number; completed: number };
      };
      const server = { active: counts.active, high: counts.highPriority, completed: counts.completed };
      const same = JSON.stringify(shown) === JSON.stringify(server);
      return same ? 'the same' : `page ${JSON.stringify(shown)}, server ${JSON.stringify(server)}`;
    })
    .toBe('the same');
}

/** Creates a task through the API as the signed-in person (quick set-up for a test). */
async function createTaskViaApi(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/tasks', { data: body });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { task: { id: string } }).task;
}

test('the task board shows its title, counters and lists, and passes the accessibility check', async ({ page }) => {
  await signIn(page, 'admin', '/tasks');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Task Management', exact: true })).toBeVisible();
  for (const label of ['Active Tasks', 'High Priority', 'Completed']) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Active Tasks', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completed Tasks', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Task' })).toBeVisible();
  await expectAccessible(page);
});

test('Create Task refuses an empty title, then creates a task with every field', async ({ page }) => {
  await signIn(page, 'admin', '/tasks');
  const title = unique('Plan appreciation dinner');

  await page.getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Please enter a task title', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Book the venue <b>and</b> catering.');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Due Date').fill('2031-03-05');
  await dialog
    .getByLabel('Assigned To')
    .selectOption({ label: `${USERS.coordinator.name} (${USERS.coordinator.email})` });
  await dialog.getByLabel('Status').selectOption('in-progress');
  await dialog.getByRole('button', { name: 'Create Task' }).click();

  await expect(page.getByText('Task created successfully!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = taskItem(page, title);
  await expect(activeList(page).getByRole('heading', { name: title })).toBeVisible();
  // User text is shown as typed, never interpreted as HTML.
  await expect(item.getByText('Book the venue <b>and</b> catering.', { exact: true })).toBeVisible();
  // Words, not the stored keys (issue 27 item 8): "High", "In progress".
  await expect(item.locator('[data-task-priority]')).toHaveText('Priority: High');
  await expect(item.locator('[data-task-status]')).toHaveText('Status: In progress');
  await expect(item).toContainText('Due Mar 05, 2031');
  await expect(item).toContainText(`Assigned to ${USERS.coordinator.name}`);
  await expect(item.getByRole('checkbox', { name: title })).not.toBeChecked();

  await expectCountersLikeServer(page);
});

test('a failed create shows the failure toast with the server message and keeps the dialog open', async ({ page }) => {
  await signIn(page, 'admin', '/tasks');
  await page.route('**/api/tasks', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'You do not have permission to do this.' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await dialog.getByLabel('Title').fill(unique('Refused task'));
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Failed to create task', { exact: true })).toBeVisible();
  await expect(page.getByText('You do not have permission to do this.', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the checkbox completes and reopens a task, by mouse and by keyboard', async ({ page }) => {
  await signIn(page, 'coordinator', '/tasks');
  const title = unique('Send thank-you cards');
  await createTaskViaApi(page, { title, priority: 'low', status: 'in-progress' });
  await page.reload();

  await activeList(page).getByRole('checkbox', { name: title }).click();
  await expect(page.getByText('Task completed', { exact: true })).toBeVisible();
  const done = completedList(page).getByRole('checkbox', { name: title });
  await expect(done).toBeChecked();
  await expect(taskItem(page, title).locator('[data-task-status]')).toHaveText('Status: Completed');
  await expect(activeList(page).getByRole('heading', { name: title })).toHaveCount(0);
  await expectCountersLikeServer(page);

  await done.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Task reopened', { exact: true })).toBeVisible();
  await expect(activeList(page).getByRole('checkbox', { name: title })).not.toBeChecked();
  // Focus follows the task into the other list, so the keyboard can carry on from there.
  await expect(activeList(page).getByRole('checkbox', { name: title })).toBeFocused();
  await expect(taskItem(page, title).locator('[data-task-status]')).toHaveText('Status: Pending');
  await expectCountersLikeServer(page);

  // Stored: a reload shows the same.
  await page.reload();
  await expect(activeList(page).getByRole('checkbox', { name: title })).not.toBeChecked();
});

test("a task change appears in another person's open board without a reload", async ({ page, browser }) => {
  // Two sign-ins (argon2) and many steps: more than the default budget on a busy machine.
  await signIn(page, 'admin', '/tasks');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    await signIn(other, 'coordinator', '/tasks');
    await expect(other.getByRole('heading', { name: 'Task Management' })).toBeVisible();
    const title = unique('Live update');

    await page.getByRole('button', { name: 'Create Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully!', { exact: true })).toBeVisible();

    await expect(activeList(other).getByRole('heading', { name: title })).toBeVisible();

    await activeList(other).getByRole('checkbox', { name: title }).click();
    await expect(completedList(page).getByRole('checkbox', { name: title })).toBeChecked();
  } finally {
    await otherContext.close();
  }
});

test('only the creator, the assignee or an admin may edit; the creator or an admin may delete', async ({
  page,
  browser,
}) => {
  // Two sign-ins (argon2) and many steps: more than the default budget on a busy machine.
  await signIn(page, 'admin', '/tasks');
  const adminsOwn = unique('Admin only task');
  const assigned = unique('Assigned to coordinator');
  const coordinatorId = await page.evaluate(async (email) => {
    const response = await fetch('/api/tasks/assignees');
    const { users } = (await response.json()) as { users: { id: string; email: string }[] };
    return users.find((u) => u.email === email)!.id;
  }, USERS.coordinator.email);
  await createTaskViaApi(page, { title: adminsOwn });
  const assignedTask = await createTaskViaApi(page, { title: assigned, assignedTo: coordinatorId });

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    await signIn(other, 'coordinator', '/tasks');
    const own = taskItem(other, adminsOwn);
    await expect(own).toBeVisible();
    await expect(own.getByRole('checkbox', { name: adminsOwn })).toBeEnabled();
    await expect(own.getByRole('button', { name: `Edit ${adminsOwn}` })).toHaveCount(0);
    await expect(own.getByRole('button', { name: `Delete ${adminsOwn}` })).toHaveCount(0);

    // The assignee may edit but not delete.
    const theirs = taskItem(other, assigned);
    await expect(theirs.getByRole('button', { name: `Delete ${assigned}` })).toHaveCount(0);
    await theirs.getByRole('button', { name: `Edit ${assigned}` }).click();
    const dialog = other.getByRole('dialog', { name: 'Edit Task' });
    await expect(dialog.getByLabel('Assigned To')).toHaveValue(coordinatorId);
    await expectAccessible(other);
    // Meanwhile the admin ticks it off: saving the title must not undo that.
    expect(
      (await page.request.patch(`/api/tasks/${assignedTask.id}`, { data: { status: 'completed' } })).status(),
    ).toBe(200);
    // The open board has heard of it (behind the dialog) and moved the task; the dialog stays.
    await expect(other.locator(`[data-task-checkbox="${assignedTask.id}"][data-state="checked"]`)).toHaveCount(1);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Title').fill(`${assigned} (edited)`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(other.getByText('Task updated successfully!', { exact: true })).toBeVisible();
    await expect(completedList(other).getByRole('heading', { name: `${assigned} (edited)` })).toBeVisible();
  } finally {
    await otherContext.close();
  }

  // The admin deletes, after confirming.
  await expect(taskItem(page, `${assigned} (edited)`)).toBeVisible();
  await taskItem(page, adminsOwn)
    .getByRole('button', { name: `Delete ${adminsOwn}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete task?' });
  await expect(confirm).toContainText(`This will permanently delete "${adminsOwn}" for everyone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: adminsOwn, exact: true })).toHaveCount(0);
});

// Issue 9 (rendering of markup, see rendering.spec.ts): here because tasks are this file's alone.
test("task title, description and the assignee's name with markup are shown as text", async ({ page }) => {
  await signIn(page, 'admin', '/tasks');
  const fullName = markup('user-full-name');
  const created = await page.request.post('/api/admin/users', {
    data: { email: `rendering-user-${Date.now()}@example.org`, password: 'rendering-password-1', fullName },
  });
  expect(created.status(), await created.text()).toBe(201);
  const person = ((await created.json()) as { user: { id: string } }).user;
  const title = markup('task-title');
  const description = markup('task-description');
  // Overdue, so it heads the dashboard's upcoming list too.
  const task = await createTaskViaApi(page, { title, description, assignedTo: person.id, dueDate: '2000-01-01' });
  try {
    await page.reload();
    await expectShownAsText(page, [title, description, fullName]);
    await page.goto('/dashboard');
    await expectShownAsText(page, [title]);
  } finally {
    // Leave the board as it was for the specs that share this server.
    expect((await page.request.delete(`/api/tasks/${task.id}`)).status()).toBe(200);
  }
});

// Issue 24: a task checked without a connection. Here because tasks are this file's alone.
test.describe('offline', () => {
  test.use({ allowConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|net::ERR_NETWORK_CHANGED/ });

  /** A new task on the admin's loaded board, then checked with the connection off. */
  async function checkTaskOffline(page: Page, context: BrowserContext, name: string) {
    await signIn(page, 'admin', '/tasks');
    const title = unique(name);
    const task = await createTaskViaApi(page, { title });
    await page.reload();
    const item = taskItem(page, title);
    // The board has loaded the task before the connection goes.
    await expect(item.getByRole('checkbox', { name: title })).not.toBeChecked();
    await context.setOffline(true);
    await item.getByRole('checkbox', { name: title }).click();
    await expect(page.getByText('Saved on this device; will send when you are back online.')).toBeVisible();
    return { task, title, item };
  }

  test('a task checked offline shows as done at once and is saved when the connection returns', async ({
    page,
    context,
  }) => {
    const { task, title, item } = await checkTaskOffline(page, context, 'Check the boiler offline');
    try {
      await expect(item.getByRole('checkbox', { name: title })).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: '1 change saved on this device' })).toBeVisible();

      await context.setOffline(false);
      await expect(page.getByRole('status').filter({ hasText: 'saved on this device' })).toBeHidden();
      await expect(completedList(page).getByRole('heading', { name: title })).toBeVisible();
      const board = (await (await page.request.get('/api/tasks')).json()) as {
        completed: { id: string; status: string }[];
      };
      expect(board.completed.find((t) => t.id === task.id)?.status).toBe('completed');
    } finally {
      expect((await page.request.delete(`/api/tasks/${task.id}`)).status()).toBe(200);
    }
  });

  test('a queued change whose first send fails after reconnecting is sent again, not left waiting', async ({
    page,
    context,
  }) => {
    const { task, title } = await checkTaskOffline(page, context, 'Flaky reconnection');
    try {
      // The browser is back online but its first request fails (Chromium's can, with
      // ERR_NETWORK_CHANGED): no 'online' event will come again to restart the queue.
      let sends = 0;
      await page.route(`**/api/tasks/${task.id}**`, (route) =>
        sends++ === 0 ? route.abort('internetdisconnected') : route.continue(),
      );
      await context.setOffline(false);
      await expect(page.getByRole('status').filter({ hasText: 'saved on this device' })).toBeHidden({
        timeout: 15_000,
      });
      expect(sends).toBeGreaterThanOrEqual(2);
      await expect(completedList(page).getByRole('heading', { name: title })).toBeVisible();
    } finally {
      await page.unroute(`**/api/tasks/${task.id}**`);
      expect((await page.request.delete(`/api/tasks/${task.id}`)).status()).toBe(200);
    }
  });

  test('a change queued offline that the server refuses on arrival shows its reason', async ({
    page,
    context,
    browser,
  }) => {
    const { task, title } = await checkTaskOffline(page, context, 'Gone while offline');

    // Meanwhile, on another device, the task is deleted.
    const other = await browser.newContext();
    try {
      const elsewhere = await other.newPage();
      await signIn(elsewhere, 'admin', '/tasks');
      expect((await elsewhere.request.delete(`/api/tasks/${task.id}`)).status()).toBe(200);
    } finally {
      await other.close();
    }

    await context.setOffline(false);
    const refused = page.getByRole('list', { name: 'Changes not saved' });
    // Past the queue's retry (5 s): the first send after reconnecting may fail and be tried again.
    await expect(refused).toContainText(`Not saved: Change to the task "${title}". Task not found`, {
      timeout: 15_000,
    });
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refused).toBeHidden();
  });
});

test('a task deleted by someone else while it is edited keeps what was typed, as a new task; deleting it again says it is gone', async ({
  page,
}) => {
  await signIn(page, 'admin', '/tasks');
  const title = unique('Call the printer');
  const task = await createTaskViaApi(page, { title, priority: 'high' });
  await taskItem(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  const changed = `${title} about the banners`;
  await dialog.getByLabel('Title').fill(changed);
  // Meanwhile the task is deleted (another tab, another person).
  expect((await page.request.delete(`/api/tasks/${task.id}`)).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Someone deleted this task while you were editing it');
  // Save gave way to Save as New Task: the focus goes to why, in the dialog, not to the page.
  await expect(dialog.getByRole('alert')).toBeFocused();
  await expect(dialog.getByLabel('Title')).toHaveValue(changed);
  await dialog.getByRole('button', { name: 'Save as New Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const kept = taskItem(page, changed);
  await expect(kept).toBeVisible();
  await expect(kept).toContainText('High');

  // Delete asked for, but someone else gets there first: done, said so, not a failure.
  await kept.getByRole('button', { name: `Delete ${changed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete task?' });
  const board = (await (await page.request.get('/api/tasks')).json()) as { active: { id: string; title: string }[] };
  const id = board.active.find((t) => t.title === changed)!.id;
  expect((await page.request.delete(`/api/tasks/${id}`)).status()).toBe(200);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${changed} was deleted by someone else.`)).toBeVisible();
  await expect(page.getByText('Failed to delete task')).toHaveCount(0);
});

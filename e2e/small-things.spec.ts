import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { unique } from './support/portal';

// Issue 27 item 8, "the small things": each checked as a person sees it.

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on screen').not.toBeNull();
  return found!;
}

/** Answers GET `path` with the server's own answer, changed by `change` (the shape stays the server's). */
async function changeAnswer(page: Page, path: string, change: (body: Record<string, unknown>) => unknown) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      try {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: change(body) });
      } catch (error) {
        // A request the page gave up meanwhile (a refetch cancels the one before it, the test
        // ends) has its answer disposed: there is nobody left to answer. Anything else fails.
        if (
          !/disposed|Target page, context or browser has been closed|Route is already handled|Test ended/.test(
            String(error),
          )
        )
          throw error;
      }
    },
  );
}

test.describe('at 1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the giving card: "Average Gift" on one line, and the loading placeholders never over a label', async ({
    page,
  }) => {
    // The summary waits until the placeholders have been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard/summary*', async (route) => {
      await held;
      await route.fallback();
    });
    await signIn(page, 'admin', '/dashboard');
    const card = page.getByTestId('monthly-giving');
    const placeholders = card.getByTestId('figure-loading');
    await expect(placeholders).toHaveCount(4);
    const labels = card.locator('dt');
    await expect(labels).toHaveText(['Donors', 'Average Gift', 'Recurring']);
    for (let i = 0; i < 4; i++) {
      const placeholder = await box(placeholders.nth(i));
      for (let j = 0; j < 3; j++) {
        expect(intersects(placeholder, await box(labels.nth(j))), `placeholder ${i} and label ${j}`).toBe(false);
      }
    }
    release();
    await expect(page.getByTestId('giving-average')).toHaveText(/^\$[\d,]+$/);
    const average = card.getByText('Average Gift', { exact: true });
    const lineHeight = await average.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await box(average)).height).toBeLessThan(lineHeight * 1.5);
  });

  test('the chart tooltip reads "Giving: $1,250", and "No gifts" for an empty month', async ({ page }) => {
    // Two months whose totals the test knows, whatever other tests have given.
    await changeAnswer(page, '/api/dashboard/summary', (summary) => {
      const months = (summary.months as { month: string; total: string }[]).map((m, i) => ({
        ...m,
        total: i === 11 ? '1250.00' : i === 5 ? '0' : m.total,
      }));
      return { ...summary, months };
    });
    await signIn(page, 'admin', '/dashboard');
    const plot = page.locator('.recharts-cartesian-grid');
    await expect(plot).toBeVisible();
    const area = await box(plot);
    const months = page
      .locator('table caption', { hasText: 'Giving per month' })
      .locator('xpath=..')
      .locator('tbody tr th');
    const monthName = async (i: number) => (await months.nth(i).textContent())!;
    const hoverMonth = (i: number) => page.mouse.move(area.x + ((i + 0.5) * area.width) / 12, area.y + area.height / 2);
    const tooltip = page.getByTestId('giving-tooltip');

    await hoverMonth(11);
    await expect(tooltip).toHaveText(`${await monthName(11)}Giving: $1,250`);
    await hoverMonth(5);
    await expect(tooltip).toHaveText(`${await monthName(5)}No gifts`);
  });

  test('task badges read "High" and "In progress" on the board and the dashboard', async ({ page }) => {
    await signIn(page, 'admin', '/tasks');
    const title = unique('Badge task');
    const created = await page.request.post('/api/tasks', {
      data: { title, priority: 'high', status: 'in-progress', dueDate: new Date().toISOString().slice(0, 10) },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item.locator('[data-task-priority]')).toHaveText('Priority: High');
    await expect(item.locator('[data-task-status]')).toHaveText('Status: In progress');

    await page.goto('/dashboard');
    const upcoming = page.locator('[data-task-priority]');
    await expect(upcoming.first()).toBeVisible();
    for (const text of await upcoming.allTextContents()) expect(text).toMatch(/^Priority: (High|Medium|Low)$/);
  });

  test('a toast placed beside a tall dialog never lies over it', async ({ page }) => {
    await signIn(page, 'admin', '/partners');
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner' });
    // Saving the empty form raises 'Failed to add partner' while the dialog stays open.
    await dialog.getByRole('button', { name: 'Add Partner' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to add partner' });
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(intersects(await box(toast), await box(dialog))).toBe(false);
  });

  test("a toast leaves the screen's own actions free", async ({ page }) => {
    await signIn(page, 'admin', '/files');
    const newFolder = page.getByRole('button', { name: 'New Folder' });
    await newFolder.click();
    await page.getByLabel('Folder name').fill(unique('Toast folder'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Folder created' });
    await expect(toast).toBeVisible();
    // In the top right corner it lay over New Folder and Upload Files for the seconds it lasted.
    for (const action of [newFolder, page.getByRole('button', { name: 'Upload Files' })])
      expect(intersects(await box(toast), await box(action))).toBe(false);
  });
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a toast never covers the dialog's close button", async ({ page }) => {
    await signIn(page, 'admin', '/partners');
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner' });
    await dialog.getByRole('button', { name: 'Add Partner' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to add partner' });
    await expect(toast).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    expect(intersects(await box(toast), await box(close))).toBe(false);
    expect(intersects(await box(toast), await box(dialog.getByRole('heading', { name: 'Add Partner' })))).toBe(false);
    // And the close button still closes it.
    await close.click();
    await expect(dialog).toBeHidden();
  });
});

test('the same failure twice shows one error toast, the newest', async ({ page }) => {
  await signIn(page, 'admin', '/partners');
  let attempt = 0;
  await page.route('**/api/partners', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    attempt += 1;
    // A 4xx: the browser logs a 5xx as a console error, which fails the test by itself.
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: `Failure number ${attempt}` }),
    });
  });
  await page.getByRole('button', { name: 'Add Partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Partner' });
  await dialog.getByLabel('Name').fill(unique('Twice Refused'));
  await dialog.getByLabel('Email').fill(`twice-${Date.now()}@example.org`);
  const failures = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to add partner' });
  await dialog.getByRole('button', { name: 'Add Partner' }).click();
  await expect(failures.filter({ hasText: 'Failure number 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Partner' }).click();
  await expect(failures.filter({ hasText: 'Failure number 2' })).toBeVisible();
  await expect(failures).toHaveCount(1);
});

for (const width of [1280, 390]) {
  test(`the form builder gives a field's label room to read at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'coordinator', '/forms');
    const newLabel = page.getByLabel('Field Label');
    await newLabel.fill('Full name of the person');
    await page.getByRole('button', { name: 'Add Field' }).click();
    const row = page.getByTestId('builder-field').first();
    const label = row.getByRole('textbox', { name: 'Field 1 label' });
    await expect(label).toHaveValue('Full name of the person');
    const minimum = width === 1280 ? 320 : 240;
    expect((await box(label)).width).toBeGreaterThanOrEqual(minimum);
    expect((await box(newLabel)).width).toBeGreaterThanOrEqual(minimum);
    // The label box holds what was typed without cutting it.
    expect(await label.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
}

test('the Settings tab lives in the address: reload, Back and a shared link keep it', async ({ page }) => {
  await signIn(page, 'coordinator', '/settings');
  const tab = (name: string) => page.getByRole('tab', { name });
  await expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
  await tab('Security').click();
  await expect(page).toHaveURL(/\/settings\?tab=security$/);
  await page.reload();
  await expect(tab('Security')).toHaveAttribute('aria-selected', 'true');

  // Away and Back.
  await page.getByRole('link', { name: 'Tasks' }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  await page.goBack();
  await expect(tab('Security')).toHaveAttribute('aria-selected', 'true');

  // By keyboard: the arrow moves to Notifications, and the address follows.
  await tab('Security').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Notifications')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=notifications$/);

  // A shared link opens its tab; an unknown one, or the admins' tab for a coordinator, the first.
  await page.goto('/settings?tab=notifications');
  await expect(tab('Notifications')).toHaveAttribute('aria-selected', 'true');
  await page.goto('/settings?tab=nonsense');
  await expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
  await page.goto('/settings?tab=organization');
  await expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
});

test.describe('empty lists say what to do next', () => {
  test('an empty folder offers "Upload a file", which uploads into it', async ({ page }) => {
    await signIn(page, 'admin', '/files');
    const name = `empty_${Date.now().toString(36)}`;
    const created = await page.request.post('/api/files/folders', { data: { parent: '/', name } });
    expect(created.status()).toBe(201);
    await page.goto(`/files?folder=${encodeURIComponent(`/${name}/`)}`);
    await expect(page.getByText('No files or folders in this directory', { exact: true })).toBeVisible();
    await expectAccessible(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a file' }).click();
    await (
      await chooser
    ).setFiles({ name: 'first-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('The first file') });
    await expect(page.getByText('first-notes.txt').first()).toBeVisible();
    await expect(page.getByText('No files or folders in this directory')).toHaveCount(0);
  });

  test('a search that finds no partner offers to clear it, which brings the directory back', async ({ page }) => {
    await signIn(page, 'admin', '/partners');
    await page.getByRole('searchbox', { name: 'Search partners' }).fill(`nobody-${Date.now()}`);
    await expect(page.getByText('No partners found', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search partners' })).toHaveValue('');
    // The button goes with the empty list: the focus goes to the emptied search box.
    await expect(page.getByRole('searchbox', { name: 'Search partners' })).toBeFocused();
    await expect(page.getByTestId('partner-card').first()).toBeVisible();
  });

  test('an empty directory offers "Add a partner", which opens the dialog', async ({ page }) => {
    await changeAnswer(page, '/api/partners', (body) => ({ ...body, partners: [], nextCursor: null }));
    await signIn(page, 'admin', '/partners');
    await expect(page.getByText('No partners found', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add a partner' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Partner' })).toBeVisible();
  });

  test('an empty task board offers "Create a task", which opens the dialog', async ({ page }) => {
    await changeAnswer(page, '/api/tasks', (body) => ({ ...body, active: [], completed: [] }));
    await signIn(page, 'admin', '/tasks');
    await expect(page.getByText('No active tasks. Click "Create Task" to add one.', { exact: true })).toBeVisible();
    await expect(page.getByText('No completed tasks yet.', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create a task' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Task' })).toBeVisible();
  });
});

test('the sign-in security question is the shared confirmation: Escape and Cancel change nothing and return the focus', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin/accounts');
  const coordinators = page.getByRole('switch', { name: 'Require two-factor sign-in for coordinators' });
  await expect(coordinators).not.toBeChecked();
  await coordinators.focus();
  await page.keyboard.press('Space');
  const question = page.getByRole('alertdialog', { name: 'Require two-factor sign-in for coordinators?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Require it' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(coordinators).toBeFocused();
  await expect(coordinators).not.toBeChecked();

  await page.keyboard.press('Space');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(coordinators).toBeFocused();
  await expect(coordinators).not.toBeChecked();
});

test("the app's icons: a touch icon linked from the page, and 192 and 512 px icons", async ({ page }) => {
  await page.goto('/auth');
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(touch).toBe('/apple-touch-icon.png');
  for (const [path, size] of [
    ['/apple-touch-icon.png', 180],
    ['/icons/icon-192.png', 192],
    ['/icons/icon-512.png', 512],
  ] as const) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    // The PNG header's width and height (IHDR, bytes 16 to 24).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([size, size]);
  }
});

test('the task dialogs give the focus back to the button that opened them (keyboard)', async ({ page }) => {
  await signIn(page, 'admin', '/tasks');
  const title = unique('Focus task');
  const created = await page.request.post('/api/tasks', { data: { title, priority: 'low' } });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();

  const create = page.getByRole('button', { name: 'Create Task' });
  await create.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Create Task' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeFocused();

  const remove = page.getByRole('button', { name: `Delete ${title}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Delete task?' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(remove).toBeFocused();

  const editButton = page.getByRole('button', { name: `Edit ${title}` });
  await editButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editButton).toBeFocused();

  // Deleted: the focus goes on to a neighbouring task (or Create Task), not to the page's body.
  await remove.focus();
  await page.keyboard.press('Enter');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(remove).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement !== document.body && !!document.activeElement?.closest('main')),
    )
    .toBe(true);
});

test('a dialog a screen opens gives the focus back to its opener: Add Event and Add Donation (keyboard)', async ({
  page,
}) => {
  await signIn(page, 'admin', '/calendar');
  const addEvent = page.getByRole('button', { name: 'Add Event' });
  await addEvent.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(addEvent).toBeFocused();

  await page.goto('/dashboard');
  const addDonation = page.getByRole('button', { name: 'Click to add a donation' });
  await addDonation.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add Donation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add Donation' })).toBeHidden();
  await expect(addDonation).toBeFocused();
});

test('a page opened by its address shows it is loading, and the router does not warn', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // The page's own code held back, as on a slow line: the first visit must not be blank.
  await page.route('**/assets/dashboard-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await signIn(page, 'admin', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Looked for from the reload's first byte: waiting for its load event could let the held code
  // arrive first, and the loading state was gone before it was looked for (failed once in CI).
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading' }).first()).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
});

test('a page whose code is gone after an upgrade says a new version is ready, and Reload brings it', async ({
  page,
}) => {
  // A tab opened before an upgrade asks for the old build's file, which the server no longer has.
  await page.route('**/assets/calendar-page-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await signIn(page, 'admin', '/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'A new version of the portal is ready' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  // Beside the sidebar: the rest of the portal still works.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.unroute('**/assets/calendar-page-*.js');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar & Events', level: 1 })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { overflow, screensTooWide } from './support/overflow';
import { createEventOnThe15th, createPartnerViaApi, unique } from './support/portal';

// Issue 27 item 1: every screen fits a 390 px wide phone; the page never scrolls sideways.
test.use({ viewport: { width: 390, height: 844 } });

test('every screen fits 390 px without sideways scrolling', async ({ page }) => {
  await page.goto('/auth');
  expect((await overflow(page)).worst, '/auth').toBeLessThanOrEqual(0);
  await signIn(page, 'admin', '/dashboard');
  // Something on each screen, with long names: a file, a gift, a partner, a task.
  const long = `A-rather-long-file-name-for-the-quarterly-newsletter-${Date.now()}.txt`;
  const uploaded = await page.request.post('/api/files?folder=%2F', {
    multipart: { file: { name: long, mimeType: 'text/plain', buffer: Buffer.from('Newsletter') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerName: 'Bartholomew Alexander Montgomery-Whitfield', amount: '1250.00', donationType: 'monthly' },
  });
  expect(gift.status()).toBe(201);
  const task = await page.request.post('/api/tasks', {
    data: {
      title: 'Prepare the quarterly newsletter for every partner church',
      priority: 'high',
      dueDate: '2030-01-31',
    },
  });
  expect(task.status()).toBe(201);
  // A partner whose card holds unbroken text: a long email and a tag of the longest name,
  // named to sort first in the directory.
  const partner = await page.request.post('/api/partners', {
    data: { name: '0 Long card', email: `a-very-long-mailbox-name-for-the-outreach-team-${Date.now()}@example.org` },
  });
  expect(partner.status()).toBe(201);
  const tag = await page.request.post('/api/partners/tags', {
    data: { name: `Longtagname${Date.now()}`.padEnd(50, 'x') },
  });
  expect(tag.status(), await tag.text()).toBe(201);
  const tagged = await page.request.put(
    `/api/partners/${((await partner.json()) as { partner: { id: string } }).partner.id}/tags`,
    { data: { tagIds: [((await tag.json()) as { tag: { id: string } }).tag.id] } },
  );
  expect(tagged.status()).toBe(200);
  expect(await screensTooWide(page)).toEqual([]);
});

/** The main dialogs, each opened on its screen: the dialog must fit too. */
const DIALOGS: { route: string; open: (page: Page) => Promise<void>; name: string | RegExp }[] = [
  {
    route: '/dashboard',
    open: (page) => page.getByRole('button', { name: 'Click to add a donation' }).click(),
    name: 'Add Donation',
  },
  {
    route: '/partners',
    open: (page) => page.getByRole('button', { name: 'Add Partner' }).click(),
    name: 'Add Partner',
  },
  {
    route: '/partners',
    open: (page) =>
      page
        .getByRole('button', { name: /^View Details for/ })
        .first()
        .click(),
    name: /./,
  },
  { route: '/tasks', open: (page) => page.getByRole('button', { name: 'Create Task' }).click(), name: 'Create Task' },
  { route: '/calendar', open: (page) => page.getByRole('button', { name: 'Add Event' }).click(), name: /Event/ },
  {
    route: '/giving?range=all',
    open: (page) =>
      page
        .getByRole('button', { name: /^Edit the gift of/ })
        .first()
        .click(),
    name: 'Edit gift',
  },
];

test('the main dialogs fit 390 px too', async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerName: 'Bartholomew Alexander Montgomery-Whitfield', amount: '75.00', donationType: 'one-time' },
  });
  expect(gift.status()).toBe(201);
  const wide: string[] = [];
  for (const dialog of DIALOGS) {
    await page.goto(dialog.route);
    await dialog.open(page);
    await expect(page.getByRole('dialog', { name: dialog.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { worst, what } = await overflow(page);
    if (worst > 0) wide.push(`${dialog.route} ${String(dialog.name)}: ${worst} px too wide (${what})`);
    await page.keyboard.press('Escape');
  }
  expect(wide).toEqual([]);
});

test('on a phone the Giving and audit log filters fold behind a Filters button that counts those on', async ({
  page,
}) => {
  await signIn(page, 'admin', '/dashboard');
  for (const route of ['/giving', '/admin/audit']) {
    await page.goto(route);
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    const form = page.getByRole('form', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(form).toBeHidden();
    await toggle.click();
    await expect(form).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // A choice applies at once, and the filters stay open for the next one (they folded away).
    const select = form.getByRole('combobox').first();
    await select.selectOption({ index: 1 });
    await expect(page).toHaveURL(/\?./);
    await expect(page.getByRole('button', { name: 'Filters (1 on)' })).toHaveAttribute('aria-expanded', 'true');
    await expect(form).toBeVisible();
  }
  // The filters are in the address; folded, the button still says how many are on.
  await page.goto('/admin/audit?subjectType=donation&fromDate=2026-01-01');
  await expect(page.getByRole('button', { name: 'Filters (2 on)' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filters' })).toBeHidden();
});

test("on a phone the month shows a dot per event and lists the chosen day's events whole under it", async ({
  page,
}) => {
  await signIn(page, 'admin', '/calendar');
  const title = `Phone month ${Date.now()}: the prayer breakfast for every partner church`;
  const day = await createEventOnThe15th(page, title);
  await page.reload();
  await page.getByRole('tab', { name: 'Month' }).click();
  const cell = page.locator(`[role="gridcell"][data-day="${day}"]`);
  const inTheDay = cell.getByRole('button', { name: new RegExp(title) });
  // A day is about 50 px wide here: its title showed two letters. Now a dot, and the title below.
  await expect(cell).toHaveAttribute('aria-label', /, \d+ events?$/);
  await expect(inTheDay).toBeHidden();
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('region', { name: /^Events on / });
  const inTheList = list.getByRole('button', { name: new RegExp(title) });
  await expect(inTheList).toBeVisible();
  expect((await inTheList.boundingBox())!.height).toBeGreaterThan(30); // the whole title, on two lines
  await inTheList.click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // With room for titles the month shows them in the day, and no list under it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(inTheDay).toBeVisible();
  await expect(list).toBeHidden();
});

test("on a phone the task board's three counts share one row, and the first task shows without scrolling", async ({
  page,
}) => {
  await signIn(page, 'admin', '/tasks');
  const created = await page.request.post('/api/tasks', {
    data: { title: `Phone board task ${Date.now()}`, priority: 'medium', dueDate: '2030-01-31' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();
  const counters = ['active', 'highPriority', 'completed'].map((key) => page.getByTestId(`task-counter-${key}`));
  const tops = [];
  for (const counter of counters) {
    await expect(counter).toBeVisible();
    tops.push((await counter.boundingBox())!.y);
  }
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2);
  const firstTask = page.getByRole('list', { name: 'Active Tasks' }).getByRole('listitem').first();
  await expect(firstTask).toBeInViewport();
});

test("on a phone the dashboard's Continue onboarding button goes under the progress instead of squeezing it", async ({
  page,
}) => {
  // The treasurer is a coordinator no test takes through onboarding: the card stays.
  await signIn(page, 'treasurer', '/dashboard');
  const card = page.getByRole('region', { name: 'Continue onboarding' });
  const progress = card.getByRole('progressbar', { name: 'Onboarding progress' });
  const button = card.getByRole('link', { name: 'Continue onboarding' });
  await expect(progress).toBeVisible();
  const [bar, link] = [(await progress.boundingBox())!, (await button.boundingBox())!];
  expect(link.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  // The progress keeps a readable width: "2 of 4 steps done" on one line.
  expect(bar.width).toBeGreaterThan(192);
});

test("on a phone an open task in a partner's details keeps its title readable, the due date and priority under it", async ({
  page,
}) => {
  // The title shared one row with "Due …" and the priority and was squeezed to about 90 px.
  await signIn(page, 'coordinator', '/dashboard');
  const partner = await createPartnerViaApi(page, { name: unique('Phone Family'), email: 'phone-tasks@example.org' });
  const title = `Call ${partner.name} about the spring visit`;
  const task = await page.request.post('/api/tasks', {
    data: { title, priority: 'high', dueDate: '2031-05-01', partnerId: partner.id },
  });
  expect(task.status(), await task.text()).toBe(201);
  await page.goto(`/partners?partner=${partner.id}`);
  const tasks = page.getByRole('dialog', { name: partner.name }).getByRole('region', { name: 'Open tasks' });
  const text = tasks.getByText(title, { exact: true });
  await expect(text).toBeVisible();
  const [titleBox, due] = [(await text.boundingBox())!, (await tasks.getByText(/^Due /).boundingBox())!];
  expect(titleBox.width).toBeGreaterThanOrEqual(192);
  expect(due.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
});

test("on a phone a file's and a folder's names keep their words whole; Rename, Move and Delete wait in the row's menu", async ({
  page,
}) => {
  // Five icon buttons a row left a name about 70 px, and "Event_Photos" broke mid-word (decision 0169).
  await signIn(page, 'admin', '/dashboard');
  const stamp = Date.now() % 100_000;
  const folderName = `Event_Photos_${stamp}`;
  const fileName = `Sunday_bulletin_${stamp}.pdf`;
  const folder = await page.request.post('/api/files/folders', { data: { parent: '/', name: folderName } });
  expect(folder.status(), await folder.text()).toBe(201);
  const uploaded = await page.request.post('/api/files?folder=%2F', {
    multipart: { file: { name: fileName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await page.goto('/files');
  for (const name of [folderName, fileName]) {
    const text = page.getByRole('row').getByText(name, { exact: true });
    await expect(text).toBeVisible();
    const lines = await text.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, name).toBe(1);
  }
  await page.getByRole('button', { name: `More actions for ${fileName}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Rename…', 'Move…', 'Delete…']);
  await page.keyboard.press('Escape');
});

test('on a phone long names without spaces break inside themselves: a folder in the path, a file in its dialogs, a link in notes', async ({
  page,
}) => {
  await signIn(page, 'admin', '/dashboard');
  const stamp = Date.now() % 100_000;
  const folderName = `A_very_long_folder_name_without_any_spaces_at_all_${stamp}`;
  const fileName = `Quarterly_financial_report_for_the_board_meeting_final_v3_${stamp}.pdf`;
  expect((await page.request.post('/api/files/folders', { data: { parent: '/', name: folderName } })).status()).toBe(
    201,
  );
  const uploaded = await page.request.post(`/api/files?folder=${encodeURIComponent(`/${folderName}/`)}`, {
    multipart: { file: { name: fileName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await page.goto(`/files?folder=${encodeURIComponent(`/${folderName}/`)}`);
  await expect(page.getByRole('row').getByText(fileName, { exact: true })).toBeVisible();
  // The path above the list pushed the page 48 px sideways.
  await expect.poll(async () => (await overflow(page)).worst).toBe(0);
  for (const entry of ['Rename…', 'Move…', 'Delete…'] as const) {
    await page.getByRole('button', { name: `More actions for ${fileName}` }).click();
    await page.getByRole('menuitem', { name: entry }).click();
    const dialog = page.getByRole(entry === 'Delete…' ? 'alertdialog' : 'dialog');
    await expect(dialog).toBeVisible();
    // Nothing in the dialog reaches past its own edge, its buttons included.
    const past = await dialog.evaluate((box) => {
      const right = box.getBoundingClientRect().right;
      return Math.max(0, ...[...box.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right - right));
    });
    expect(past, entry).toBeLessThanOrEqual(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // A partner's notes holding one long link: the details dialog keeps Edit in view.
  const partner = await page.request.post('/api/partners', {
    data: {
      name: `Long Link ${stamp}`,
      email: `long.link.${stamp}@example.org`,
      notes: `Prayer letters: https://drive.example.org/ministry/partners/long-link/2026/prayer-letters/november-update-final-version-signed-${stamp}.pdf`,
    },
  });
  expect(partner.status(), await partner.text()).toBe(201);
  await page.goto(`/partners?q=${encodeURIComponent(`Long Link ${stamp}`)}`);
  await page
    .getByRole('button', { name: /View Details/ })
    .first()
    .click();
  const details = page.getByRole('dialog');
  const edit = details.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeInViewport({ ratio: 1 });
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { dismissToasts } from './support/toasts';

// Issue 22: a weekly series in the month grid, one occurrence changed on its own, the series
// deleted; the keyboard in the grid; the private subscription address. The grid is moved to the
// tests' month by its own Previous and Next buttons, whatever today is.
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function showMonth(page: Page, label: string) {
  await page.getByRole('tab', { name: 'Month' }).click();
  const wanted = new Date(`1 ${label}`).getTime();
  const shown = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  for (let i = 0; i < 120; i++) {
    const at = new Date(`1 ${await shown.textContent()}`).getTime();
    if (at === wanted) break;
    await page.getByRole('button', { name: at < wanted ? 'Next' : 'Previous', exact: true }).click();
    await expect(shown).not.toHaveText(new Date(at).toLocaleString('en-US', { month: 'long', year: 'numeric' }));
  }
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
}

const day = (page: Page, date: string) => page.locator(`[role="gridcell"][data-day="${date}"]`);

test('a weekly event shows in the month grid; one occurrence changes alone; the series is deleted', async ({
  page,
}) => {
  await signIn(page, 'coordinator', '/calendar');
  const title = `Prayer Meeting ${unique()}`;

  await page.getByRole('button', { name: 'Add Event' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Start').fill('2026-12-01T19:00');
  await add.getByLabel('End').fill('2026-12-01T20:00');
  await add.getByRole('combobox', { name: 'Repeat' }).selectOption('weekly');
  await expect(add.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'true');
  await add.getByLabel('After').check();
  const times = add.getByLabel('Number of times');
  await times.fill('10');
  // Emptied key by key and typed again, it reads what was typed: it put 1 back at once, and 6 made 16.
  await times.press('Backspace');
  await times.press('Backspace');
  await expect(times).toHaveValue('');
  await times.press('4');
  await expect(times).toHaveValue('4');
  await expect(add.getByText('Every Tuesday, 4 times')).toBeVisible();
  // Beyond 999 the box says so, rather than going back to the last count without a word.
  await times.fill('1000');
  await expect(add.getByText('A whole number from 1 to 999, please: the series stays at 4 times.')).toBeVisible();
  await expect(times).toHaveAttribute('aria-invalid', 'true');
  await times.fill('4');
  await expect(add.getByText(/A whole number from 1 to 999/)).toHaveCount(0);
  // A stray "e" leaves text that is not a number: the count stays 4, not 1 (decision 0168).
  await add.getByLabel('Number of times').press('e');
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully!')).toBeVisible();
  // Each chain of dialogs gives the focus back to what opened it, or to the view's tab when that
  // is gone, never to the page's body.
  await expect(page.getByRole('button', { name: 'Add Event' })).toBeFocused();

  await showMonth(page, 'December 2026');
  for (const date of ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22']) {
    await expect(day(page, date).getByRole('button', { name: new RegExp(title) })).toHaveCount(1);
  }
  await expect(day(page, '2026-12-29').getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
  await expectAccessible(page);

  // Change the third occurrence only: a day later, with its own title.
  await day(page, '2026-12-15')
    .getByRole('button', { name: new RegExp(title) })
    .click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText('Tuesday, December 15, 2026');
  // The focus starts on the title, not on a button (it was Delete: Enter then asked to delete).
  await expect(details.getByRole('heading', { name: title })).toBeFocused();
  await details.getByRole('button', { name: 'Edit' }).click();
  const scope = page.getByRole('dialog', { name: 'Edit repeating event' });
  await scope.getByLabel('This event').check();
  await scope.getByRole('button', { name: 'Continue' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Title').fill(`${title} (moved)`);
  await edit.getByLabel('Start').fill('2026-12-16T19:00');
  await edit.getByLabel('End').fill('2026-12-16T20:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully!')).toBeVisible();
  // The occurrence's button moved to another day with the change.
  await expect(page.getByRole('tab', { name: 'Month' })).toBeFocused();
  await expect(day(page, '2026-12-15').getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
  await expect(day(page, '2026-12-16').getByRole('button', { name: new RegExp(`${title} \\(moved\\)`) })).toHaveCount(
    1,
  );
  await expect(day(page, '2026-12-22').getByRole('button', { name: new RegExp(title) })).toHaveCount(1);

  // "All events" asked from the moved occurrence edits the series as it is, at that occurrence's
  // own slot: only the place changes. Opened with the moved evening's own title and day, saving it
  // renamed every meeting, moved them all a day and dropped the moved evening.
  const moved = new RegExp(`${title} \\(moved\\)`);
  await day(page, '2026-12-16').getByRole('button', { name: moved }).click();
  await page
    .getByRole('dialog', { name: `${title} (moved)` })
    .getByRole('button', { name: 'Edit' })
    .click();
  await scope.getByLabel('All events').check();
  await scope.getByRole('button', { name: 'Continue' }).click();
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Start')).toHaveValue('2026-12-15T19:00');
  await edit.getByLabel('Location').fill('Chapel');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  for (const date of ['2026-12-01', '2026-12-08', '2026-12-22']) {
    await expect(day(page, date).getByRole('button', { name: title, exact: false })).toHaveCount(1);
    await expect(day(page, date).getByRole('button', { name: moved })).toHaveCount(0);
  }
  await expect(day(page, '2026-12-16').getByRole('button', { name: moved })).toHaveCount(1);
  await expect(day(page, '2026-12-15').getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
  // Its toast goes, so the next save's is the one looked for.
  await dismissToasts(page);

  // "This and following" from the second of four: the form offers the 3 left, so the series
  // keeps its four meetings (it offered 4 and made six).
  await day(page, '2026-12-08')
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit' }).click();
  await expect(scope.getByLabel('This event')).toBeChecked();
  await scope.getByLabel('This and following events').check();
  await scope.getByRole('button', { name: 'Continue' }).click();
  await expect(edit.getByLabel('Number of times')).toHaveValue('3');
  await edit.getByLabel('Location').fill('Fellowship Hall');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully!')).toBeVisible();
  for (const date of ['2026-12-01', '2026-12-08', '2026-12-16', '2026-12-22']) {
    await expect(day(page, date).getByRole('button', { name: new RegExp(title) })).toHaveCount(1);
  }
  await expect(day(page, '2026-12-29').getByRole('button', { name: new RegExp(title) })).toHaveCount(0);

  // Delete both parts, each question starting at "This event" whatever the last answer was.
  for (const date of ['2026-12-01', '2026-12-08']) {
    await day(page, date)
      .getByRole('button', { name: new RegExp(title) })
      .click();
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Delete' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete repeating event' });
    await expect(deleting.getByLabel('This event')).toBeChecked();
    await deleting.getByLabel('All events').check();
    await deleting.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Event deleted').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Month' })).toBeFocused();
  }
  await expect(page.getByRole('grid').getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
});

test('the month grid is walked by keyboard', async ({ page }) => {
  await signIn(page, 'coordinator', '/calendar');
  await showMonth(page, 'December 2026');
  // A Thursday: the other test's weekly series puts its buttons on Tuesdays.
  await day(page, '2026-12-03').click({ position: { x: 4, y: 4 } });
  await expect(day(page, '2026-12-03')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(day(page, '2026-12-04')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(day(page, '2026-12-11')).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(page.getByRole('heading', { level: 2, name: 'January 2027' })).toBeVisible();
  await expect(day(page, '2027-01-11')).toBeFocused();
  // The view is remembered.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Month' })).toHaveAttribute('aria-selected', 'true');
});

test('the subscription address copies, serves the calendar, and a new one retires the old', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'coordinator', '/settings');
  const address = page.getByLabel('Subscription address');
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
  const first = await address.inputValue();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // A calendar app has no session: the address alone answers.
  const anonymous = await page.request.get(first, { headers: { cookie: '' } });
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['content-type']).toContain('text/calendar');
  expect(await anonymous.text()).toContain('BEGIN:VCALENDAR');

  await page.getByRole('button', { name: 'New address' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'New address' }).click();
  await expect(address).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
});

test.describe('a series planned in another time zone', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('its monthly choices read its start where it is planned: the first Tuesday in Los Angeles, not Wednesday the 2nd in London', async ({
    page,
  }) => {
    await signIn(page, 'coordinator', '/calendar');
    const title = `Board call ${unique()}`;
    // Tuesday 1 December, 19:00 in Los Angeles: 03:00 on Wednesday the 2nd in London.
    const created = await page.request.post('/api/calendar/events', {
      multipart: {
        title,
        startDate: '2026-12-02T03:00:00.000Z',
        endDate: '2026-12-02T04:00:00.000Z',
        timeZone: 'America/Los_Angeles',
        recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=3',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    await showMonth(page, 'December 2026');
    await day(page, '2026-12-02')
      .getByRole('button', { name: new RegExp(title) })
      .click();
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit' }).click();
    const scope = page.getByRole('dialog', { name: 'Edit repeating event' });
    await scope.getByLabel('All events').check();
    await scope.getByRole('button', { name: 'Continue' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByRole('combobox', { name: 'Repeat monthly on' }).locator('option')).toHaveText([
      'On day 1',
      'On the first Tuesday',
    ]);
  });
});

test('a long title without spaces wraps in its card, its details and the agenda, on a phone too', async ({ page }) => {
  await signIn(page, 'coordinator', '/calendar');
  const title = `Conference${'x'.repeat(60)}${unique()}`;
  // In two days, so the agenda's weeks ahead include it whatever today is.
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(18, 0, 0, 0);
  const created = await page.request.post('/api/calendar/events', {
    multipart: {
      title,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      timeZone: 'UTC',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByRole('button', { name: title })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: title }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toBeVisible();
  expect(await details.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Agenda' }).click();
  await expect(page.getByRole('tabpanel').getByText(title)).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
});

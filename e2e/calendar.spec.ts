import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { dismissToasts, expectToast } from './support/toasts';

// Events are shared by every test on the server: each test uses titles of its own and never
// assumes the list is empty.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('add, view and edit an event with an image', async ({ page }) => {
  await signIn(page, 'coordinator', '/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar & Events' })).toBeVisible();
  const title = `Partner Dinner ${unique()}`;

  await page.getByRole('button', { name: 'Add Event' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Description').fill('An evening to thank our partners.\nDress: <b>smart</b>');
  await add.getByLabel('Start').fill('2031-05-10T18:00');
  await add.getByLabel('End').fill('2031-05-10T21:00');
  await add.getByLabel('Location').fill('Fellowship Hall');
  await add.getByLabel('Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully!')).toBeVisible();
  await expect(add).toBeHidden();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
  await expect(card).toContainText('May 10, 2031');
  // One day: no range of dates (D8), and its hours under the date (decision 0160).
  await expect(card).not.toContainText('May 10, 2031 - ');
  await expect(card).toContainText('6:00 PM - 9:00 PM');
  await expect(card).toContainText('Fellowship Hall');
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await card.getByRole('button', { name: title, exact: true }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText('Saturday, May 10, 2031');
  await expect(details).toContainText('6:00 PM - 9:00 PM');
  await expect(details).toContainText('Fellowship Hall');
  // Markup is shown as text.
  await expect(details).toContainText('Dress: <b>smart</b>');
  await expect(details.getByRole('img', { name: `Image for ${title}` })).toBeVisible();
  await expectAccessible(page);

  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Start')).toHaveValue('2031-05-10T18:00');
  await edit.getByLabel('Title').fill(`${title} (updated)`);
  await edit.getByLabel('End').fill('2031-05-12T12:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();

  const updated = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `${title} (updated)`, exact: true }) });
  await expect(updated).toContainText('May 10, 2031 - May 12, 2031');
  await expect(updated.locator('img')).toHaveCount(1);
  await updated.getByRole('button').click();
  const updatedDetails = page.getByRole('dialog', { name: `${title} (updated)` });
  await expect(updatedDetails).toContainText('until Monday, May 12, 2031 at 12:00 PM');

  // A save the server turns down keeps the dialog open and says so.
  await page.route('**/api/calendar/events/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 409, json: { error: 'The event could not be saved. Please try again.' } })
      : route.continue(),
  );
  await updatedDetails.getByRole('button', { name: 'Edit' }).click();
  const failing = page.getByRole('dialog', { name: 'Edit Event' });
  await failing.getByLabel('Location').fill('Main Sanctuary');
  await failing.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update event')).toBeVisible();
  await expect(page.getByText('The event could not be saved. Please try again.')).toBeVisible();
  await expect(failing).toBeVisible();
});

test('the dialog refuses a missing title and an end before the start, and sends nothing', async ({ page }) => {
  await signIn(page, 'coordinator', '/calendar');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/calendar/events')) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Add Event' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Title is required').first()).toBeVisible();
  await expect(add.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  await add.getByLabel('Title').fill(`Backwards ${unique()}`);
  await add.getByLabel('Start').fill('2031-06-02T10:00');
  await add.getByLabel('End').fill('2031-06-01T10:00');
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('End date must be after start date').first()).toBeVisible();
  await expect(add).toBeVisible();
  expect(posts).toEqual([]);
});

test("a text file dressed as a picture is refused by the server: 'Failed to create event'", async ({ page }) => {
  await signIn(page, 'coordinator', '/calendar');
  const title = `Fake Image ${unique()}`;
  await page.getByRole('button', { name: 'Add Event' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Start').fill('2031-07-01T09:00');
  await add.getByLabel('End').fill('2031-07-01T10:00');
  await add
    .getByLabel('Image')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Failed to create event')).toBeVisible();
  await expect(page.getByText('The event image must be a picture (PNG, JPEG, GIF or WebP).')).toBeVisible();
  await expect(add).toBeVisible();
  // The focus goes to the image to choose another, not to the page behind the dialog.
  await expect(add.getByLabel('Image')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: title, exact: true })).toHaveCount(0);
});

test('events are sorted by start, earliest first', async ({ page }) => {
  await signIn(page, 'admin', '/calendar');
  const id = unique();
  const later = `Later ${id}`;
  const earlier = `Earlier ${id}`;
  for (const [title, start, end] of [
    [later, '2032-09-20T10:00', '2032-09-20T11:00'],
    [earlier, '2032-09-19T10:00', '2032-09-19T11:00'],
  ]) {
    await page.getByRole('button', { name: 'Add Event' }).click();
    const add = page.getByRole('dialog', { name: 'Add Event' });
    await add.getByLabel('Title').fill(title!);
    await add.getByLabel('Start').fill(start!);
    await add.getByLabel('End').fill(end!);
    await add.getByRole('button', { name: 'Create Event' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
    // The success toast sits over Add Event, and sonner keeps a toast open while the pointer
    // is on it: close it, as a person would, before adding the next event.
    await expectToast(page, 'Event created successfully!');
    await dismissToasts(page);
  }
  const titles = await page.getByRole('list', { name: 'Events' }).getByRole('heading').allTextContents();
  expect(titles.indexOf(earlier)).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf(earlier)).toBeLessThan(titles.indexOf(later));
});

test('with no events the calendar says how to add one', async ({ page }) => {
  await signIn(page, 'limited', '/calendar');
  // The shared server has events from other tests: this one sees an empty calendar.
  await page.route('**/api/calendar/events', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { events: [], maxUploadMb: 50 } }) : route.continue(),
  );
  await page.reload();
  await expect(page.getByText('No events scheduled. Click "Add Event" to create one.')).toBeVisible();
  await expectAccessible(page);
});

test("a coordinator is offered Edit but no Delete on someone else's event (decision 0178)", async ({
  page,
  browser,
}) => {
  // The admin's single event and weekly series; the coordinator's own event beside them.
  await signIn(page, 'admin', '/calendar');
  const id = unique();
  const single = `Board Meeting ${id}`;
  const series = `Thursday Bible Study ${id}`;
  const admins: Record<string, string>[] = [
    { title: single, startDate: '2033-02-03T18:00:00.000Z', endDate: '2033-02-03T19:00:00.000Z', timeZone: 'UTC' },
    {
      title: series,
      startDate: '2033-02-03T19:00:00.000Z',
      endDate: '2033-02-03T20:30:00.000Z',
      timeZone: 'UTC',
      recurrence: 'FREQ=WEEKLY;BYDAY=TH;COUNT=4',
    },
  ];
  for (const multipart of admins) {
    const created = await page.request.post('/api/calendar/events', { multipart });
    expect(created.status(), await created.text()).toBe(201);
  }

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    await signIn(other, 'coordinator', '/calendar');
    const own = `Coffee ${id}`;
    const created = await other.request.post('/api/calendar/events', {
      multipart: { title: own, startDate: '2033-02-04T09:00:00.000Z', endDate: '2033-02-04T10:00:00.000Z' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await other.reload();
    for (const title of [single, series]) {
      await other.getByRole('button', { name: title, exact: true }).click();
      const details = other.getByRole('dialog', { name: title });
      await expect(details.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await other.keyboard.press('Escape');
      await expect(details).toBeHidden();
    }
    await other.getByRole('button', { name: own, exact: true }).click();
    await expect(other.getByRole('dialog', { name: own }).getByRole('button', { name: 'Delete' })).toBeVisible();
  } finally {
    await otherContext.close();
  }

  // The admin may delete anyone's.
  await page.reload();
  await page.getByRole('button', { name: `Coffee ${id}`, exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: `Coffee ${id}` }).getByRole('button', { name: 'Delete' }),
  ).toBeVisible();
});

test('Subscribe on the calendar leads to the private subscription address in Settings', async ({ page }) => {
  await signIn(page, 'coordinator', '/calendar');
  await page.getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/settings#calendar-subscription$/);
  const heading = page.getByText('Calendar subscription', { exact: true });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
});

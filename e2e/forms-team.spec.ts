import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectToast, unique } from './support/portal';
import { dismissToasts } from './support/toasts';

/**
 * Issue 21 items 1 and 5: the team's forms (edit, close, new link) and View Responses (a
 * response arriving live, opened whole, exported, deleted).
 */

interface TeamForm {
  id: string;
  title: string;
  version: number;
  publicToken: string;
  fields: { id: string; label: string; type: string; required: boolean; options?: string[] }[];
}

const tool = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Form tools' }).getByRole('button', { name: new RegExp(`^${name}`) });
const teamForm = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Team forms' }).getByRole('listitem').filter({ hasText: title });

async function createFormViaApi(page: Page, title: string, fields: unknown[]): Promise<TeamForm> {
  const response = await page.request.post('/api/forms', { data: { title, fields } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { form: TeamForm }).form;
}

test('the creator edits a form (fields, options, optional, settings), meets a conflict, closes it and makes a new link', async ({
  page,
}) => {
  await signIn(page, 'coordinator', '/forms');
  const title = unique('Picnic sign-up');
  const form = await createFormViaApi(page, title, [
    { id: 'name', label: 'Name', type: 'text' },
    { id: 'guests', label: 'Guests', type: 'number' },
  ]);
  await page.reload();
  const item = teamForm(page, title);
  await expect(item).toContainText('Open');
  await expect(item).toContainText('0 responses');

  await item.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('form', { name: 'Edit Form' });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Form Title')).toHaveValue(title);
  // The editor opens at the top of the page: the focus goes there, not left on Edit far below.
  await expect(editor.getByLabel('Form Title')).toBeFocused();
  await editor.getByLabel('Field 1 label').fill('Your name');
  // Guests becomes optional; a single choice field with its options is added, by keyboard.
  await editor.getByRole('switch', { name: 'Guests required' }).press('Space');
  await expect(editor.getByRole('switch', { name: 'Guests required' })).toHaveAttribute('aria-checked', 'false');
  await editor.getByLabel('Field Label').fill('Dish');
  await editor.getByLabel('Field Type').selectOption({ label: 'Single Choice' });
  await editor.getByLabel('Field Label').press('Enter');
  const options = editor.getByRole('group', { name: 'Options of Dish' });
  for (const option of ['Salad', 'Dessert']) {
    await options.getByLabel('New option for Dish').fill(option);
    await options.getByLabel('New option for Dish').press('Enter');
  }
  await options.getByRole('button', { name: 'Move option Dessert up' }).click();
  // Reorder by keyboard: Dish up above Guests.
  const dishUp = editor.getByRole('button', { name: 'Move Dish up' });
  await dishUp.focus();
  await page.keyboard.press('Enter');
  await expect(dishUp).toBeFocused();
  // "2e" is not a number yet: the box reports nothing, and saving says so rather than saving no limit.
  await editor.getByLabel('Response limit (optional)').pressSequentially('2e');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'The response limit is a whole number');
  await editor.getByLabel('Response limit (optional)').fill('25');
  await editor.getByLabel('Thank-you message').fill('See you at the picnic!');
  await expectAccessible(page);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Form saved', title);
  await expect(editor).toBeHidden();
  // The editor goes with its buttons: the focus goes back to the form's Edit.
  await expect(item.getByRole('button', { name: `Edit ${title}` })).toBeFocused();

  const saved = ((await (await page.request.get(`/api/forms/${form.id}`)).json()) as { form: TeamForm }).form;
  expect(saved.version).toBe(2);
  expect(saved.fields.map((f) => [f.label, f.type, f.required, f.options ?? null])).toEqual([
    ['Your name', 'text', true, null],
    ['Dish', 'single_choice', true, ['Dessert', 'Salad']],
    ['Guests', 'number', false, null],
  ]);
  await expect(item).toContainText('3 fields');
  await expect(item).toContainText('Limit 25');

  // Someone else saves in between: the editor says so plainly and saves nothing.
  await item.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(editor).toBeVisible();
  const sneaky = await page.request.put(`/api/forms/${form.id}`, {
    data: {
      version: saved.version,
      title: `${title} (renamed)`,
      description: null,
      fields: saved.fields,
      status: 'open',
      closesAt: null,
      responseLimit: 25,
      thankYouMessage: null,
    },
  });
  expect(sneaky.status()).toBe(200);
  await editor.getByLabel('Description').fill('Bring a friend');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor.getByRole('alert')).toContainText(
    'This form was changed by someone else. Reload it to see the changes.',
  );
  await expectAccessible(page);
  await editor.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(editor).toBeHidden();
  const renamed = `${title} (renamed)`;
  const renamedItem = teamForm(page, renamed);
  await expect(renamedItem).toBeVisible();

  // Close it, then a new link after confirming: the old address stops working.
  await renamedItem.getByRole('button', { name: `Close ${renamed}` }).click();
  await expectToast(page, 'Form closed', renamed);
  await expect(renamedItem.getByText('Closed', { exact: true })).toBeVisible();
  // Reopen, not Open: 'Open' is also the status badge's word.
  await expect(renamedItem.getByRole('button', { name: `Reopen ${renamed}` })).toHaveText('Reopen');
  // Close and Reopen take each other's place, with the focus (it fell to the page).
  await expect(renamedItem.getByRole('button', { name: `Reopen ${renamed}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Form reopened', renamed);
  await expect(renamedItem.getByRole('button', { name: `Close ${renamed}` })).toBeFocused();
  await renamedItem.getByRole('button', { name: `Close ${renamed}` }).click();
  await expectToast(page, 'Form closed', renamed);
  await expect(renamedItem.getByRole('button', { name: `Reopen ${renamed}` })).toBeFocused();
  await renamedItem.getByRole('button', { name: `Reopen ${renamed}` }).focus();
  await dismissToasts(page);
  await renamedItem.getByRole('button', { name: `New link for ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make a new link?' });
  await expect(confirm).toContainText('will stop working at once');
  await confirm.getByRole('button', { name: 'Make New Link' }).click();
  // The click only starts the request: read the form once the new link's toast says it answered
  // (read at once, it raced the rotation and sometimes saw the old link).
  const newLinkToast = page.locator('[data-sonner-toast]').filter({ hasText: '/f/' });
  await expect(newLinkToast).toBeVisible();
  const after = ((await (await page.request.get(`/api/forms/${form.id}`)).json()) as { form: TeamForm }).form;
  expect(after.publicToken).not.toBe(form.publicToken);
  await expect(newLinkToast.filter({ hasText: `/f/${after.publicToken}` })).toBeVisible();
});

test('View Responses: a response arrives live, opens whole, is exported as CSV and deleted', async ({ page }) => {
  await signIn(page, 'admin', '/forms');
  const title = unique('Prayer requests');
  const form = await createFormViaApi(page, title, [
    { id: 'name', label: 'Name', type: 'text' },
    { id: 'topic', label: 'Topic', type: 'multiple_choice', options: ['Health', 'Family', 'Work'] },
    { id: 'people', label: 'People', type: 'number' },
    { id: 'day', label: 'Day', type: 'date' },
    { id: 'note', label: 'Anything else?', type: 'textarea', required: false },
  ]);
  await page.reload();
  await teamForm(page, title)
    .getByRole('button', { name: `Responses to ${title}` })
    .click();
  await expect(tool(page, 'View Responses')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Show responses of')).toHaveValue(form.id);
  await expect(page.getByTestId('response-count')).toHaveText('0 responses');
  await expect(page.getByText('No responses yet. They appear here as they arrive.')).toBeVisible();
  await expectAccessible(page);

  // A visitor with no session answers through the public link (helper B's endpoint).
  const visitor = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const answered = await visitor.post(`/api/public/forms/${form.publicToken}/responses`, {
      data: { answers: { name: '=cmd|calc', topic: ['Family', 'Health'], people: 3, day: '2026-12-24' } },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }

  // It appears without a reload.
  await expect(page.getByTestId('response-count')).toHaveText('1 response');
  const row = page.getByTestId('response-row');
  await expect(row).toHaveCount(1);
  // Named by the name its answers give, marked as from the public link.
  await expect(row).toContainText('=cmd|calc (public link)');
  const summary = page.getByRole('list', { name: 'Summary per field' });
  await expect(summary.getByRole('listitem').filter({ hasText: 'People' })).toContainText('Total3Average3');
  await expect(summary.getByRole('listitem').filter({ hasText: 'Topic' })).toContainText('Health1');
  await expect(summary.getByRole('listitem').filter({ hasText: 'Topic' })).toContainText('Work0');
  // A date reads as the portal's dates do; the CSV below keeps it as stored.
  await expect(summary.getByRole('list', { name: 'Latest answers to Day' })).toContainText('Dec 24, 2026');

  await row.getByRole('button', { name: /^Open/ }).click();
  const details = page.getByRole('dialog', { name: 'Response from =cmd|calc (public link)' });
  await expect(details).toContainText('=cmd|calc');
  await expect(details).toContainText('Health; Family');
  // The optional question left blank is there too, said to be unanswered.
  await expect(details.getByRole('term').last()).toHaveText('Anything else?');
  await expect(details.getByRole('definition').last()).toHaveText('No answer');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Export CSV: a byte order mark, the current fields' columns, the formula neutralised.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\n')[0]).toBe('Submitted,Partner,Recipient,Name,Topic,People,Day,Anything else?,Response id');
  expect(text).toContain(`'=cmd|calc,Health; Family,3,2026-12-24,`);

  // Delete it, after confirming.
  await row.getByRole('button', { name: 'Delete response from =cmd|calc (public link)' }).click();
  await page.getByRole('alertdialog', { name: 'Delete response?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Response deleted');
  await expect(page.getByTestId('response-count')).toHaveText('0 responses');
  await expect(row).toHaveCount(0);
  // The last response gone, the focus goes to the list's heading, not the page.
  await expect(page.getByRole('heading', { name: 'Responses, newest first' })).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const sideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test('the team list, the editor and the responses panel fit 390 px', async ({ page }) => {
    await signIn(page, 'coordinator', '/forms');
    const title = unique('Phone form');
    await createFormViaApi(page, title, [
      { id: 'pick', label: 'Pick one', type: 'single_choice', options: ['Morning', 'Evening'] },
      { id: 'when', label: 'Which day', type: 'date' },
    ]);
    await page.reload();
    const item = teamForm(page, title);
    await expect(item).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await item.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(
      page.getByRole('form', { name: 'Edit Form' }).getByRole('group', { name: 'Options of Pick one' }),
    ).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await item.getByRole('button', { name: `Responses to ${title}` }).click();
    await expect(page.getByTestId('response-count')).toHaveText('0 responses');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});

test('a form stopped by its response limit offers Reopen, which leads to the limit instead of claiming to reopen it', async ({
  page,
}) => {
  await signIn(page, 'coordinator', '/forms');
  const title = unique('Retreat places');
  const created = await createFormViaApi(page, title, [{ id: 'name', label: 'Name', type: 'text' }]);
  const limited = await page.request.put(`/api/forms/${created.id}`, {
    data: {
      version: created.version,
      title,
      description: null,
      fields: created.fields,
      status: 'open',
      closesAt: null,
      responseLimit: 1,
      thankYouMessage: null,
    },
  });
  expect(limited.status(), await limited.text()).toBe(200);
  const visitor = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const answered = await visitor.post(`/api/public/forms/${created.publicToken}/responses`, {
      data: { answers: { name: 'Ruth' } },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }
  await page.reload();
  const item = teamForm(page, title);
  await expect(item.getByText('Closed (limit reached)')).toBeVisible();
  // Not Close: it takes no answers already.
  await expect(item.getByRole('button', { name: `Close ${title}` })).toHaveCount(0);
  await item.getByRole('button', { name: `Reopen ${title}` }).click();
  await expectToast(page, 'Raise the response limit to reopen', `"${title}" has the 1 response its limit allows.`);
  const editor = page.getByRole('form', { name: 'Edit Form' });
  await expect(editor.getByLabel('Response limit (optional)')).toHaveValue('1');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Form reopened' })).toHaveCount(0);
  // A limit already reached is said under its box; a higher one opens the form again.
  await expect(editor.getByLabel('Response limit (optional)')).toHaveAccessibleDescription(
    'The form already has 1 response: it takes no more answers once saved.',
  );
  await editor.getByLabel('Response limit (optional)').fill('5');
  await expect(editor.getByText('The form already has 1 response', { exact: false })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Form saved', title);
  await expect(item.getByText('Open', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: `Close ${title}` })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { dismissToasts } from './support/toasts';

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const builder = (page: Page) => page.getByRole('form', { name: 'Create Form' });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const tool = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Form tools' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function addField(page: Page, label: string, type: string) {
  const form = builder(page);
  await form.getByLabel('Field Label').fill(label);
  await form.getByLabel('Field Type').selectOption({ label: type });
  await form.getByRole('button', { name: 'Add Field' }).click();
}

const fieldLabels = (page: Page) =>
  builder(page)
    .getByTestId('builder-field')
    .evaluateAll((items) => items.map((li) => (li.querySelector('input') as HTMLInputElement).value));

test('More Features shows its three cards and passes the accessibility check', async ({ page }) => {
  await signIn(page, 'coordinator', '/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'More Features', exact: true })).toBeVisible();
  for (const card of ['Create Form', 'Send to Partners', 'View Responses']) {
    await expect(tool(page, card)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Team Forms' })).toBeVisible();
  await expectAccessible(page);
});

test('View Responses opens the responses panel, no longer a Coming Soon toast', async ({ page }) => {
  await signIn(page, 'coordinator', '/forms');
  await tool(page, 'View Responses').click();
  await expect(tool(page, 'View Responses')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'View Responses' })).toBeVisible();
  await expect(builder(page)).toBeHidden();
  await expect(toast(page, 'Coming Soon')).toHaveCount(0);
  await expectAccessible(page);
});

test('the builder explains what is missing, in order', async ({ page }) => {
  await signIn(page, 'coordinator', '/forms');
  const form = builder(page);

  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expect(toast(page, 'Please enter a form title')).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Form Title').fill(unique('Half-built form'));
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expect(toast(page, 'Please add at least one field')).toBeVisible();

  await form.getByRole('button', { name: 'Add Field' }).click();
  await expect(toast(page, 'Please enter a field label')).toBeVisible();
  await expect(form.getByLabel('Field Label')).toBeFocused();
  await expect(form.getByTestId('builder-field')).toHaveCount(0);

  // A label emptied after adding is caught on save.
  await addField(page, 'Name', 'Text');
  await form.getByLabel('Field 1 label').fill(' ');
  await dismissToasts(page);
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expect(toast(page, 'Please enter a field label')).toBeVisible();
});

test('building a form with every field type, reordering by keyboard and removing, then saving it', async ({
  page,
  browser,
}) => {
  // Two sign-ins (argon2) and many steps: more than the default budget on a busy machine.
  await signIn(page, 'admin', '/forms');
  const form = builder(page);
  const title = unique('Volunteer sign-up');
  const preview = page.getByTestId('form-preview');

  await form.getByLabel('Form Title').fill(title);
  await form.getByLabel('Description').fill('For the summer outreach');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('For the summer outreach')).toBeVisible();

  await addField(page, 'Full name', 'Text');
  await addField(page, 'Email address', 'Email');
  await addField(page, 'Phone number', 'Phone');
  await addField(page, 'Prayer request', 'Long Text');
  await addField(page, 'Household size', 'Number');
  await addField(page, 'Temporary', 'Text');
  // Enter in the label box adds a field too, and focus stays there for the next one.
  await form.getByLabel('Field Label').fill('Also temporary');
  await form.getByLabel('Field Label').press('Enter');
  await expect(form.getByLabel('Field Label')).toBeFocused();
  await expect(form.getByLabel('Field Label')).toHaveValue('');
  expect(await fieldLabels(page)).toEqual([
    'Full name',
    'Email address',
    'Phone number',
    'Prayer request',
    'Household size',
    'Temporary',
    'Also temporary',
  ]);

  // The live preview shows each field as the partner would fill it in, all required.
  await expect(preview.getByLabel('Full name')).toHaveAttribute('type', 'text');
  await expect(preview.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await expect(preview.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
  await expect(preview.getByLabel('Household size')).toHaveAttribute('type', 'number');
  await expect(preview.getByLabel('Prayer request')).toHaveJSProperty('tagName', 'TEXTAREA');
  for (const label of ['Full name', 'Prayer request'])
    await expect(preview.getByLabel(label)).toHaveAttribute('required', '');
  await expectAccessible(page);

  // Reorder by keyboard: focus stays on the moved field's button.
  const phoneUp = form.getByRole('button', { name: 'Move Phone number up' });
  await phoneUp.focus();
  await page.keyboard.press('Enter');
  await expect(phoneUp).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await fieldLabels(page)).toEqual([
    'Phone number',
    'Full name',
    'Email address',
    'Prayer request',
    'Household size',
    'Temporary',
    'Also temporary',
  ]);
  // At the top "up" is disabled, so focus moves to its twin.
  await expect(phoneUp).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Move Phone number down' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await fieldLabels(page)).slice(0, 3)).toEqual(['Full name', 'Phone number', 'Email address']);
  // And by mouse.
  await form.getByRole('button', { name: 'Move Email address up' }).click();
  expect((await fieldLabels(page)).slice(0, 3)).toEqual(['Full name', 'Email address', 'Phone number']);
  await form.getByRole('button', { name: 'Move Email address down' }).click();
  expect((await fieldLabels(page)).slice(0, 3)).toEqual(['Full name', 'Phone number', 'Email address']);

  // Change a field's type after adding it.
  await form.getByLabel('Field 2 type').selectOption({ label: 'Phone' });

  // Remove by keyboard and by mouse.
  const removeTemporary = form.getByRole('button', { name: 'Remove Temporary' });
  await removeTemporary.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: 'Remove Also temporary' })).toBeFocused();
  await form.getByRole('button', { name: 'Remove Also temporary' }).click();
  const expected = ['Full name', 'Phone number', 'Email address', 'Prayer request', 'Household size'];
  expect(await fieldLabels(page)).toEqual(expected);
  await expect(preview.getByLabel('Temporary')).toHaveCount(0);

  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expect(toast(page, 'Form created successfully!')).toBeVisible();
  await expect(form.getByLabel('Form Title')).toHaveValue('');
  await expect(form.getByTestId('builder-field')).toHaveCount(0);

  const saved = page.getByRole('list', { name: 'Team forms' }).getByRole('listitem').filter({ hasText: title });
  await expect(saved).toContainText('5 fields');
  await saved.getByRole('button', { name: `View ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('label')).toHaveText(expected.map((l) => `${l} *`));
  await expect(dialog.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Forms belong to the team (issue 21): another coordinator sees it, but may not change it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    await signIn(other, 'coordinator', '/forms');
    const theirs = other.getByRole('list', { name: 'Team forms' }).getByRole('listitem').filter({ hasText: title });
    await expect(theirs).toBeVisible();
    await expect(theirs.getByRole('button', { name: `View ${title}` })).toBeVisible();
    await expect(theirs.getByRole('button', { name: `Copy link of ${title}` })).toBeVisible();
    await expect(theirs.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  } finally {
    await otherContext.close();
  }

  // And it can be deleted, after confirming.
  await saved.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete form?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Form deleted')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team forms' }).getByText(title)).toHaveCount(0);
});

test('failures: the server refusing, and a session that has ended', async ({ page }) => {
  await signIn(page, 'coordinator', '/forms');
  const form = builder(page);
  await form.getByLabel('Form Title').fill(unique('Refused form'));
  await addField(page, 'Name', 'Text');

  await page.route('**/api/forms', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'You do not have permission to do this.' }),
        })
      : route.fallback(),
  );
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expect(toast(page, 'Failed to create form: You do not have permission to do this.')).toBeVisible();
  await page.unrouteAll();

  // Signed out elsewhere: the server answers 401 and the builder says so.
  await page.context().clearCookies();
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expect(toast(page, 'You must be logged in to create forms')).toBeVisible();
  await expect(form.getByLabel('Form Title')).not.toHaveValue('');
});

test('Send to Partners needs a name and an email, then confirms', async ({ page }) => {
  await signIn(page, 'coordinator', '/forms');
  // Something to send (issue 21: a form is chosen, and the person gets its personal link).
  const sendable = unique('Sendable form');
  const created = await page.request.post('/api/forms', {
    data: { title: sendable, fields: [{ id: 'f1', label: 'Name', type: 'text' }] },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  const draftTitle = unique('Draft kept');
  await builder(page).getByLabel('Form Title').fill(draftTitle);
  await tool(page, 'Send to Partners').click();
  await expect(tool(page, 'Send to Partners')).toHaveAttribute('aria-pressed', 'true');
  await expect(builder(page)).toBeHidden();
  const send = page.getByRole('form', { name: 'Send to Partners' });
  await expect(send).toBeVisible();
  await expectAccessible(page);

  await send.getByRole('button', { name: 'Send Form' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();

  await send.getByLabel('Partner Name').fill('Jane Doe');
  await dismissToasts(page);
  await send.getByRole('button', { name: 'Send Form' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();

  await send.getByLabel('Form').selectOption({ label: sendable });
  await send.getByLabel('Partner Email').fill('jane@example.org');
  await send.getByRole('button', { name: 'Send Form' }).click();
  await expect(toast(page, 'Form sent to Jane Doe at jane@example.org')).toBeVisible();
  await expectAccessible(page);
  await expect(send.getByLabel('Partner Name')).toHaveValue('');

  // Back to the builder: the half-built form is still there.
  await tool(page, 'Create Form').click();
  await expect(send).toBeHidden();
  await expect(builder(page).getByLabel('Form Title')).toHaveValue(draftTitle);
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectToast, unique } from './support/portal';

/**
 * Issue 21 from end to end, as the "Done when" tells it: a coordinator builds a form in
 * the builder, copies its public link, and watches 'View Responses' while someone with no
 * account answers it on a phone with the keyboard alone; the answer appears without a reload.
 */

const builder = (page: Page) => page.getByRole('form', { name: 'Create Form' });
const teamForm = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Team forms' }).getByRole('listitem').filter({ hasText: title });

async function addField(page: Page, label: string, type: string) {
  const form = builder(page);
  await form.getByLabel('Field Label').fill(label);
  await form.getByLabel('Field Type').selectOption({ label: type });
  await form.getByRole('button', { name: 'Add Field' }).click();
}

/** The form's public link, copied from the team's list as a coordinator does. */
async function copyLink(page: Page, title: string) {
  await teamForm(page, title)
    .getByRole('button', { name: `Copy link of ${title}` })
    .click();
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(link.pathname).toMatch(/^\/f\/[0-9a-f]{64}$/);
  return link;
}

// A coordinator on More Features, allowed to copy a form's link.
test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'coordinator', '/forms');
});

test('a coordinator builds a form, and an answer given through its public link appears live', async ({
  page,
  browser,
}) => {
  const title = unique('Youth camp sign-up');

  // Built in the builder, as a coordinator does it.
  await builder(page).getByLabel('Form Title').fill(title);
  await addField(page, 'Camper name', 'Text');
  await addField(page, 'Parent email', 'Email');
  await builder(page).getByRole('button', { name: 'Create Form', exact: true }).click();
  await expectToast(page, 'Form created successfully!');
  // The builder is empty again, its title ready for the next form (the focus fell to the page).
  await expect(builder(page).getByLabel('Form Title')).toBeFocused();

  // Its public link, from the team's list.
  const link = await copyLink(page, title);

  // Watching its responses.
  await teamForm(page, title)
    .getByRole('button', { name: `Responses to ${title}` })
    .click();
  await expect(page.getByTestId('response-count')).toHaveText('0 responses');

  // Someone with no account, on a phone, keyboard only.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await visitorContext.newPage();
    await phone.goto(link.pathname);
    await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectAccessible(phone);
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Camper name')).toBeFocused();
    await phone.keyboard.type('Timothy Eunice');
    await phone.keyboard.press('Tab');
    await phone.keyboard.type('lois@example.org');
    await phone.keyboard.press('Tab');
    await expect(phone.getByRole('button', { name: 'Submit' })).toBeFocused();
    await phone.keyboard.press('Enter');
    await expect(phone.getByRole('heading', { level: 1, name: 'Thank you' })).toBeFocused();
  } finally {
    await visitorContext.close();
  }

  // The coordinator's open screen shows it, with no reload.
  await expect(page.getByTestId('response-count')).toHaveText('1 response');
  const row = page.getByTestId('response-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Timothy Eunice');
  await expect(teamForm(page, title)).toContainText('1 response');
});

test("a number field's limits, set in the builder, are said and checked on the public page (decision 0164)", async ({
  page,
  browser,
}) => {
  const title = unique('Harvest supper');
  const form = builder(page);
  await form.getByLabel('Form Title').fill(title);
  await addField(page, 'Number of guests', 'Number');
  const limits = form.getByRole('group', { name: 'Limits of Number of guests' });
  await limits.getByLabel('Minimum').fill('9');
  await limits.getByLabel('Maximum').fill('8');
  await limits.getByLabel('Whole numbers only').click();
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expectToast(page, 'The minimum of Number of guests is more than its maximum');
  // Half-typed, "1e" is no number: the box reports nothing, and saving must not take it as no minimum.
  await limits.getByLabel('Minimum').clear();
  await limits.getByLabel('Minimum').pressSequentially('1e');
  const tried = page.getByTestId('form-preview').getByLabel('Number of guests');
  await expect(tried).toHaveAccessibleDescription('A whole number of 8 or less');
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expectToast(page, 'The minimum of Number of guests is not a number');
  await expect(teamForm(page, title)).toHaveCount(0);

  await limits.getByLabel('Minimum').fill('1');
  await expect(tried).toHaveAccessibleDescription('A whole number from 1 to 8');
  await expect(tried).toHaveAttribute('min', '1');
  await expect(tried).toHaveAttribute('step', '1');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Form', exact: true }).click();
  await expectToast(page, 'Form created successfully!');
  // Opened again to edit, the limits are as saved; looked at only, it closes without asking.
  await teamForm(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const editor = page.getByRole('form', { name: 'Edit Form' });
  const saved = editor.getByRole('group', { name: 'Limits of Number of guests' });
  await expect(saved.getByLabel('Minimum')).toHaveValue('1');
  await expect(saved.getByLabel('Maximum')).toHaveValue('8');
  await expect(saved.getByLabel('Whole numbers only')).toBeChecked();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  const link = await copyLink(page, title);

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(link.pathname);
    const guests = visitor.getByLabel('Number of guests');
    await expect(guests).toHaveAccessibleDescription('A whole number from 1 to 8');
    for (const wrong of ['0', '2.5', '9']) {
      await guests.fill(wrong);
      await guests.blur();
      await expect(guests).toHaveAccessibleDescription(/Please enter a whole number from 1 to 8$/);
    }
    // Half-typed "1e" is an answer that is not a number, not a missing one.
    await guests.clear();
    await guests.pressSequentially('1e');
    await guests.blur();
    await expect(guests).toHaveAccessibleDescription(/Please enter a whole number from 1 to 8$/);
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('Please correct the answer marked below.');
    await expect(guests).toBeFocused();
    await guests.fill('3');
    await guests.blur();
    await expect(guests).toHaveAccessibleDescription('A whole number from 1 to 8');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Thank you' })).toBeFocused();
  } finally {
    await visitorContext.close();
  }
  await expect(teamForm(page, title)).toContainText('1 response');
});

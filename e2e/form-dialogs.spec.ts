import { expect, expectAccessible, signIn, test } from './support/fixtures';

// Decision 0156: a dialog holding a form asks before Escape, a click beside it or its corner's
// close button drops what was typed; its own Cancel, and an untouched form, close at once.

test('Add Partner asks before dropping a typed name: Keep editing keeps it, Discard drops it', async ({ page }) => {
  await signIn(page, 'admin', '/partners');
  const open = page.getByRole('button', { name: 'Add Partner' });
  const dialog = page.getByRole('dialog', { name: 'Add Partner' });
  const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });

  // Untouched, and typed then deleted again: nothing to lose, Escape closes at once.
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await open.click();
  const name = dialog.getByLabel('Name');
  await name.fill('Gone again');
  await name.fill('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();

  await open.click();
  await name.fill('Half-typed Partner');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await expect(question).toContainText('What you typed in this form will be lost.');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(name).toHaveValue('Half-typed Partner');
  await expect(name).toBeFocused();

  // The corner's close button asks too; Escape on the question is Keep editing.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  // Once the question has the focus (it is then listening for Escape).
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(name).toHaveValue('Half-typed Partner');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await expect(name).toHaveValue('');
  // The question is asked again on this new opening, not remembered from the last one.
  await name.fill('Second try');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
});

test("a click beside the task dialog asks; the dialog's own Cancel closes at once", async ({ page }) => {
  await signIn(page, 'admin', '/tasks');
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await page.getByRole('button', { name: 'Create Task' }).click();
  await dialog.getByLabel('Title').fill('Call the new partners');
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Call the new partners');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();
});

test('a changed gift asks before its edit is dropped', async ({ page }) => {
  await signIn(page, 'admin', '/giving?range=all');
  const created = await page.request.post('/api/giving/donations', {
    data: { partnerName: 'Form dialog donor', amount: '40.00', donationType: 'one-time' },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await page
    .getByRole('button', { name: /^Edit the gift of \$40\.00 from Form dialog donor/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit gift' });
  await dialog.getByLabel('Amount').fill('45.00');
  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  // Nothing was saved.
  await expect(page.getByRole('row').filter({ hasText: 'Form dialog donor' }).first()).toContainText('$40.00');
});

test("Escape in a form's type-ahead closes its suggestions first, not the dialog, and asks nothing", async ({
  page,
}) => {
  await signIn(page, 'admin', '/giving');
  const name = `Typeahead Church ${Date.now()}`;
  const created = await page.request.post('/api/partners', { data: { name, email: `ta-${Date.now()}@example.org` } });
  expect(created.status()).toBe(201);
  await page.getByRole('button', { name: 'Add Donation' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Donation' });
  const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  const field = dialog.getByLabel('Partner Name');
  await field.pressSequentially(name.slice(0, 14));
  await expect(dialog.getByRole('option', { name: new RegExp(name) })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('option', { name: new RegExp(name) })).toBeHidden();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(field).toBeFocused();
  // The next Escape is the dialog's: what was typed is asked about.
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
});

test("the browser's Back with words typed in a form dialog asks before leaving; Stay keeps them", async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  await page.getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await dialog.getByLabel('Title').fill('Call the new families');
  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(dialog.getByLabel('Title')).toHaveValue('Call the new families');
  // Saved, the dialog holds nothing from the moment it goes: Back leaves at once.
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(leave).toHaveCount(0);
});

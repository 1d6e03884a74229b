import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { emailTo, resetLinkIn } from './support/mail';
import { findAccount } from './support/portal';
import { expectToast, uniqueEmail } from './support/toasts';

// Admin > Accounts (issue 17): every account listed and searchable; deactivating one signs its
// person out at once and keeps them out until reactivated; a name is corrected.

test('an admin deactivates an account: its open tab is signed out at once, and sign-in is refused until reactivated', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/admin');
  const email = uniqueEmail('leaving');
  const password = 'leaving-password-1';
  const created = await page.request.post('/api/admin/users', { data: { email, password, fullName: 'Lena Leaving' } });
  expect(created.status()).toBe(201);
  expect((await page.request.post('/api/admin/coordinators', { data: { email } })).status()).toBe(201);

  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  try {
    await them.goto('/auth');
    await them.getByLabel('Email').fill(email);
    await them.getByLabel('Password').fill(password);
    await them.getByRole('button', { name: 'Sign In' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    const row = await findAccount(page, email);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Coordinator');
    await expect(row).toContainText('Active');
    // The moment they signed in, written as every screen writes a moment (DATE_TIME_FORMAT).
    await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await expectAccessible(page);

    // Cancel changes nothing and gives the focus back to the row's menu; the confirmation,
    // reached from the keyboard this time, deactivates.
    const more = row.getByRole('button', { name: 'More actions for Lena Leaving' });
    // Beside the sidebar at 1,280 px the row's buttons share one line (five stacked before, 0159).
    const [editBox, moreBox] = await Promise.all([
      row.getByRole('button', { name: 'Edit Lena Leaving' }).boundingBox(),
      more.boundingBox(),
    ]);
    expect(Math.round(moreBox!.y)).toBe(Math.round(editBox!.y));
    await more.click();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Deactivate…' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Deactivate Lena Leaving?' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(more).toBeFocused();
    await expect(page.getByRole('menu')).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Change role…' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Deactivate…' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Account deactivated');
    await expect(row).toContainText('Deactivated');

    // Their open tab is signed out at once; the right password is told why.
    await expect(them).toHaveURL(/\/auth$/, { timeout: 5000 });
    await them.getByLabel('Email').fill(email);
    await them.getByLabel('Password').fill(password);
    await them.getByRole('button', { name: 'Sign In' }).click();
    await expect(them.getByText('This account has been deactivated.')).toBeVisible();

    // User Management says so on their card, where the switches would otherwise suggest access,
    // and leads back to Accounts.
    await page.goto('/admin');
    await page.getByLabel('Search by email').fill(email);
    const card = page.getByRole('listitem').filter({ hasText: email });
    await expect(card).toContainText('DeactivatedCannot sign in until reactivated under Accounts.');
    await card.getByRole('link', { name: 'Accounts' }).click();
    await findAccount(page, email);

    await row.getByRole('button', { name: 'Reactivate' }).click();
    await expectToast(page, 'Account reactivated');
    await them.getByRole('button', { name: 'Sign In' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);
  } finally {
    await theirs.close();
  }
});

test('an admin corrects a name, and a wrong email is refused with a clear message', async ({ page }) => {
  await signIn(page, 'admin', '/admin/accounts');
  const email = uniqueEmail('typo');
  expect(
    (
      await page.request.post('/api/admin/users', { data: { email, password: 'typo-password-1', fullName: 'Jhon' } })
    ).status(),
  ).toBe(201);
  const row = await findAccount(page, email);
  // Escape closes without saving and gives the focus back to the button.
  await row.getByRole('button', { name: 'Edit Jhon' }).click();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: 'Edit Jhon' })).toBeFocused();
  await row.getByRole('button', { name: 'Edit Jhon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit account' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill('John');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Account saved');
  await expect(row).toContainText('John');
});

test('a long name without spaces breaks inside its cell: the table keeps its columns in view', async ({ page }) => {
  await signIn(page, 'admin', '/admin/accounts');
  const email = uniqueEmail('long');
  const fullName = `Bartholomew${'x'.repeat(89)}`;
  expect(
    (await page.request.post('/api/admin/users', { data: { email, password: 'long-password-1', fullName } })).status(),
  ).toBe(201);
  const row = await findAccount(page, email);
  await expect(row).toContainText(fullName);
  // The Actions column is inside the table's own box, not beyond a sideways scroll.
  const table = page.getByRole('table', { name: 'Accounts' });
  expect(await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
});

test('an admin makes a person a coordinator from Accounts, and their role shows at once', async ({ page }) => {
  await signIn(page, 'admin', '/admin/accounts');
  const email = uniqueEmail('promoted');
  expect(
    (
      await page.request.post('/api/admin/users', { data: { email, password: 'promoted-1', fullName: 'Pia Promoted' } })
    ).status(),
  ).toBe(201);
  const row = await findAccount(page, email);
  await expect(row).toContainText('No role');
  const more = row.getByRole('button', { name: 'More actions for Pia Promoted' });
  await more.click();
  await page.getByRole('menuitem', { name: 'Change role…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change role' });
  await dialog.getByLabel('Role').selectOption('coordinator');
  await expect(dialog).toContainText('A coordinator uses the features their switches');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Role changed');
  await expect(row).toContainText('Coordinator');
  await expect(more).toBeFocused();
});

test('an admin sends a password link from Accounts; the person chooses a new password with it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/admin/accounts');
  const email = uniqueEmail('forgetful');
  expect(
    (
      await page.request.post('/api/admin/users', {
        data: { email, password: 'forgotten-password-1', fullName: 'Finn Forgetful' },
      })
    ).status(),
  ).toBe(201);
  const row = await findAccount(page, email);
  await row.getByRole('button', { name: 'More actions for Finn Forgetful' }).click();
  await page.getByRole('menuitem', { name: 'Send password link' }).click();
  await expectToast(page, 'Password link ready');
  await expect(page.getByText(`A link to choose a new password was emailed to ${email}`)).toBeVisible();

  const mail = await emailTo(email, 'Choose a new password');
  expect(mail.text).toContain('asked the portal to send you a link to choose a new password');
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  try {
    await them.goto(resetLinkIn(mail.text));
    await them.getByLabel('New password', { exact: true }).fill('finn-new-password');
    await them.getByLabel('Confirm new password').fill('finn-new-password');
    await them.getByRole('button', { name: 'Set new password' }).click();
    await expect(them.getByText('You can sign in with your new password now.')).toBeVisible();
    await them.getByRole('link', { name: 'Sign in' }).click();
    await them.getByLabel('Email').fill(email);
    await them.getByLabel('Password').fill('finn-new-password');
    await them.getByRole('button', { name: 'Sign In' }).click();
    // An account without a role lands on Settings (D4).
    await expect(them).toHaveURL(/\/settings$/);
  } finally {
    await theirs.close();
  }
});

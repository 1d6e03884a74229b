import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { emailTo, resetLinkIn } from './support/mail';
import { expectToast } from './support/toasts';
import { FAILED_EMAIL, USERS } from './support/users';

test('forgot password: the emailed link sets a new password that signs in, once', async ({ page }) => {
  const { email, password } = USERS.resetter;
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Forgot your password?')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');

  const mail = await emailTo(email, 'Choose a new password');
  const link = resetLinkIn(mail.text);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('rita-new-password');
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm new password').fill('rita-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('You can sign in with your new password now.')).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('rita-new-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm new password').fill('third-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid, already used or expired.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('an admin reads the portal emails on Admin > Email', async ({ page }) => {
  // An email to read: a reset link asked for the coordinator.
  await page.goto('/');
  const response = await page.request.post('/api/auth/request-password-reset', {
    data: { email: USERS.coordinator.email },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  await emailTo(USERS.coordinator.email, 'Choose a new password');

  await signIn(page, 'admin', '/admin');
  await page.getByRole('link', { name: 'Email' }).click();
  await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: USERS.coordinator.email }).first();
  await expect(row.getByText('Sent')).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('button', { name: 'Choose a new password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`To ${USERS.coordinator.name} <${USERS.coordinator.email}>`)).toBeVisible();
  await expect(dialog.getByText('Choose a new password:', { exact: false })).toBeVisible();
});

test('an admin sends a failed email again from Admin > Email, and it arrives', async ({ page }) => {
  await signIn(page, 'admin', '/admin/email');
  await page.getByLabel('Status').selectOption('failed');
  await page.getByRole('button', { name: FAILED_EMAIL.subject }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('550 5.1.1 Recipient address rejected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expectToast(page, 'The email will be sent again');
  // The sender delivers it to the test SMTP server.
  const mail = await emailTo(FAILED_EMAIL.to, FAILED_EMAIL.subject);
  expect(mail.text).toContain('This email was refused once.');
  // No longer among the failed ones.
  await page.keyboard.press('Escape');
  await expect(page.getByText('No emails with this status.')).toBeVisible({ timeout: 15_000 });
});

test('an invitation: the admin creates a user without a password, who chooses one from the emailed link', async ({
  page,
  browser,
}) => {
  const email = `invited-${Date.now().toString(36)}@example.org`;
  await signIn(page, 'admin', '/admin');
  const card = page.getByRole('region', { name: 'Create User' });
  await card.getByLabel('Email', { exact: true }).fill(email);
  await card.getByLabel('Send an invitation instead').check();
  await expect(card.getByLabel('Password')).toHaveCount(0);
  await card.getByLabel('Full Name').fill('Ivy Invited');
  await card.getByRole('button', { name: 'Create and Invite' }).click();
  await expectToast(page, 'User created successfully');

  const mail = await emailTo(email, 'You are invited to the portal');
  const link = resetLinkIn(mail.text);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  try {
    await invitee.goto(link);
    await expect(invitee.getByText('Choose your password')).toBeVisible();
    await invitee.getByLabel('New password', { exact: true }).fill('ivy-chosen-password');
    await invitee.getByLabel('Confirm new password').fill('ivy-chosen-password');
    await invitee.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      invitee.getByText('You can sign in with your email address and the password you chose.'),
    ).toBeVisible();
    await invitee.getByRole('link', { name: 'Sign in' }).click();
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password').fill('ivy-chosen-password');
    await invitee.getByRole('button', { name: 'Sign In' }).click();
    // No role yet: Settings only, until an admin adds them as a coordinator.
    await expect(invitee).toHaveURL(/\/settings$/);
  } finally {
    await inviteeContext.close();
  }
});

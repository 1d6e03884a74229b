import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, signIn, submitSignIn, test } from './support/fixtures';
import { findAccount } from './support/portal';
import { expectToast, uniqueEmail } from './support/toasts';

// Two-factor sign-in (issue 17 item 2): set up in Settings > Security with a key the app would
// scan, then asked for at every sign-in. The codes come from otpauth, an implementation
// independent of the server's, exactly as a phone's authenticator app would compute them.

/** A coordinator made through the admin API, for this test alone. */
async function newCoordinator(admin: Page, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const password = `${name.toLowerCase().replace(/\W+/g, '-')}-password-1`;
  expect((await admin.request.post('/api/admin/users', { data: { email, password, fullName: name } })).status()).toBe(
    201,
  );
  expect((await admin.request.post('/api/admin/coordinators', { data: { email } })).status()).toBe(201);
  return { email, password };
}

async function passwordStep(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  await expect(page.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
}

async function signOut(page: Page) {
  // Off the portal first: an open page that notices the sign-out goes to the sign-in screen
  // remembering where it was, and the next sign-in would return there instead of the dashboard.
  await page.goto('about:blank');
  await page.request.post('/api/auth/sign-out');
  await page.context().clearCookies();
}

test('a coordinator sets up two-factor sign-in; each sign-in then asks for a code, and a recovery code works once', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/admin');
  const { email, password } = await newCoordinator(page, 'Tomas Twofactor');

  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  try {
    await submitSignIn(them, email, password);
    await expect(them).toHaveURL(/\/dashboard$/);
    await them.goto('/settings');
    await them.getByRole('tab', { name: 'Security' }).click();
    await them.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = them.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your password is not right');
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    await expectAccessible(them);

    // The key typed by hand, as into an authenticator app.
    await dialog.getByText('Cannot scan it? Enter the key by hand').click();
    const key = (await dialog.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
    const app = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    await dialog.getByLabel('Code from the app').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(dialog.getByRole('alert')).toContainText('That code is not right');
    // Turning it on renews the session: the live stream reconnects and the status is read again
    // as on. The codes must stay until Done, not vanish with the set-up they belong to.
    const statusReadAgain = them.waitForResponse(
      (response) => response.url().endsWith('/api/settings/two-factor') && response.request().method() === 'GET',
    );
    await dialog.getByLabel('Code from the app').fill(app.generate());
    await dialog.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    expect(((await (await statusReadAgain).json()) as { enabled: boolean }).enabled).toBe(true);
    await expect(codes).toHaveCount(10);
    let recoveryCode = (await codes.first().textContent())!.trim();
    let spareCode = (await codes.nth(1).textContent())!.trim();
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
    // Shown only now: Escape and the corner's Close keep them on screen until the box is ticked,
    // and send the focus there.
    await them.keyboard.press('Escape');
    await expect(codes).toHaveCount(10);
    await expect(dialog.getByLabel('I have saved my recovery codes')).toBeFocused();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(codes).toHaveCount(10);
    await expect(dialog.getByText('This window stays open until the box is ticked')).toBeVisible();
    await dialog.getByLabel('I have saved my recovery codes').check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expectToast(them, 'Two-factor sign-in is on');
    await expect(them.getByText('10 recovery codes left.')).toBeVisible();
    // The set-up button went with the state it belonged to: the focus is on the card's title,
    // whose badge says On, not on the page.
    await expect(them.getByRole('heading', { name: 'Two-factor sign-in On' })).toBeFocused();
    // Turning it on renewed the session: this tab stays signed in.
    await expect(them.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeHidden();
    await them.reload();
    await expect(them).toHaveURL(/\/settings/);

    // New codes, from Settings, hold their dialog the same way (decision 0177); the sign-ins
    // below use them, so they replaced the first ones.
    await them.getByRole('tab', { name: 'Security' }).click();
    await them.getByRole('button', { name: 'New recovery codes' }).click();
    const renewal = them.getByRole('dialog', { name: 'New recovery codes' });
    await renewal.getByLabel('Your password').fill(password);
    await renewal.getByRole('button', { name: 'Make new codes' }).click();
    const renewed = renewal.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(renewed).toHaveCount(10);
    await them.keyboard.press('Escape');
    await expect(renewed).toHaveCount(10);
    await expect(renewal.getByLabel('I have saved my recovery codes')).toBeFocused();
    expect((await renewed.first().textContent())!.trim()).not.toBe(recoveryCode);
    recoveryCode = (await renewed.first().textContent())!.trim();
    spareCode = (await renewed.nth(1).textContent())!.trim();
    await renewal.getByLabel('I have saved my recovery codes').check();
    await renewal.getByRole('button', { name: 'Done' }).click();
    await expect(renewal).toBeHidden();

    // Signing in again: the password, then a code.
    await signOut(them);
    await passwordStep(them, email, password);
    await them.getByLabel('Authentication code').fill('123456');
    await them.getByRole('button', { name: 'Verify' }).click();
    await expectToast(them, 'Sign in failed');
    // The next period's code: the one that turned two-factor sign-in on may be the current one.
    await them.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await them.getByRole('button', { name: 'Verify' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);
    // Closed as the person gets in, not when its own time runs out (four seconds).
    await expect(them.getByText('Sign in failed')).toHaveCount(0, { timeout: 1500 });

    // A recovery code instead, once.
    await signOut(them);
    await passwordStep(them, email, password);
    await them.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await them.getByLabel('Recovery code').fill(recoveryCode);
    await them.getByRole('button', { name: 'Verify' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);
    await signOut(them);
    await passwordStep(them, email, password);
    await them.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await them.getByLabel('Recovery code').fill(recoveryCode);
    await them.getByRole('button', { name: 'Verify' }).click();
    await expectToast(them, 'Sign in failed', 'That recovery code is not right or was already used.');
    await expect(them).toHaveURL(/\/auth$/);

    // Turned off again, from Settings: the focus goes to the card's title, whose badge says Off.
    await them.getByLabel('Recovery code').fill(spareCode);
    await them.getByRole('button', { name: 'Verify' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);
    await them.goto('/settings');
    await them.getByRole('tab', { name: 'Security' }).click();
    await them.getByRole('button', { name: 'Turn off' }).click();
    const off = them.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await off.getByLabel('Your password').fill(password);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expectToast(them, 'Two-factor sign-in is off');
    await expect(them.getByRole('heading', { name: 'Two-factor sign-in Off' })).toBeFocused();
  } finally {
    await theirs.close();
  }
});

test('an admin sets a temporary password, which must be replaced first, and resets a lost second factor', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/admin/accounts');
  const { email, password } = await newCoordinator(page, 'Petra Phoneless');

  // Petra turns two-factor sign-in on (through the API, as the browser would), then loses her phone.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  try {
    await submitSignIn(them, email, password);
    await expect(them).toHaveURL(/\/dashboard$/);
    // better-auth wants the Origin a browser sends with a form's request.
    const headers = { origin: new URL(them.url()).origin };
    const started = await them.request.post('/api/auth/two-factor/enable', { data: { password }, headers });
    const { totpURI } = (await started.json()) as { totpURI: string };
    const app = new TOTP({ secret: Secret.fromBase32(new URL(totpURI).searchParams.get('secret')!) });
    const confirmed = await them.request.post('/api/auth/two-factor/verify-totp', {
      data: { code: app.generate() },
      headers,
    });
    expect(confirmed.status()).toBe(200);

    await expect(page.getByRole('switch', { name: 'Require two-factor sign-in for coordinators' })).toBeVisible();
    const row = await findAccount(page, email);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(4)).toHaveText('On');

    const more = row.getByRole('button', { name: 'More actions for Petra Phoneless' });
    await more.click();
    await page.getByRole('menuitem', { name: 'Reset two-factor…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset two-factor' }).click();
    await expectToast(page, 'Two-factor sign-in reset');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Off');

    await more.click();
    await page.getByRole('menuitem', { name: 'Set temporary password…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Set temporary password' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary password for Petra Phoneless' });
    const temporary = (await shown.getByLabel('Temporary password').textContent())!.trim();
    expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(more).toBeFocused();
    await expect(row).toContainText('Temporary password');

    // Her open tab was signed out; the temporary password leads to choosing her own first.
    await expect(them).toHaveURL(/\/auth$/, { timeout: 5000 });
    await submitSignIn(them, email, temporary);
    await expect(them).toHaveURL(/\/account-setup$/);
    await expect(them.getByText('Choose your own password')).toBeVisible();
    await expectAccessible(them);
    // Nothing else answers meanwhile, even typed in the address bar.
    await them.goto('/partners');
    await expect(them).toHaveURL(/\/account-setup$/);
    await them.getByLabel('Temporary password').fill(temporary);
    // The temporary one again is not her own: the admin knows it.
    await them.getByLabel('New Password', { exact: true }).fill(temporary);
    await them.getByLabel('Confirm New Password').fill(temporary);
    await them.getByRole('button', { name: 'Change Password' }).click();
    await expect(them.getByText('Choose a new password that is not the same as the current one')).toBeVisible();
    await expect(them).toHaveURL(/\/account-setup$/);
    await them.getByLabel('New Password', { exact: true }).fill('petra-own-password');
    await them.getByLabel('Confirm New Password').fill('petra-own-password');
    await them.getByRole('button', { name: 'Change Password' }).click();
    await expect(them).toHaveURL(/\/dashboard$/);
  } finally {
    await theirs.close();
  }
});

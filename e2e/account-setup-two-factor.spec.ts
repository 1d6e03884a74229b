import { Secret, TOTP } from 'otpauth';
import { expect, signIn, submitSignIn, test } from './support/fixtures';
import { expectToast } from './support/toasts';
import { ownPortal } from './support/own-portal';

// Account setup with a second factor the role requires (issue 17): the step on screen stays
// until the person says it is done. Requiring two-factor sign-in for coordinators on the shared
// test server would send every parallel spec's coordinator to this step, so this test has a
// portal of its own.
const own = ownPortal(43, 'account-setup');
const BASE = own.base;

test('a coordinator held at account setup keeps the recovery codes on screen until Done, even when who-am-I is read again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const portal = own.start();
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  try {
    await portal.listening(60_000);
    await signIn(page, 'admin', `${BASE}/admin/accounts`);
    await page.getByRole('switch', { name: 'Require two-factor sign-in for coordinators' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Require it' }).click();
    await expectToast(page, 'Sign-in security saved');

    // A coordinator with a temporary password from the admin (made through the API: the
    // Accounts menu that does it has its own test in two-factor.spec.ts).
    const email = 'ada.setup@example.org';
    const headers = { origin: BASE };
    const created = await page.request.post(`${BASE}/api/admin/users`, {
      data: { email, password: 'ada-first-password-1', fullName: 'Ada Setup' },
      headers,
    });
    expect(created.status()).toBe(201);
    const { user } = (await created.json()) as { user: { id: string } };
    expect((await page.request.post(`${BASE}/api/admin/coordinators`, { data: { email }, headers })).status()).toBe(
      201,
    );
    const set = await page.request.post(`${BASE}/api/accounts/${user.id}/temporary-password`, { headers });
    expect(set.status()).toBe(200);
    const { password: temporary } = (await set.json()) as { password: string };

    // Their own browser, with a clock the test can move on: who-am-I is read again when the
    // window comes back after it has been a minute old (staleTime), as after a look at the phone.
    await them.clock.install();
    await submitSignIn(them, email, temporary, `${BASE}/auth`);
    await expect(them).toHaveURL(/\/account-setup$/);
    await expect(them.getByText('Choose your own password')).toBeVisible();
    await them.getByLabel('Temporary password').fill(temporary);
    await them.getByLabel('New Password', { exact: true }).fill('ada-own-password-1');
    await them.getByLabel('Confirm New Password').fill('ada-own-password-1');
    await them.getByRole('button', { name: 'Change Password' }).click();

    // The next step: the second factor the role requires.
    await expect(them.getByText('Set up two-factor sign-in')).toBeVisible();
    await them.getByLabel('Your password').fill('ada-own-password-1');
    await them.getByRole('button', { name: 'Continue' }).click();
    await them.getByText('Cannot scan it? Enter the key by hand').click();
    const key = (await them.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
    const app = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    await them.getByLabel('Code from the app').fill(app.generate());
    await them.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = them.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);

    // Two-factor sign-in is on now, and the server says no step is left. A minute later the
    // window is looked at again: who-am-I is read again, and says so.
    await them.clock.fastForward('01:01');
    const readAgain = them.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/me' && response.request().method() === 'GET',
    );
    await them.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    const me = (await (await readAgain).json()) as { setup: string | null };
    expect(me.setup).toBeNull();

    // The codes, shown only this once, stay until the person says they saved them.
    await expect(codes).toHaveCount(10);
    await expect(them).toHaveURL(/\/account-setup$/);
    await expect(them.getByRole('button', { name: 'Done' })).toBeDisabled();
    await them.getByLabel('I have saved my recovery codes').check();
    await them.getByRole('button', { name: 'Done' }).click();
    await expectToast(them, 'Two-factor sign-in is on');
    await expect(them).toHaveURL(/\/dashboard$/);

    // Required while another coordinator is signed in, they are led to the set-up at once; lifted
    // while they look at it, they are let back in (they stayed on the set-up page).
    const switchRule = page.getByRole('switch', { name: 'Require two-factor sign-in for coordinators' });
    await switchRule.click();
    await expect(switchRule).not.toBeChecked();
    const other = 'bo.setup@example.org';
    expect(
      (
        await page.request.post(`${BASE}/api/admin/users`, {
          data: { email: other, password: 'bo-password-1', fullName: 'Bo Setup' },
          headers,
        })
      ).status(),
    ).toBe(201);
    expect(
      (await page.request.post(`${BASE}/api/admin/coordinators`, { data: { email: other }, headers })).status(),
    ).toBe(201);
    const boContext = await browser.newContext();
    const bo = await boContext.newPage();
    try {
      await submitSignIn(bo, other, 'bo-password-1', `${BASE}/auth`);
      await expect(bo).toHaveURL(/\/dashboard$/);
      await expect(bo.locator('html')).toHaveAttribute('data-realtime', 'open');
      await switchRule.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Require it' }).click();
      await expect(bo).toHaveURL(/\/account-setup$/);
      await expect(bo.getByText('Set up two-factor sign-in')).toBeVisible();
      await switchRule.click();
      await expect(switchRule).not.toBeChecked();
      // The set-up page has no live stream: it asks again every five seconds.
      await expect(bo).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    } finally {
      await boContext.close();
    }
  } finally {
    await theirs.close();
    await page.goto('about:blank').catch(() => {});
    portal.kill();
    await portal.exited;
    own.remove();
  }
});

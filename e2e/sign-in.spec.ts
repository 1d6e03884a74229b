import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { dismissToasts, expectToast } from './support/toasts';
import { USERS } from './support/users';

test.describe('sign-in screen', () => {
  for (const path of ['/', '/auth']) {
    test(`shows the title, subtitle and card at ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Ministry Portal' })).toBeVisible();
      await expect(page.getByText('Ministry Management System', { exact: true })).toBeVisible();
      await expect(page.getByText('Welcome Back')).toBeVisible();
      await expect(page.getByText('Sign in to access your ministry dashboard')).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
      await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
      await expectAccessible(page);
    });
  }

  test('a wrong password shows the failure toast with the server message', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(USERS.coordinator.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Sign in failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    // The right password: the failure does not follow the person onto the dashboard.
    await page.getByLabel('Password').fill(USERS.coordinator.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Closed as the person gets in, not when its own time runs out (four seconds).
    await expect(page.getByText('Sign in failed')).toHaveCount(0, { timeout: 1500 });
  });

  test('empty fields are refused with a toast and no request, focus on the field to fix', async ({ page }) => {
    const signInRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-in')) signInRequests.push(request.url());
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Sign in failed', 'Email is required');
    await expect(page.getByLabel('Email')).toBeFocused();

    await dismissToasts(page);
    await page.getByLabel('Email').fill(`  ${USERS.coordinator.email}  `);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Sign in failed', 'Password is required');
    await expect(page.getByLabel('Password')).toBeFocused();
    expect(signInRequests).toEqual([]);

    // With both filled in (the email with blanks around it), the sign-in goes through.
    await page.getByLabel('Password').fill(USERS.coordinator.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a toast raised before the toaster has loaded is shown once it has', async ({ page }) => {
    // Hold back the chunk that holds sonner (the toaster loads beside the sign-in screen).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldBack = false;
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('data-sonner-toaster')) {
        heldBack = true;
        await released;
      }
      await route.fulfill({ response, body });
    });
    await page.goto('/auth');
    await expect(page.getByText('Welcome Back')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => heldBack).toBe(true);
    await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);

    release();
    await expectToast(page, 'Sign in failed', 'Email is required');
    // The service worker's script may still be on its way through the route when the test
    // ends; its route.fetch would then fail in whichever test this worker runs next.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('success lands on the dashboard, reload keeps the session, /auth redirects back', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Your Ministry Dashboard' })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to Your Ministry Dashboard' })).toBeVisible();

    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('sign out from the sidebar shows the toast and returns to /auth', async ({ page }) => {
    await signIn(page, 'coordinator');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await expect(page.getByText('You have been signed out successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // The session is gone on the server too: a guarded page sends us back to sign in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the next person to sign in after a sign-out lands on their own start page, not the last one', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    // A page the next person may open too, so a leftover "page first asked for" would show.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(USERS.coordinator.email);
    await page.getByLabel('Password').fill(USERS.coordinator.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('guarded routes', () => {
  test('a signed-out visitor is sent to /auth with the history entry replaced, then back after sign-in', async ({
    page,
  }) => {
    await page.goto('/auth');
    const before = await page.evaluate(() => history.length);
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/auth$/);
    // Navigating to /calendar added one entry; the redirect replaced it rather than adding another.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);

    await page.goto('/calendar');
    await page.getByLabel('Email').fill(USERS.coordinator.email);
    await page.getByLabel('Password').fill(USERS.coordinator.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('heading', { name: 'Calendar & Events' })).toBeVisible();
  });

  test('a page without the permission redirects to the first permitted page', async ({ page }) => {
    await signIn(page, 'limited');
    // No dashboard permission: the landing page is the first sidebar entry held.
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('heading', { name: 'Task Management' })).toBeVisible();
    await page.goto('/partners');
    await expect(page).toHaveURL(/\/tasks$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/tasks$/);
  });
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome Back')).toBeVisible();
});

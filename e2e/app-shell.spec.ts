import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { USERS } from './support/users';

const ALL_ENTRIES = [
  'Dashboard',
  'Giving',
  'Partners',
  'Tasks',
  'Calendar',
  'Chat',
  'Files',
  'More',
  'Admin',
  'Settings',
];

test('an admin sees every sidebar entry in order, with their name and email', async ({ page }) => {
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(ALL_ENTRIES);
  await expect(page.getByTestId('sidebar-user-name')).toHaveText(USERS.admin.name);
  await expect(page.getByTestId('sidebar-user-email')).toHaveText(USERS.admin.email);
});

test('each screen is reachable from the sidebar, shows its title and passes the accessibility check', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const titles: Record<string, string> = {
    Dashboard: 'Welcome to Your Ministry Dashboard',
    Partners: 'Ministry Partners',
    Tasks: 'Task Management',
    Calendar: 'Calendar & Events',
    Chat: 'Communication Hub',
    Files: 'File Manager',
    More: 'More',
    Admin: 'User Management',
    Settings: 'Settings',
  };
  for (const [entry, title] of Object.entries(titles)) {
    await nav.getByRole('link', { name: entry, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expectAccessible(page);
  }
});

test('a coordinator without some features sees only the entries they hold, and the name fallback', async ({ page }) => {
  await signIn(page, 'limited');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Tasks', 'Calendar', 'Chat', 'Files', 'More', 'Settings']);
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Ministry Partner');
});

test('on a small screen the sidebar is a drawer toggled by a button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'coordinator');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);

  await drawer.getByRole('link', { name: 'Files' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByRole('heading', { name: 'File Manager' })).toBeVisible();

  // By keyboard it opens on the page's own entry (it opened on Sign Out, a second Enter
  // signing the person out); Escape closes it.
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Files' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the first Tab reaches "Skip to content", which moves the focus past the sidebar to the page', async ({
  page,
}) => {
  await signIn(page, 'admin', '/dashboard');
  // The address changes before the shell has rendered; a Tab pressed earlier has nothing to reach.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Your Ministry Dashboard' })).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands inside the page, not on the sidebar's first entry.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('each screen names itself in the tab, and the portal has its own icon', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle('Sign in · Ministry Portal');
  await signIn(page, 'admin', '/dashboard');
  await expect(page).toHaveTitle('Dashboard · Ministry Portal');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [entry, title] of [
    ['Giving', 'Giving'],
    ['Partners', 'Partners'],
    ['Tasks', 'Tasks'],
    ['Admin', 'User Management'],
    ['Settings', 'Settings'],
  ] as const) {
    await nav.getByRole('link', { name: entry }).click();
    await expect(page).toHaveTitle(`${title} · Ministry Portal`);
  }
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Ministry Portal');

  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe('/favicon.svg');
  const served = await page.request.get(icon!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
});

import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectToast, uniqueEmail } from './support/toasts';
import { USERS } from './support/users';

const SWITCH_LABELS = [
  'Dashboard',
  'Giving Records',
  'Partners',
  'Tasks',
  'Calendar',
  'Chat',
  'Files',
  'User Management',
  'More (Forms)',
  'VIP Cardholder Success Team',
];

async function openAdmin(page: Page, who: 'admin' | 'manager' = 'admin') {
  await signIn(page, who);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
}

/** Creates an account (and, when asked, makes it a coordinator) through the API as the signed-in admin. */
async function createAccount(page: Page, options: { coordinator?: boolean } = {}) {
  const email = uniqueEmail('e2e');
  const created = await page.request.post('/api/admin/users', {
    data: { email, password: 'e2e-password-1', fullName: 'E2E Person' },
  });
  expect(created.status()).toBe(201);
  if (options.coordinator) {
    const added = await page.request.post('/api/admin/coordinators', { data: { email } });
    expect(added.status()).toBe(201);
  }
  return { email, password: 'e2e-password-1' };
}

const permissionsOf = (page: Page, email: string) => page.getByRole('group', { name: `Permissions for ${email}` });
const coordinatorItem = (page: Page, email: string) =>
  page
    .getByRole('list', { name: 'Coordinators' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: email, exact: true }) });

/** Signs in in a browser context of its own; a coordinator lands on the dashboard, an account without a role on Settings. */
async function signInAs(browser: Browser, email: string, password: string, landing = /\/dashboard$/) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing);
  return { context, page };
}

const NO_ACCESS_NOTICE = "Your account has no access to the portal's features";

test('the screen lists coordinators with their labelled switches and passes the accessibility check', async ({
  page,
}) => {
  await openAdmin(page);
  await expect(page.getByRole('region', { name: 'Create User' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add Coordinator' })).toBeVisible();
  const switches = permissionsOf(page, USERS.coordinator.email).getByRole('switch');
  await expect(switches).toHaveCount(SWITCH_LABELS.length);
  for (const label of SWITCH_LABELS) {
    await expect(
      permissionsOf(page, USERS.coordinator.email).getByRole('switch', { name: label, exact: true }),
    ).toBeVisible();
  }
  // Defaults: every feature on, user management off; the limited coordinator has two off.
  await expect(permissionsOf(page, USERS.coordinator.email).getByRole('switch', { name: 'Partners' })).toBeChecked();
  await expect(
    permissionsOf(page, USERS.coordinator.email).getByRole('switch', { name: 'User Management' }),
  ).not.toBeChecked();
  await expect(permissionsOf(page, USERS.limited.email).getByRole('switch', { name: 'Dashboard' })).not.toBeChecked();
  // Admins are not coordinators.
  await expect(permissionsOf(page, USERS.admin.email)).toHaveCount(0);
  await expectAccessible(page);
});

test('the coordinator list is searchable by email, ignoring case', async ({ page }) => {
  await openAdmin(page);
  await expect(permissionsOf(page, USERS.coordinator.email)).toBeVisible();
  await page.getByLabel('Search by email').fill('LIMITED@EXAMPLE');
  await expect(permissionsOf(page, USERS.limited.email)).toBeVisible();
  await expect(permissionsOf(page, USERS.coordinator.email)).toHaveCount(0);
  await page.getByLabel('Search by email').fill('nobody-here');
  await expect(page.getByText('No coordinators match "nobody-here"')).toBeVisible();
  await page.getByLabel('Search by email').fill('');
  await expect(permissionsOf(page, USERS.coordinator.email)).toBeVisible();
});

test('create user: missing fields, a short password, success, and a duplicate email', async ({ page, browser }) => {
  await openAdmin(page);
  const card = page.getByRole('region', { name: 'Create User' });
  const email = uniqueEmail('created');

  await card.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Please enter both email and password');

  await card.getByLabel('Email').fill(email);
  await card.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Please enter both email and password');

  await card.getByLabel('Password').fill('12345');
  await card.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Failed to create user', 'Password must be at least 6 characters');

  await card.getByLabel('Password').fill('created-password-1');
  await card.getByLabel('Full Name').fill('Created Person');
  await card.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'User created successfully');
  // The second click of a double-click arriving once the form has saved and cleared itself is
  // not a submission of the empty form ("Please enter both email and password" replaced the success).
  await expect(card.getByLabel('Email')).toHaveValue('');
  const submits = await card.locator('form').evaluate((form) => {
    let count = 0;
    form.addEventListener('submit', () => (count += 1));
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    // A pair's second click submits nothing; a single click (the control) still does.
    button.dispatchEvent(new MouseEvent('click', { detail: 2, bubbles: true, cancelable: true }));
    const afterSecond = count;
    button.dispatchEvent(new MouseEvent('click', { detail: 1, bubbles: true, cancelable: true }));
    return [afterSecond, count];
  });
  expect(submits).toEqual([0, 1]);
  // The failure of the try before went with the success (it stayed under it).
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to create user' })).toHaveCount(0);

  await card.getByLabel('Email').fill(email.toUpperCase());
  await card.getByLabel('Password').fill('another-password');
  await card.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Failed to create user', 'A user with this email address already exists.');

  // The new account signs in, with its full name in the sidebar. Until it is made a
  // coordinator it reaches its own Settings only, and is told why (D4).
  const { context, page: newcomer } = await signInAs(browser, email, 'created-password-1', /\/settings$/);
  await expect(newcomer.getByTestId('sidebar-user-name')).toHaveText('Created Person');
  await expect(newcomer.getByText(NO_ACCESS_NOTICE)).toBeVisible();
  await expect(newcomer.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Settings']);
  await expectAccessible(newcomer);
  await context.close();
});

test('add coordinator: blank, unknown email, success, and the new coordinator appears in the list', async ({
  page,
}) => {
  await openAdmin(page);
  const { email } = await createAccount(page);
  const card = page.getByRole('region', { name: 'Add Coordinator' });

  await card.getByRole('button', { name: 'Add Coordinator' }).click();
  await expectToast(page, 'Please enter an email address');

  await card.getByLabel('Email').fill(uniqueEmail('unknown'));
  await card.getByRole('button', { name: 'Add Coordinator' }).click();
  await expectToast(
    page,
    'Failed to add coordinator',
    'No user with this email address exists. Create the user first.',
  );

  await expect(permissionsOf(page, email)).toHaveCount(0);
  await card.getByLabel('Email').fill(email);
  await card.getByRole('button', { name: 'Add Coordinator' }).click();
  await expectToast(page, 'Coordinator added successfully');
  await expect(permissionsOf(page, email).getByRole('switch', { name: 'Partners' })).toBeChecked();
  await expectAccessible(page);
});

test("a switch takes effect at once: 'Permission updated', and it stays after a reload", async ({ page }) => {
  await openAdmin(page);
  const { email } = await createAccount(page, { coordinator: true });
  await page.reload();
  const calendar = permissionsOf(page, email).getByRole('switch', { name: 'Calendar' });
  await expect(calendar).toBeChecked();
  await calendar.click();
  await expectToast(page, 'Permission updated', `Calendar disabled for ${email}`);
  await expect(calendar).not.toBeChecked();

  // Keyboard: the switch is focusable and toggles with Space. It keeps the focus while the
  // change is saved (held back here, so the save is seen going on), busy and deaf to presses:
  // it was disabled then, and a disabled button drops the focus to the page.
  await page.route('**/api/admin/coordinators/*/permissions', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  const chat = permissionsOf(page, email).getByRole('switch', { name: 'Chat' });
  await chat.focus();
  await page.keyboard.press('Space');
  await expect(chat).toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Space');
  await expectToast(page, 'Permission updated', `Chat disabled for ${email}`);
  await expect(chat).not.toHaveAttribute('aria-busy');
  await expect(chat).toBeFocused();
  await expect(chat).not.toBeChecked();
  await page.unroute('**/api/admin/coordinators/*/permissions');

  await page.reload();
  await expect(permissionsOf(page, email).getByRole('switch', { name: 'Calendar' })).not.toBeChecked();
  await expect(permissionsOf(page, email).getByRole('switch', { name: 'Chat' })).not.toBeChecked();
});

test("a refused switch shows 'Failed to update permission' and returns to its old position", async ({ page }) => {
  await openAdmin(page);
  const { email } = await createAccount(page, { coordinator: true });
  await page.reload();
  await page.route('**/api/admin/coordinators/*/permissions', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'You do not have permission to do this.' }),
    }),
  );
  const files = permissionsOf(page, email).getByRole('switch', { name: 'Files' });
  await expect(files).toBeChecked();
  await files.click();
  await expectToast(page, 'Failed to update permission', 'You do not have permission to do this.');
  await expect(files).toBeChecked();
});

test("remove coordinator asks first; confirming shows 'Coordinator removed'", async ({ page }) => {
  await openAdmin(page);
  const { email } = await createAccount(page, { coordinator: true });
  await page.reload();
  const item = coordinatorItem(page, email);

  await item.getByRole('button', { name: `Remove ${email}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove coordinator?' });
  await expect(dialog).toContainText(email);
  // Decision 0111: neither of the switches only an admin gives comes back with the role.
  await expect(dialog).toContainText(
    'except User Management, Giving Records and any the person adding them does not have.',
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: `Remove ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Coordinator removed');
  // Still listed, with no access and no switches, so that they can be given access again.
  await expect(coordinatorItem(page, email)).toContainText('No access');
  await expect(permissionsOf(page, email)).toHaveCount(0);
  // The focus follows them to their new entry; it fell to the page with the Remove button.
  await expect(coordinatorItem(page, email).getByRole('heading', { name: email })).toBeFocused();
  await page.reload();
  await expect(permissionsOf(page, USERS.coordinator.email)).toBeVisible();
  await expect(coordinatorItem(page, email)).toContainText('No access');
});

test('a removed coordinator loses access at once in their open tab, and gets it back when added again', async ({
  page,
  browser,
}) => {
  await openAdmin(page);
  const { email, password } = await createAccount(page, { coordinator: true });
  const { context, page: person } = await signInAs(browser, email, password);
  await person.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners' }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'Ministry Partners' })).toBeVisible();

  await page.reload();
  await coordinatorItem(page, email)
    .getByRole('button', { name: `Remove ${email}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Coordinator removed');

  // Their open tab follows without a reload: Settings only, and the reason.
  await expect(person).toHaveURL(/\/settings$/);
  // Every feature went, not the page's alone: the toast says so.
  await expectToast(
    person,
    'Access changed',
    'An administrator removed your coordinator access, so you can reach only your own settings.',
  );
  await expect(person.getByText(NO_ACCESS_NOTICE)).toBeVisible();
  await expect(person.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Settings']);
  expect((await person.request.get('/api/partners')).status()).toBe(403);

  await coordinatorItem(page, email)
    .getByRole('button', { name: `Add ${email} as a coordinator` })
    .click();
  await expectToast(page, 'Coordinator added successfully');
  await expect(permissionsOf(page, email).getByRole('switch', { name: 'Partners' })).toBeChecked();
  await expect(person.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners' })).toBeVisible();
  await expect(person.getByText(NO_ACCESS_NOTICE)).toHaveCount(0);
  await context.close();
});

test("a refused removal shows 'Failed to remove coordinator' and keeps the coordinator listed", async ({ page }) => {
  await openAdmin(page);
  const { email } = await createAccount(page, { coordinator: true });
  await page.reload();
  await page.route('**/api/admin/coordinators/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Someone changed this meanwhile.' }),
        })
      : route.fallback(),
  );
  await coordinatorItem(page, email)
    .getByRole('button', { name: `Remove ${email}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Failed to remove coordinator', 'Someone changed this meanwhile.');
  await expect(coordinatorItem(page, email)).toBeVisible();
});

test("'Failed to load coordinators' when the list cannot load, and Try again recovers", async ({ page }) => {
  await signIn(page, 'admin');
  // Refused until just before Try again is pressed. The list also reloads by itself when another test changes
  // an account (the realtime stream), and such a reload's retry, a second later, may be the one
  // that finds the server answering: then the screen has recovered before the click.
  let refusing = true;
  await page.route('**/api/admin/coordinators', (route) =>
    refusing
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'You do not have permission to do this.' }),
        })
      : route.continue(),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expectToast(page, 'Failed to load coordinators', 'You do not have permission to do this.');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load coordinators' })).toBeVisible();
  await expectAccessible(page);

  const again = page.getByRole('button', { name: 'Try again' });
  await expect(again).toBeVisible();
  refusing = false;
  await expect(async () => {
    if (await again.isVisible()) await again.click({ timeout: 1_000 });
    await expect(permissionsOf(page, USERS.coordinator.email)).toBeVisible({ timeout: 1_000 });
  }).toPass();
});

test('a coordinator granted user management uses the screen but cannot change their own switches or an admin', async ({
  page,
}) => {
  await openAdmin(page, 'manager');
  const own = permissionsOf(page, USERS.manager.email);
  await expect(own.getByRole('switch', { name: 'User Management' })).toBeChecked();
  await expect(own.getByRole('switch', { name: 'User Management' })).toBeDisabled();
  await expect(own.getByRole('switch', { name: 'Partners' })).toBeDisabled();
  await expect(page.getByText('You cannot change your own permissions.')).toBeVisible();
  await expect(coordinatorItem(page, USERS.manager.email).getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // Another coordinator's switches that only an admin turns are locked, and say so: they looked
  // usable and only failed. The others stay theirs to change.
  const theirs = permissionsOf(page, USERS.coordinator.email);
  for (const name of ['Giving Records', 'User Management']) {
    await expect(theirs.getByRole('switch', { name })).toBeDisabled();
    await expect(theirs.getByRole('switch', { name })).toHaveAccessibleDescription(
      /^Only an admin can change Giving Records and User Management\./,
    );
  }
  await expect(theirs.getByRole('switch', { name: 'Partners' })).toBeEnabled();
  // Removing takes Giving Records away, so the treasurer (who holds it) is an admin's to remove.
  const removeTreasurer = coordinatorItem(page, USERS.treasurer.email).getByRole('button', {
    name: `Remove ${USERS.treasurer.email}`,
  });
  await expect(removeTreasurer).toBeDisabled();
  await expect(removeTreasurer).toHaveAccessibleDescription(
    'Only an admin can remove a coordinator who has User Management or Giving Records.',
  );
  await expect(
    coordinatorItem(page, USERS.coordinator.email).getByRole('button', { name: `Remove ${USERS.coordinator.email}` }),
  ).toBeEnabled();

  // The server refuses what the screen does not offer.
  const meResponse = await page.request.get('/api/me');
  const { user } = (await meResponse.json()) as { user: { id: string } };
  const ownChange = await page.request.put(`/api/admin/coordinators/${user.id}/permissions`, {
    data: { feature: 'partners', enabled: false },
  });
  expect(ownChange.status()).toBe(403);
  expect(await ownChange.json()).toEqual({ error: 'You cannot change your own permissions.' });
  await expectAccessible(page);
});

test('switching Partners off reaches a signed-in coordinator live: sidebar, guard and API; switching it on restores them', async ({
  page,
  browser,
}) => {
  await openAdmin(page);
  const partnersSwitch = permissionsOf(page, USERS.live.email).getByRole('switch', { name: 'Partners' });
  await expect(partnersSwitch).toBeChecked();

  const coordinatorContext = await browser.newContext();
  const coordinator = await coordinatorContext.newPage();
  try {
    await coordinator.goto('/auth');
    await coordinator.getByLabel('Email').fill(USERS.live.email);
    await coordinator.getByLabel('Password').fill(USERS.live.password);
    await coordinator.getByRole('button', { name: 'Sign In' }).click();
    const nav = coordinator.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Partners' }).click();
    await expect(coordinator).toHaveURL(/\/partners$/);
    await expect(coordinator.getByRole('heading', { level: 1, name: 'Ministry Partners' })).toBeVisible();
    // A marker that a reload would wipe out.
    await coordinator.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    const stillSamePage = () =>
      coordinator.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true);
    const partnersPermission = () =>
      coordinator.evaluate(async () => {
        const response = await fetch('/api/me');
        return ((await response.json()) as { permissions: { partners: boolean } }).permissions.partners;
      });

    await partnersSwitch.click();
    await expectToast(page, 'Permission updated', `Partners disabled for ${USERS.live.email}`);

    await expect(nav.getByRole('link', { name: 'Partners' })).toHaveCount(0, { timeout: 3000 });
    await expect(coordinator).toHaveURL(/\/dashboard$/, { timeout: 3000 });
    // Told why the page went (issue 27 item 5).
    await expectToast(
      coordinator,
      'Access changed',
      'An administrator turned off Partners for you, so this page is closed.',
    );
    expect(await stillSamePage()).toBe(true);
    expect(await partnersPermission()).toBe(false);
    await coordinator.goto('/partners');
    await expect(coordinator).toHaveURL(/\/dashboard$/);
    await coordinator.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    await partnersSwitch.click();
    await expectToast(page, 'Permission updated', `Partners enabled for ${USERS.live.email}`);
    await expect(nav.getByRole('link', { name: 'Partners' })).toBeVisible({ timeout: 3000 });
    expect(await stillSamePage()).toBe(true);
    expect(await partnersPermission()).toBe(true);
    await nav.getByRole('link', { name: 'Partners' }).click();
    await expect(coordinator).toHaveURL(/\/partners$/);
    await expect(coordinator.getByRole('heading', { level: 1, name: 'Ministry Partners' })).toBeVisible();
  } finally {
    await coordinatorContext.close();
    // Leave the shared account as it was even if an assertion failed midway.
    await page.request.put(`/api/admin/coordinators/${await idOf(page, USERS.live.email)}/permissions`, {
      data: { feature: 'partners', enabled: true },
    });
  }
});

async function idOf(page: Page, email: string): Promise<string> {
  const response = await page.request.get('/api/admin/coordinators');
  const { coordinators } = (await response.json()) as { coordinators: { id: string; email: string }[] };
  return coordinators.find((c) => c.email === email)!.id;
}

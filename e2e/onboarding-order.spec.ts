import type { PortalProcess } from '#test-support/portal-process';
import { expect, signIn, test } from './support/fixtures';
import { ownPortal } from './support/own-portal';

// Moving an onboarding step from the keyboard: Move up and Move down stay enabled while the
// move is saved (a button disabled under the focus drops it to the page), and the focus follows
// the step to its new place. The steps are one list for the whole portal, and other specs read
// their order on the shared test server, so these tests move them in a portal of their own.
const own = ownPortal(42, 'onboarding-order');
const BASE = own.base;
// The first of the steps every new portal starts with.
const FIRST = 'Getting Started as a Coordinator';

let portal: PortalProcess;

test.beforeAll(async () => {
  portal = own.start();
  await portal.listening(60_000);
});

test.afterAll(async () => {
  portal.kill();
  await portal.exited;
  own.remove();
});

test.afterEach(async ({ page }) => {
  // Off the portal before it stops: an open page would log its lost connection.
  await page.goto('about:blank').catch(() => {});
});

test('an admin moves a step down and up again from the keyboard, and the focus follows it', async ({ page }) => {
  await signIn(page, 'admin', `${BASE}/onboarding`);
  const titles = page.getByRole('list', { name: 'Onboarding steps' }).getByRole('heading', { level: 2 });
  await expect(titles.first()).toHaveText(FIRST);
  const down = page.getByRole('button', { name: `Move ${FIRST} down` });
  const up = page.getByRole('button', { name: `Move ${FIRST} up` });

  // The save is held on its way, so the button can be seen while it is pending.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${BASE}/api/onboarding/order`, async (route) => {
    await held;
    await route.continue();
  });
  await down.focus();
  await page.keyboard.press('Enter');
  // Saving: the button says so but stays enabled, and keeps the focus.
  await expect(down).toHaveAttribute('aria-busy', 'true');
  await expect(down).toBeEnabled();
  await expect(down).toBeFocused();
  const saved = page.waitForResponse(`${BASE}/api/onboarding/order`);
  release();
  expect((await saved).status()).toBe(200);
  await page.unroute(`${BASE}/api/onboarding/order`);

  // Saved (the list is read again from the server): the step is second, and the focus is still
  // on its Move down, in its new place, so Enter again moves it on.
  await expect(titles.nth(1)).toHaveText(FIRST);
  await expect(down).not.toHaveAttribute('aria-busy');
  await expect(down).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titles.nth(2)).toHaveText(FIRST);
  await expect(down).toBeFocused();

  // Back up one place, from the keyboard too: the focus stays on its Move up.
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(titles.nth(1)).toHaveText(FIRST);
  await expect(up).toBeFocused();
});

test('a step moved up to the first place keeps the focus on its Move down', async ({ page }) => {
  // The focus was set once the save had answered, before the list was drawn again: it went to
  // the Move up still enabled, which the redraw disabled as the step became first, and the
  // focus fell to the page.
  await signIn(page, 'admin', `${BASE}/onboarding`);
  const titles = page.getByRole('list', { name: 'Onboarding steps' }).getByRole('heading', { level: 2 });
  // Whichever step is second now (the test above may have moved them).
  const second = (await titles.nth(1).textContent())!;
  const up = page.getByRole('button', { name: `Move ${second} up` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(titles.first()).toHaveText(second);
  await expect(up).toBeDisabled();
  // Its Move up cannot hold the focus now: the other button of the same step has it.
  await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeFocused({ timeout: 3000 });
});

test('a step added and deleted: the focus goes back to Add step, then to the next step', async ({ page }) => {
  // Both buttons went with what they did (the form, the step), and the focus fell to the page.
  await signIn(page, 'admin', `${BASE}/onboarding`);
  const steps = page.getByRole('list', { name: 'Onboarding steps' }).getByRole('listitem');
  await expect(steps.first()).toBeVisible();
  const before = await steps.count();
  const title = `Safeguarding ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add step' }).click();
  const form = page.getByRole('form', { name: 'Add a step' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await form.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByText('Step added', { exact: true })).toBeVisible();
  await expect(steps).toHaveCount(before + 1);
  await expect(page.getByRole('button', { name: 'Add step' })).toBeFocused();

  // The one before it is now the last: deleting the new step sends the focus to that one's title.
  const previous = (await steps
    .nth(before - 1)
    .getByRole('heading', { level: 2 })
    .textContent())!;
  await page.getByRole('button', { name: `Delete step ${title}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this step?' })
    .getByRole('button', { name: 'Delete step' })
    .click();
  await expect(steps).toHaveCount(before);
  await expect(page.getByRole('heading', { name: previous, exact: true })).toBeFocused();
});

test("a step's long link wraps inside its card, on a phone too; an empty title gets the form's own message", async ({
  page,
}) => {
  await signIn(page, 'admin', `${BASE}/onboarding`);
  await page.getByRole('button', { name: 'Add step' }).click();
  const form = page.getByRole('form', { name: 'Add a step' });
  // Not the browser's bubble: the form says it, where the next try's message will replace it.
  await form.getByRole('button', { name: 'Add step' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a title');
  const title = `Slides${'x'.repeat(60)}${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Description')
    .fill('Slides: https://docs.example.org/presentation/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/edit');
  await form.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByText('Step added', { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: `Delete step ${title}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this step?' })
    .getByRole('button', { name: 'Delete step' })
    .click();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

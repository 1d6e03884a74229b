import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { E2E_PORT, USERS } from './users';

// The browser logs every 4xx answer as "Failed to load resource"; those are expected
// (signed-out /api/me, a wrong password). Anything else logged as an error fails the test.
const EXPECTED_CONSOLE_ERRORS = [/Failed to load resource: the server responded with a status of 4\d\d/];

export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: RegExp | null }>({
  /** Further console errors a spec expects (e.g. connection refused while it restarts the server). */
  allowConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      const expected = allowConsoleErrors ? [...EXPECTED_CONSOLE_ERRORS, allowConsoleErrors] : EXPECTED_CONSOLE_ERRORS;
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !expected.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Signs in through the API, then opens `path` (the start page for '/auth'). The sign-in form
 * has its own tests (sign-in.spec.ts, submitSignIn); typing it here cost every test seconds.
 */
export async function signIn(page: Page, who: keyof typeof USERS, path = '/auth') {
  const { email, password } = USERS[who];
  // An absolute `path` names another portal (chat-restart.spec.ts starts its own): sign in there.
  const origin = new URL(path, `http://localhost:${E2E_PORT}`).origin;
  const answer = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/auth$/);
}

/** Fills in and sends the sign-in form; what follows (a page, a code step, a refusal) is the caller's to check. */
export async function submitSignIn(page: Page, email: string, password: string, path = '/auth') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Waits until no finite CSS transition or animation is running. axe measures colour contrast
 * from the colours on screen, so a toast still fading in or out (sonner fades the one behind a
 * new toast) reads as faint text; the screen is checked as a person sees it once it is still.
 * Endless animations (a loading spinner) are left running: they never settle.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Two frames: a toast that has just mounted starts its transition on the next one.
    await nextFrame();
    await nextFrame();
    // Bounded, so a screen that keeps starting new transitions is still checked.
    for (let round = 0; round < 20; round++) {
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
      await nextFrame();
    }
  });
}

/** Every visited screen must have no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  const check = async () => {
    await settleAnimations(page);
    // Every rule still runs; only violations are collected node by node (the passes were not
    // read): 1.2 s a check instead of 2.0 on the partners page; the specs call this in 92 places.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  // A toast's lifetime can end while the check runs (seconds on a slow machine): it fades as
  // it leaves and reads as faint text. Such a violation is gone once still, so a second check
  // decides; a real one is found by both.
  let serious = await check();
  if (serious.length > 0) serious = await check();
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'accessibility violations',
  ).toEqual([]);
}

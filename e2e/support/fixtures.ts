import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { USERS } from './users';

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

export async function signIn(page: Page, who: keyof typeof USERS, path = '/auth') {
  const { email, password } = USERS[who];
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/auth$/);
}

/** Every visited screen must have no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'accessibility violations',
  ).toEqual([]);
}

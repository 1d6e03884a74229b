/**
 * Helpers for the dashboard and partner directory specs (issue 4): unique names, API calls
 * made with the signed-in page's cookies, and toasts.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;
/** A name no other test (or worker) uses, so tests stay independent on one shared server. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/** Creates a partner through the API as whoever is signed in on the page. */
export async function createPartnerViaApi(
  page: Page,
  partner: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  const response = await page.request.post('/api/partners', { data: partner });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { partner: { id: string; name: string } }).partner;
}

/**
 * An hour's event on the 15th of this month at noon UTC (in this month whatever the browser's
 * time zone), created through the API; returns its day as the month grid's `data-day`.
 */
export async function createEventOnThe15th(page: Page, title: string): Promise<string> {
  const now = new Date();
  const day = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 15, 12));
  const created = await page.request.post('/api/calendar/events', {
    multipart: {
      title,
      startDate: day.toISOString(),
      endDate: new Date(day.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return day.toISOString().slice(0, 10);
}

/** The toast carrying `description`, checked for its title too. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: description ?? title });
  await expect(toast.first()).toBeVisible();
  await expect(toast.first()).toContainText(title);
  if (description) await expect(toast.first()).toContainText(description);
}

/**
 * Types `term` into the directory's search and waits for its own results. Until its debounce
 * has put the term in the address and its page has arrived, the list on screen is the previous
 * one (kept while the next loads, `aria-busy`), which may hold the same partner elsewhere: a
 * card clicked then can move from under the pointer as the results replace the list. The
 * address alone is not enough: the router draws its change in a transition, so for a moment
 * the address holds the term while the old list is still on screen, not yet marked busy (a
 * click on "View Details" then pressed a card that moved before the button was let go, the
 * likely cause of a failure once on CI). The search's own answer comes after that draw: the list
 * is settled once it has come and nothing is busy.
 */
export async function searchPartners(page: Page, term: string) {
  const box = page.getByLabel('Search partners');
  const q = term.trim();
  // The same term again asks nothing new: the list on screen is already its answer.
  const answered =
    (await box.inputValue()).trim() === q
      ? Promise.resolve()
      : page.waitForResponse((response) => {
          const url = new URL(response.url());
          return url.pathname === '/api/partners' && url.searchParams.get('q') === q;
        });
  await box.fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === q);
  await answered;
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Admin > Accounts searched for one address, once the table holds that account alone (its header
 * and one row): a row found in the list before the search applies moves when it does, and a click
 * aimed at an open menu of it lands on another entry (seen once on CI). Returns the row.
 */
export async function findAccount(page: Page, email: string) {
  await page.getByLabel('Search name or email').fill(email);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

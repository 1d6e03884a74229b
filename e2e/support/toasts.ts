import { expect, type Page } from '@playwright/test';

/** A sonner toast with this title (and description, when given) is on screen. */
export async function expectToast(page: Page, title: string, description?: string) {
  let toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  await expect(toast.first()).toBeVisible();
}

/** A unique address, so tests running in parallel against one server never share accounts. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/**
 * Closes every open toast and waits until they are gone, so the next assertion on a toast's
 * text can only pass on a toast that appears afterwards (the same message twice in a row
 * would otherwise pass on the first one).
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  // Stacked toasts overlap, so a pointer click could land on the wrong one: click in the page.
  await toasts
    .locator('[data-close-button]')
    .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await expect(toasts).toHaveCount(0);
}

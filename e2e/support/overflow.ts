import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Every screen of the signed-in portal, for the width checks of phone-width and tablet-width. */
const EVERY_SCREEN = [
  '/dashboard',
  '/giving',
  '/partners',
  '/tasks',
  '/calendar',
  '/chat',
  '/files',
  '/forms',
  '/more',
  '/onboarding',
  '/settings',
  '/admin',
  '/admin/email',
  '/admin/accounts',
  '/admin/audit',
];

/**
 * How far the page sticks out of the window: the document's own sideways scroll, or a visible
 * element whose right edge is past the window's and that no sideways-scrolling box holds (a wide
 * table inside its own scroll box is fine; one clipped or pushing the page is not).
 */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let worst = document.documentElement.scrollWidth - width;
    let what = 'the document';
    const scrollsSideways = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth - 1;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      let parent = el.parentElement;
      let held = false;
      while (parent && parent !== document.body) {
        if (scrollsSideways(parent)) {
          held = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!held && box.right - width > worst) {
        worst = Math.round(box.right - width);
        what = `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 60)}"> "${(el.textContent ?? '').slice(0, 40)}"`;
      }
    }
    return { worst, what };
  });

/** Opens every screen in turn and names each that sticks out of the window, and by how much. */
export async function screensTooWide(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const route of EVERY_SCREEN) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Let lists and charts arrive and lay out.
    await page.waitForLoadState('networkidle');
    const { worst, what } = await overflow(page);
    if (worst > 0) wide.push(`${route}: ${worst} px too wide (${what})`);
  }
  return wide;
}

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';

// Issue 27 item 1: every screen fits a 390 px wide phone; the page never scrolls sideways.
test.use({ viewport: { width: 390, height: 844 } });

const ROUTES = [
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
const overflow = (page: Page) =>
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

test('every screen fits 390 px without sideways scrolling', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/auth');
  expect((await overflow(page)).worst, '/auth').toBeLessThanOrEqual(0);
  await signIn(page, 'admin', '/dashboard');
  // Something on each screen, with long names: a file, a gift, a partner, a task.
  const long = `A-rather-long-file-name-for-the-quarterly-newsletter-${Date.now()}.txt`;
  const uploaded = await page.request.post('/api/files?folder=%2F', {
    multipart: { file: { name: long, mimeType: 'text/plain', buffer: Buffer.from('Newsletter') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerName: 'Bartholomew Alexander Montgomery-Whitfield', amount: '1250.00', donationType: 'monthly' },
  });
  expect(gift.status()).toBe(201);
  const task = await page.request.post('/api/tasks', {
    data: {
      title: 'Prepare the quarterly newsletter for every partner church',
      priority: 'high',
      dueDate: '2030-01-31',
    },
  });
  expect(task.status()).toBe(201);
  const wide: string[] = [];
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Let lists and charts arrive and lay out.
    await page.waitForLoadState('networkidle');
    const { worst, what } = await overflow(page);
    if (worst > 0) wide.push(`${route}: ${worst} px too wide (${what})`);
  }
  expect(wide).toEqual([]);
});

import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { screensTooWide } from './support/overflow';
import { createEventOnThe15th } from './support/portal';

// A tablet held upright: the sidebar shows, and beside it a screen has about 480 px. Laid out
// for the window's width, tables squeezed a file's name to a letter a line there, and the chat's
// three columns ran past the window's edge (decision 0155).
test.use({ viewport: { width: 800, height: 1000 } });

const TABLES = ['/files', '/giving?range=all', '/partners', '/admin/email', '/admin/accounts', '/admin/audit'];

/**
 * Table cells whose text is broken into a column of a few letters a line: three lines or more,
 * fewer than `fewest` characters a line on average (each text counted by its line boxes). A
 * subject wrapping over a few lines of words is fine; an address of three letters a line is not.
 */
const squeezed = (page: Page, fewest: number) =>
  page.evaluate((fewest) => {
    const found: string[] = [];
    const range = document.createRange();
    for (const cell of document.querySelectorAll('td, th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!(text.textContent ?? '').trim()) continue;
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const content = (text.textContent ?? '').trim();
        if (lines >= 3 && content.length / lines < fewest) found.push(`${lines} lines: "${content.slice(0, 40)}"`);
      }
    }
    return found;
  }, fewest);

test('beside the sidebar on a tablet, no table squeezes its text into a column of letters', async ({ page }) => {
  await signIn(page, 'admin', '/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Something in each table: a file and a folder, a gift, a partner, their audit entries.
  const stamp = Date.now();
  const uploaded = await page.request.post('/api/files?folder=%2F', {
    multipart: {
      file: { name: `Quarterly_newsletter_${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const folder = await page.request.post('/api/files/folders', {
    data: { parent: '/', name: `Event_Photos_${stamp}` },
  });
  expect(folder.status(), await folder.text()).toBe(201);
  const gift = await page.request.post('/api/giving/donations', {
    data: { partnerName: 'Bartholomew Alexander Montgomery-Whitfield', amount: '1250.00', donationType: 'monthly' },
  });
  expect(gift.status()).toBe(201);
  const partner = await page.request.post('/api/partners', {
    data: { name: `Tablet partner ${stamp}`, email: `tablet-${stamp}@example.org` },
  });
  expect(partner.status()).toBe(201);

  const found: string[] = [];
  for (const route of TABLES) {
    await page.goto(route);
    // The directory's table is a choice the browser keeps (cards first).
    if (route === '/partners') await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByRole('table').first(), route).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const cell of await squeezed(page, 5)) found.push(`${route}: ${cell}`);
  }
  expect(found).toEqual([]);
});

test('beside the sidebar on a tablet, every screen fits without sideways scrolling', async ({ page }) => {
  // The chat's three columns pushed the conversation and its Send button past the window's edge.
  await signIn(page, 'admin', '/dashboard');
  expect(await screensTooWide(page)).toEqual([]);
});

test("the month shows each event's title first; its time is kept for screen readers", async ({ page }) => {
  await signIn(page, 'admin', '/calendar');
  const title = `Month title ${Date.now()}`;
  await createEventOnThe15th(page, title);
  await page.reload();
  await page.getByRole('tab', { name: 'Month' }).click();
  const event = page
    .getByRole('gridcell')
    .getByRole('button', { name: new RegExp(`^\\d{1,2}:\\d{2}\\s?[AP]M ${title}$`) });
  await expect(event).toBeVisible();
  // At 800 px a day is about 68 px: "7:00 P…" was all it showed. The time is there, but not seen.
  const time = event.locator('span');
  await expect(time).toHaveCount(1);
  expect((await time.boundingBox())?.width).toBeLessThanOrEqual(1);
  // With room for both, both show.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => (await time.boundingBox())?.width ?? 0).toBeGreaterThan(20);
});

test('card lists take one column beside the sidebar on a tablet, and more when the screen has room', async ({
  page,
}) => {
  await signIn(page, 'admin', '/partners');
  // How many columns the cards stand in: the distinct left edges of the list's items.
  const columns = (items: ReturnType<Page['locator']>) =>
    items.evaluateAll((found) => new Set(found.map((item) => Math.round(item.getBoundingClientRect().left))).size);
  const partnerCards = page.getByRole('button', { name: 'View Details' });
  const moreCards = page.getByRole('main').getByRole('listitem');

  await expect(partnerCards.nth(2)).toBeVisible();
  // Two columns left each card about 230 px here, and a partner's name broke inside a word.
  expect(await columns(partnerCards)).toBe(1);
  await page.goto('/more');
  await expect(moreCards.nth(1)).toBeVisible();
  expect(await columns(moreCards)).toBe(1);

  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await columns(moreCards)).toBe(2);
  await page.goto('/partners');
  await expect(partnerCards.nth(2)).toBeVisible();
  expect(await columns(partnerCards)).toBe(3);
});

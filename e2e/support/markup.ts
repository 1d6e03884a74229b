/**
 * Markup seeded into text fields by the rendering checks (issue 9): it would bold a word and
 * run script if the UI ever parsed it as HTML.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;
/** Markup that would bold a word and run script if it were ever parsed as HTML. */
export function markup(field: string): string {
  counter += 1;
  const tag = `${field}-${Date.now().toString(36)}${counter}`;
  return `<img src=x onerror=window.__xss=1><b>bold-${tag}</b>`;
}

/** The same without a slash, for names that cannot hold one (file and folder names). */
export function slashless(field: string): string {
  return markup(field).replace('</b>', '');
}

export async function expectShownAsText(page: Page, texts: string[]) {
  // Visible places only: a form's title is also an <option> of the closed form pickers.
  for (const text of texts)
    await expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
  const injected = await page.evaluate((needles) => {
    const bolds = [...document.querySelectorAll('b')].filter((b) => {
      const text = b.textContent ?? '';
      return text.startsWith('bold-') && needles.some((n) => n.includes(text));
    });
    return {
      bolds: bolds.length,
      images: document.querySelectorAll('img[src="x"]').length,
      ran: (window as unknown as { __xss?: unknown }).__xss !== undefined,
    };
  }, texts);
  expect(injected).toEqual({ bolds: 0, images: 0, ran: false });
}

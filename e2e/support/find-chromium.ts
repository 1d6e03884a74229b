import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * CHROMIUM_PATH, then Debian's headless shell, then Debian's chromium, then Playwright's own
 * browser; else say how to get one. The headless shell (package chromium-headless-shell, the
 * "old headless" Playwright itself uses by default) runs the suite in about 30% less time than
 * the full browser in its headless mode (decision 0135); a run with --headed needs the full browser.
 */
export function findChromium(): string {
  const headed = process.argv.includes('--headed') || process.argv.includes('--ui') || process.argv.includes('--debug');
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(headed ? [] : ['/usr/lib/chromium/chromium-headless-shell']),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    safePlaywrightPath(),
  ];
  const found = candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one: `sudo apt-get install chromium-headless-shell chromium` (Debian/Ubuntu), ' +
        'or `npx playwright install chromium` where downloads are allowed, or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

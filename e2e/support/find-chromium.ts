import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** CHROMIUM_PATH, then Debian's chromium, then Playwright's own browser; else say how to get one. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    safePlaywrightPath(),
  ];
  const found = candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one: `sudo apt-get install chromium` (Debian/Ubuntu), ' +
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

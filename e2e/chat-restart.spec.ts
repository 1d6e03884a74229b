import type { PortalProcess } from '#test-support/portal-process';
import { expect, signIn, test } from './support/fixtures';
import { ownPortal } from './support/own-portal';
import { USERS } from './support/users';

// Its own portal process (not the shared test server), so it can be stopped and started again.
const own = ownPortal(40, 'restart');
const BASE = own.base;

// While the server stops (503, or a connection reset as it closes) and is down (refused), the
// browser logs the tab's reconnect attempts.
test.use({
  allowConsoleErrors: /net::ERR_CONNECTION_REFUSED|net::ERR_CONNECTION_RESET|status of 503 \(Service Unavailable\)/,
});

test('a tab open across a server restart says so quietly, then shows what it missed, once', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  let portal: PortalProcess = own.start();
  try {
    await portal.listening(60_000);
    await signIn(page, 'admin', `${BASE}/auth`);
    await page.goto(`${BASE}/chat`);
    const seen = `Before the restart ${Date.now()}`;
    await page.getByPlaceholder('Message #General Partners').fill(seen);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log', { name: 'Messages' }).getByText(seen)).toBeVisible();

    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();

    portal = own.start();
    await portal.listening(60_000);
    // Sent from elsewhere right after the restart, possibly before the tab is back.
    const api = await playwright.request.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
    await api.post('/api/auth/sign-in/email', { data: { email: USERS.admin.email, password: USERS.admin.password } });
    const missed = `Sent while the tab was away ${Date.now()}`;
    expect(
      (
        await api.post('/api/chat/messages', {
          data: { chatType: 'partner', partner: 'General Partners', content: missed },
        })
      ).status(),
    ).toBe(201);
    await api.dispose();

    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(missed)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Reconnecting…')).toBeHidden();
    await expect(log.getByText(missed)).toHaveCount(1);
    await expect(log.getByText(seen)).toHaveCount(1);
  } finally {
    // Leave the page first: killing the server under an open stream makes the browser log
    // ERR_INCOMPLETE_CHUNKED_ENCODING, which the console check would report as a failure.
    await page.goto('about:blank').catch(() => {});
    portal.kill();
    await portal.exited;
    own.remove();
  }
});

import type { PortalProcess } from '#test-support/portal-process';
import { startTestSmtpServer } from '#test-support/smtp-server';
import { expect, signIn, test } from './support/fixtures';
import { expectToast } from './support/toasts';
import { ownPortal } from './support/own-portal';

// Admin > Email on a portal whose email is off (no SMTP_URL, issue 16): nothing is tried, and
// the outbox says nothing will be until a mail server is set up. The shared test server sends
// through a test SMTP server, so this test has a portal of its own: first with a mail server
// that refuses everything (an email that failed), then started again without one.
const own = ownPortal(44, 'email-off');
const BASE = own.base;
const INVITED = { email: 'ivo.invited@example.org', fullName: 'Ivo Invited' };

test('with email off, a waiting email waits for email to be turned on, and Send again says it waits again', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const smtp = await startTestSmtpServer();
  smtp.refuseWith(550);
  let portal: PortalProcess = own.start({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Grace Ministry <office@grace.example.org>',
  });
  try {
    await portal.listening(60_000);
    await signIn(page, 'admin', `${BASE}/admin/email`);
    const headers = { origin: BASE };

    // Email on: an invitation the mail server refuses for good (550) is kept as failed.
    const created = await page.request.post(`${BASE}/api/admin/users`, {
      data: { ...INVITED, invite: true },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const { user } = (await created.json()) as { user: { id: string } };
    await expect
      .poll(
        async () => {
          const outbox = await page.request.get(`${BASE}/api/email/outbox?status=failed`);
          return ((await outbox.json()) as { emails: { subject: string }[] }).emails.map((e) => e.subject);
        },
        { timeout: 20_000 },
      )
      .toEqual(['You are invited to the portal']);

    // Email turned off: the same portal started again without SMTP_URL (nor MAIL_FROM). Off the
    // page first: a server stopped under an open stream makes the browser log an error.
    await page.goto('about:blank');
    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    await smtp.stop();
    portal = own.start();
    await portal.listening(60_000);

    // A password link the admin sends now waits in the outbox: nothing is tried.
    const reset = await page.request.post(`${BASE}/api/accounts/${user.id}/password-reset`, { headers });
    expect(reset.status(), await reset.text()).toBe(200);
    expect(((await reset.json()) as { emailed: boolean }).emailed).toBe(false);

    await page.goto(`${BASE}/admin/email`);
    await expect(page.getByRole('status').filter({ hasText: 'Email is off' })).toBeVisible();
    const nextAttempt = page.getByRole('dialog').locator('dt:text-is("Next attempt") + dd');

    // Its next attempt is not a moment (the moment it was written, already past) but email.
    const waiting = page.getByRole('row').filter({ hasText: 'Choose a new password' });
    await expect(waiting.getByText('Waiting')).toBeVisible();
    await waiting.getByRole('button', { name: 'Choose a new password' }).click();
    await expect(nextAttempt).toHaveText('Once email is turned on');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // The failed one: Send again puts it back to wait, and says that, not that it will be sent.
    const failed = page.getByRole('row').filter({ hasText: 'You are invited to the portal' });
    await expect(failed.getByText('Failed')).toBeVisible();
    await failed.getByRole('button', { name: 'You are invited to the portal' }).click();
    await expect(nextAttempt).toHaveText('None');
    await expect(page.getByRole('dialog')).toContainText('Mailbox unavailable');
    await page.getByRole('dialog').getByRole('button', { name: 'Send again' }).click();
    await expectToast(
      page,
      'The email waits in the outbox again',
      'Email is off on this portal: it is sent once a mail server is set up.',
    );
    await expect(page.getByText('The email will be sent again')).toBeHidden();
    await expect(nextAttempt).toHaveText('Once email is turned on');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Send again' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(failed.getByText('Waiting')).toBeVisible();
  } finally {
    await page.goto('about:blank').catch(() => {});
    portal.kill();
    await portal.exited;
    await smtp.stop().catch(() => {});
    own.remove();
  }
});

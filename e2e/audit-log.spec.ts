import fs from 'node:fs';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectToast, uniqueEmail } from './support/toasts';
import { USERS } from './support/users';

// The audit log screen (issue 17): an admin finds who did what with the filters, opens an
// entry's before and after, downloads the CSV, and sets the retention; a manager is refused.

test('an admin finds a change in the audit log by person and action, reads it, and exports the CSV', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin');
  // Something to find: an account created through the screen's API as the admin.
  const email = uniqueEmail('audited');
  const created = await page.request.post('/api/admin/users', {
    data: { email, password: 'audited-password-1', fullName: 'Audited Person' },
  });
  expect(created.status()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Person').selectOption({ label: USERS.admin.name });
  // The actions are offered in words; each entry shows its code beneath them.
  await page.getByLabel('Action').selectOption({ label: 'User created' });
  await expect(page.getByRole('row').filter({ hasNotText: 'user.created' })).toHaveCount(1); // the header
  await expect(page).toHaveURL(/action=user.created/);
  // Other tests create accounts too: the subject narrows it to this one.
  await page.getByLabel('Subject id or address').fill(user.id);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: user.id });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  // The account is named, not only its id.
  await expect(row.getByRole('cell').nth(3)).toContainText(`user Audited Person${user.id}`);

  // The entry whole: its after values name the account, never its password.
  await row.getByRole('button', { name: 'User created' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText(`user Audited Person${user.id}`);
  await expect(dialog.getByRole('heading', { name: 'User created' })).toBeVisible();
  await expect(dialog).not.toContainText('audited-password-1');
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: 'User created' })).toBeFocused();

  // A range that runs backwards is said under From, and not asked of the server.
  await page.getByLabel('From').fill('2001-02-01');
  await page.getByLabel('To').fill('2001-01-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('From')).toHaveAccessibleDescription(
    'The start of the date range must not be after its end',
  );
  await expect(page).not.toHaveURL(/to=/);
  // A date range that ends before today finds nothing.
  await page.getByLabel('From').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await expect(page.getByLabel('From')).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Action')).toHaveValue('');

  // The export downloads the filtered entries.
  await page.getByLabel('Action').selectOption('user.created');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe(
    'Time,Person,Email,Person id,Client address,Action,Subject type,Subject,Subject name,Before,After',
  );
  expect(csv).toContain(email);
  // The export is itself in the log (a new action: the filter offers it after a reload).
  await page.reload();
  await page.getByLabel('Action').selectOption('audit.exported');
  await expect(page.getByRole('row').filter({ hasText: 'audit.exported' }).first()).toBeVisible();
});

test("an update's entry lists the fields it changed, before and after", async ({ page }) => {
  await signIn(page, 'admin', '/admin/audit');
  const email = uniqueEmail('moved');
  const created = await page.request.post('/api/partners', {
    data: { name: 'Moving Chapel', email, location: 'Austin, TX' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { partner } = (await created.json()) as { partner: { id: string } };
  const updated = await page.request.put(`/api/partners/${partner.id}`, {
    data: { name: 'Moving Chapel', email, location: 'Dallas, TX' },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await page.getByLabel('Subject id or address').fill(partner.id);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Partner updated' }).click();
  const changed = page.getByRole('dialog').getByRole('table');
  // The location alone: the name and email stayed, and the row's bookkeeping is not a change.
  await expect(changed.getByRole('row')).toHaveCount(2);
  await expect(changed.getByRole('row', { name: 'location' })).toHaveText(/locationAustin, TXDallas, TX/);
  await expectAccessible(page);
});

test('a failed sign-in is by someone not signed in, not by the portal', async ({ page }) => {
  await signIn(page, 'admin', '/admin/audit');
  // A wrong password for an address of this test's own, from a request without the session.
  const email = uniqueEmail('mistyped');
  const refused = await page.request.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    data: { email, password: 'not-the-password' },
    headers: { cookie: '', origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(401);

  await page.getByLabel('Subject id or address').fill(email);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: 'sign_in.failed' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Someone not signed in');
  await expect(row.getByRole('cell').nth(3)).toHaveText(`account ${email}`);
});

test('the retention setting is saved and shown again', async ({ page }) => {
  await signIn(page, 'admin', '/admin/audit');
  const keep = page.getByLabel('Keep entries');
  await expect(keep).toHaveValue('null');
  await keep.selectOption({ label: '7 years' });
  await expectToast(page, 'Retention saved');
  await page.reload();
  await expect(page.getByLabel('Keep entries')).toHaveValue('2555');
  await page.getByLabel('Keep entries').selectOption({ label: 'Keep everything' });
  await expectToast(page, 'Retention saved');
});

test('a coordinator with user management is told the audit log is for admins', async ({ page }) => {
  await signIn(page, 'manager', '/admin/audit');
  await expect(page.getByText('Only admins can read the audit log.')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
});

test('chat read receipts stay out of the audit log until asked for', async ({ page }) => {
  await signIn(page, 'admin', '/admin/audit');
  // A read receipt of the admin's own: a message in General Partners, then read up to it.
  const channel = { chatType: 'partner', partner: 'General Partners' };
  const sent = await page.request.post('/api/chat/messages', {
    data: { ...channel, content: `Audit check ${Date.now()}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { message } = (await sent.json()) as { message: { id: number } };
  const read = await page.request.post('/api/chat/read', { data: { ...channel, lastReadId: message.id } });
  expect(read.status(), await read.text()).toBe(200);

  await page.reload();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table).not.toContainText('chat.read');
  const include = page.getByLabel('Include chat read receipts');
  await expect(include).not.toBeChecked();

  // The choice goes into the address, and the filters are drawn again from it.
  await include.click();
  await expect(page).toHaveURL(/reads=show/);
  await expect(include).toBeChecked();
  await expect(table.getByRole('row').filter({ hasText: 'chat.read' }).first()).toBeVisible();
  // The export follows the screen.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /reads=show/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(include).not.toBeChecked();
  await expect(table).not.toContainText('chat.read');
});

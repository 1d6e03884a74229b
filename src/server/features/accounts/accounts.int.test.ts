import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  emailOutbox,
  session,
  user,
  userRoles,
  verification,
} from '#server/db/schema';
import { serviceContext } from '#server/service/context';
import { resolvePermissions } from '#shared/permissions';
import { ACCOUNT_DEACTIVATED, ACCOUNT_REASONS } from '#shared/schemas/accounts';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { deactivateAccount, setRole } from './service';

interface AccountsPage {
  accounts: {
    id: string;
    email: string;
    name: string;
    role: string;
    deactivatedAt: string | null;
    lastSignInAt: string | null;
  }[];
  nextCursor: string | null;
}

/**
 * Admin > Accounts (issue 17 item 4, decision 0104) on both databases: every account listed
 * and searchable; deactivation ends every session at once and keeps the person out (sign-in,
 * old cookies, notifications, assignee lists) until reactivated; an admin's account is for
 * admins; never oneself, never the last active admin; name and email corrected; a reset link
 * emailed. Each change and each refusal is in the audit log.
 */
describe.each(testDatabaseTargets())('accounts on $name', (target) => {
  let t: TestApp;
  let admin: TestUser & { cookie: string };
  let manager: TestUser & { cookie: string };
  const PASSWORD = 'long-secret';

  const person = async (email: string, fullName: string, role: 'admin' | 'coordinator' | 'none' = 'coordinator') =>
    t.createUser({ email, password: PASSWORD, fullName, role });
  const as = (who: { cookie: string }) => ({ cookie: who.cookie });
  const list = async (query = '', who = admin) => {
    const response = await t.request(`/api/accounts${query}`, { headers: as(who) });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AccountsPage;
  };
  const post = (path: string, who: { cookie: string } = admin) => t.sendJson('POST', path, undefined, as(who));
  const lastEntry = async () => (await t.db.select().from(activity).orderBy(desc(activity.seq)).limit(1))[0]!;

  beforeAll(async () => {
    t = await createTestApp(target);
    const a = await person('ada@example.org', 'Ada Admin', 'admin');
    admin = { ...a, cookie: await t.signIn(a.email, PASSWORD) };
    const m = await person('max@example.org', 'Max Manager');
    await t.db.insert(coordinatorPermissions).values({ userId: m.id, feature: 'user_management', enabled: true });
    manager = { ...m, cookie: await t.signIn(m.email, PASSWORD) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every account, admins too, with role, status and last sign-in; searches name and email; pages', async () => {
    await person('nora@example.org', 'Nora None', 'none');
    await person('percent%@example.org', 'Per Cent');
    await person('renee@example.org', 'Renée Dürr');
    const all = await list();
    const byEmail = Object.fromEntries(all.accounts.map((a) => [a.email, a]));
    expect(byEmail['ada@example.org']).toMatchObject({ name: 'Ada Admin', role: 'admin', deactivatedAt: null });
    expect(byEmail['ada@example.org']!.lastSignInAt).not.toBeNull();
    expect(byEmail['max@example.org']).toMatchObject({ role: 'coordinator' });
    expect(byEmail['nora@example.org']).toMatchObject({ role: 'none', lastSignInAt: null });
    expect(all.accounts.map((a) => a.email)).toEqual([...all.accounts.map((a) => a.email)].sort());

    expect((await list('?q=NORA')).accounts.map((a) => a.email)).toEqual(['nora@example.org']);
    expect((await list('?q=max%40')).accounts.map((a) => a.email)).toEqual(['max@example.org']);
    // Accents ignored as in the directory (decision 0180).
    expect((await list('?q=renee%20durr')).accounts.map((a) => a.email)).toEqual(['renee@example.org']);
    // % is a letter in a search, not a wildcard.
    expect((await list('?q=%25')).accounts.map((a) => a.email)).toEqual(['percent%@example.org']);

    for (let n = 0; n < 55; n += 1) await person(`paged-${String(n).padStart(2, '0')}@example.org`, `Paged ${n}`);
    const first = await list('?q=paged-');
    expect(first.accounts).toHaveLength(50);
    const second = await list(`?q=paged-&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.accounts.map((a) => a.email)).toEqual(
      ['50', '51', '52', '53', '54'].map((n) => `paged-${n}@example.org`),
    );
    expect(second.nextCursor).toBeNull();
  });

  it('deactivation ends every session at once and keeps the person out until reactivated', async () => {
    const dan = await person('dan@example.org', 'Dan Deactivated');
    const cookie = await t.signIn(dan.email, PASSWORD);
    const other = await t.signIn(dan.email, PASSWORD);
    expect((await t.request('/api/me', { headers: { cookie } })).status).toBe(200);

    const response = await post(`/api/accounts/${dan.id}/deactivate`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { account: { deactivatedAt: string } }).account.deactivatedAt).not.toBeNull();
    expect(await t.db.select().from(session).where(eq(session.userId, dan.id))).toEqual([]);
    for (const old of [cookie, other])
      expect((await t.request('/api/me', { headers: { cookie: old } })).status).toBe(401);
    expect(await lastEntry()).toMatchObject({
      action: 'account.deactivated',
      actorId: admin.id,
      subjectId: dan.id,
      after: { sessionsEnded: 2 },
    });

    // The right password is told why; a wrong one learns nothing; no session is left behind.
    const refused = await t.signInResponse(dan.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: ACCOUNT_DEACTIVATED });
    expect(await t.db.select().from(session).where(eq(session.userId, dan.id))).toEqual([]);
    expect((await t.signInResponse(dan.email, 'wrong-password')).status).toBe(401);

    // Told of nothing, offered to nobody.
    const assignees = (await (await t.request('/api/tasks/assignees', { headers: as(admin) })).json()) as {
      users: { id: string }[];
    };
    expect(assignees.users.map((u) => u.id)).not.toContain(dan.id);
    await t.sendJson('POST', '/api/partners', { name: 'Boaz', email: 'boaz@example.org' }, as(admin));
    const told = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, dan.email));
    expect(told).toEqual([]);

    expect((await post(`/api/accounts/${dan.id}/deactivate`)).status).toBe(409);
    const back = await post(`/api/accounts/${dan.id}/reactivate`);
    expect(back.status).toBe(200);
    expect(await lastEntry()).toMatchObject({ action: 'account.reactivated', subjectId: dan.id });
    await t.signIn(dan.email, PASSWORD);
    expect((await post(`/api/accounts/${dan.id}/reactivate`)).status).toBe(409);
  });

  it('never oneself; an admin account only by an admin; each refusal logged', async () => {
    const self = await post(`/api/accounts/${admin.id}/deactivate`);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: ACCOUNT_REASONS.self });
    expect(await lastEntry()).toMatchObject({ action: 'admin.refused', actorId: admin.id, after: { status: 409 } });

    const byManager = await post(`/api/accounts/${admin.id}/deactivate`, manager);
    expect(byManager.status).toBe(403);
    expect(await byManager.json()).toEqual({ error: ACCOUNT_REASONS.adminsOnly });
    expect(await lastEntry()).toMatchObject({ action: 'admin.refused', actorId: manager.id, after: { status: 403 } });
    const renamed = await t.sendJson('PATCH', `/api/accounts/${admin.id}`, { name: 'Not Ada' }, as(manager));
    expect(renamed.status).toBe(403);
    expect((await t.db.select().from(user).where(eq(user.id, admin.id)))[0]!.deactivatedAt).toBeNull();
  });

  it('never leaves the portal without an active admin, even when two admins deactivate each other at once', async () => {
    const bea = await person('bea@example.org', 'Bea Admin', 'admin');
    const beaCookie = await t.signIn(bea.email, PASSWORD);
    // One admin may deactivate another while a second one is active...
    const cal = await person('cal@example.org', 'Cal Admin', 'admin');
    expect((await post(`/api/accounts/${cal.id}/deactivate`, { cookie: beaCookie })).status).toBe(200);
    // ...but when Ada's deactivation of Bea commits first, Bea's request for Ada, already past
    // its sign-in check, finds no other active admin and is refused.
    expect((await post(`/api/accounts/${bea.id}/deactivate`)).status).toBe(200);
    const asBea = serviceContext(t.deps, { id: bea.id, role: 'admin', permissions: resolvePermissions('admin', []) });
    await expect(deactivateAccount(asBea, admin.id)).rejects.toMatchObject({
      status: 409,
      message: ACCOUNT_REASONS.lastAdmin,
    });
    expect((await t.db.select().from(user).where(eq(user.id, admin.id)))[0]!.deactivatedAt).toBeNull();
    const activeAdmins = (await list('?status=active')).accounts.filter((a) => a.role === 'admin');
    expect(activeAdmins.map((a) => a.id)).toEqual([admin.id]);
  });

  it('corrects a name and an email, refusing an email in use; the new email signs in', async () => {
    const eve = await person('eve@example.org', 'Eve Typo');
    const taken = await t.sendJson('PATCH', `/api/accounts/${eve.id}`, { email: 'MAX@example.org' }, as(manager));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: ACCOUNT_REASONS.duplicateEmail });
    const bad = await t.sendJson('PATCH', `/api/accounts/${eve.id}`, {}, as(manager));
    expect(bad.status).toBe(400);

    const fixed = await t.sendJson(
      'PATCH',
      `/api/accounts/${eve.id}`,
      { name: 'Eve Right', email: 'Eve.Right@example.org' },
      as(manager),
    );
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toMatchObject({ account: { name: 'Eve Right', email: 'eve.right@example.org' } });
    expect(await lastEntry()).toMatchObject({
      action: 'account.updated',
      actorId: manager.id,
      before: { name: 'Eve Typo', email: 'eve@example.org' },
      after: { name: 'Eve Right', email: 'eve.right@example.org' },
    });
    await t.signIn('eve.right@example.org', PASSWORD);
  });

  it('emails a single-use link to choose a new password, not for a deactivated account', async () => {
    const fay = await person('fay@example.org', 'Fay Forgot');
    const sent = await post(`/api/accounts/${fay.id}/password-reset`, manager);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ emailed: false }); // no SMTP here: it waits in the outbox
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, fay.email));
    expect(mail!.subject).toBe('Choose a new password');
    expect(mail!.text).toContain('Max Manager asked the portal to send you a link');
    const token = /reset-password\?token=([^\s&]+)/.exec(mail!.text)![1]!;
    const [stored] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${decodeURIComponent(token)}`));
    const hours = (stored!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await lastEntry()).toMatchObject({ action: 'account.password_reset_sent', subjectId: fay.id });

    expect((await post(`/api/accounts/${fay.id}/deactivate`, manager)).status).toBe(200);
    const refused = await post(`/api/accounts/${fay.id}/password-reset`, manager);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: ACCOUNT_REASONS.deactivated });
  });

  it('an admin changes roles; never their own, never the last active admin; a coordinator with user management cannot', async () => {
    const gil = await person('gil@example.org', 'Gil Growing', 'none');
    const gilCookie = await t.signIn(gil.email, PASSWORD);
    const role = (id: string, value: string, who: { cookie: string } = admin) =>
      t.sendJson('PUT', `/api/accounts/${id}/role`, { role: value }, as(who));
    const meRole = async (cookie: string) =>
      ((await (await t.request('/api/me', { headers: { cookie } })).json()) as { role: string }).role;

    expect((await role(gil.id, 'coordinator', manager)).status).toBe(403);
    expect(await lastEntry()).toMatchObject({ action: 'admin.refused', actorId: manager.id });

    expect((await role(gil.id, 'coordinator')).status).toBe(200);
    expect(await meRole(gilCookie)).toBe('coordinator');
    expect((await role(gil.id, 'coordinator')).status).toBe(409);
    expect((await role(gil.id, 'admin')).status).toBe(200);
    expect(await meRole(gilCookie)).toBe('admin');
    expect(await lastEntry()).toMatchObject({
      action: 'account.role_changed',
      actorId: admin.id,
      before: { role: 'coordinator' },
      after: { role: 'admin' },
    });
    const own = await role(admin.id, 'coordinator');
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ error: ACCOUNT_REASONS.ownRole });

    // Ada takes the role away again. Then a demotion of Ada that would leave no active admin is
    // refused: Gil, an admin again but deactivated meanwhile, with his request already under way.
    expect((await role(gil.id, 'none')).status).toBe(200);
    expect(await meRole(gilCookie)).toBe('none');
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, gil.id));
    await t.db.insert(userRoles).values({ userId: gil.id, role: 'admin' });
    const asGil = serviceContext(t.deps, { id: gil.id, role: 'admin', permissions: resolvePermissions('admin', []) });
    const others = (await list('?status=active')).accounts.filter((a) => a.role === 'admin' && a.id !== admin.id);
    for (const other of others) await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, other.id));
    await expect(setRole(asGil, admin.id, 'coordinator')).rejects.toMatchObject({
      status: 409,
      message: ACCOUNT_REASONS.lastAdmin,
    });
    expect(await meRole(admin.cookie)).toBe('admin');
  });

  it('refuses an unknown account with a 404 and bad input with a readable 400', async () => {
    expect((await post('/api/accounts/no-such-id/deactivate')).status).toBe(404);
    const long = await t.request(`/api/accounts?q=${'x'.repeat(101)}`, { headers: as(admin) });
    expect(long.status).toBe(400);
    const badEmail = await t.sendJson('PATCH', `/api/accounts/${manager.id}`, { email: 'not-an-email' }, as(admin));
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(await badEmail.json())).toContain('Please enter a valid email address');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, emailOutbox } from '#server/db/schema';
import { OUTBOX_PAGE_SIZE } from '#shared/schemas/email';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

// The admin's Email page: the outbox listed, read and retried (who may call is in the route
// matrix). Delivery itself is in src/server/mail/mail.int.test.ts.
describe.each(testDatabaseTargets())('email outbox API on $name', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(emailOutbox);
  });

  const get = async <T>(path: string, status = 200) => {
    const response = await t.request(path, { headers: { cookie: admin } });
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const insert = (n: number, values: Partial<typeof emailOutbox.$inferInsert> = {}) =>
    t.db
      .insert(emailOutbox)
      .values({
        kind: 'test',
        toAddress: `person${n}@example.org`,
        subject: `Message ${n}`,
        text: `Text ${n}`,
        html: `<p>Html ${n}</p>`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
        ...values,
      })
      .returning({ id: emailOutbox.id })
      .then((rows) => rows[0]!.id);

  type Page = {
    emails: { id: string; subject: string; status: string }[];
    nextCursor: string | null;
    enabled: boolean;
  };

  it('lists newest first in pages, says whether email is on, and filters by status', async () => {
    for (let n = 0; n < OUTBOX_PAGE_SIZE + 5; n++) await insert(n, n % 10 === 0 ? { status: 'failed' } : {});
    const first = await get<Page>('/api/email/outbox');
    expect(first.enabled).toBe(false);
    expect(first.emails).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.emails[0]!.subject).toBe(`Message ${OUTBOX_PAGE_SIZE + 4}`);
    const second = await get<Page>(`/api/email/outbox?cursor=${first.nextCursor}`);
    expect(second.emails.map((e) => e.subject)).toEqual([
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
      'Message 0',
    ]);
    expect(second.nextCursor).toBeNull();
    const failed = await get<Page>('/api/email/outbox?status=failed');
    expect(failed.emails.map((e) => e.subject)).toEqual([
      'Message 50',
      'Message 40',
      'Message 30',
      'Message 20',
      'Message 10',
      'Message 0',
    ]);
  });

  it('refuses a bad cursor or status with a readable 400', async () => {
    expect(await get('/api/email/outbox?cursor=nonsense', 400)).toEqual({ error: 'Invalid cursor' });
    expect(await get('/api/email/outbox?status=lost', 400)).toMatchObject({ error: 'Unknown status' });
  });

  it('shows one email with its message, and 404 for an unknown one', async () => {
    const id = await insert(1);
    const { email } = await get<{ email: { text: string; html: string; toAddress: string } }>(
      `/api/email/outbox/${id}`,
    );
    expect(email).toMatchObject({ text: 'Text 1', html: '<p>Html 1</p>', toAddress: 'person1@example.org' });
    await get('/api/email/outbox/00000000-0000-4000-8000-000000000000', 404);
    await get('/api/email/outbox/not-an-id', 400);
  });

  it('sends a failed email again, recorded; anything else is refused and unchanged', async () => {
    const failed = await insert(1, { status: 'failed', attempts: 3, lastError: '550 Mailbox unavailable' });
    const response = await t.request(`/api/email/outbox/${failed}/retry`, {
      method: 'POST',
      headers: { cookie: admin },
    });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const [record] = await t.db.select().from(activity).where(eq(activity.subjectId, failed));
    expect(record).toMatchObject({ action: 'email.retried', subjectType: 'email' });

    const pending = await insert(2);
    const refused = await t.request(`/api/email/outbox/${pending}/retry`, {
      method: 'POST',
      headers: { cookie: admin },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'Only an email that failed can be sent again.' });
    const [unchanged] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, pending));
    expect(unchanged!.status).toBe('pending');
  });
});

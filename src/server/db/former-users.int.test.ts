import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { activity, donations, events, files, forms, messages, partners, tasks, user } from './schema';

/**
 * Nothing silently deleted (issue 25 item 5, decision 0109): when an account is deleted, what
 * its person made stays, with no author (shown as from a former member), and the audit log
 * keeps their entries.
 */
describe.each(testDatabaseTargets())('deleting an account on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the gifts, partners, events, messages, files, tasks and forms they made, and their audit entries', async () => {
    const leaving = await t.createUser({ email: 'leaving@example.org', password: 'leaving-1', role: 'admin' });
    const cookie = await t.signIn(leaving.email, leaving.password);
    const json = async <T>(path: string, body: unknown) => {
      const response = await t.postJson(path, body, { cookie });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as T;
    };
    const multipart = async <T>(path: string, parts: Parameters<typeof multipartBody>[0]) => {
      const body = multipartBody(parts);
      const response = await t.request(path, {
        method: 'POST',
        headers: { cookie, 'content-type': body.contentType },
        body: body.body,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as T;
    };

    const { partner } = await json<{ partner: { id: string } }>('/api/partners', {
      name: 'Ruth Miller',
      email: 'ruth@partners.example.org',
      zone: 'North',
    });
    const { donation } = await json<{ donation: { id: string } }>('/api/giving/donations', {
      partnerName: 'Ruth Miller',
      amount: '25.00',
      donationType: 'one-time',
    });
    const { task } = await json<{ task: { id: string } }>('/api/tasks', { title: 'Call Ruth', priority: 'high' });
    const { form } = await json<{ form: { id: string } }>('/api/forms', {
      title: 'Prayer request',
      fields: [{ id: 'a', label: 'Name', type: 'text' }],
    });
    await json('/api/chat/messages', { chatType: 'partner', partner: 'General Partners', content: 'Goodbye, all' });
    const { event } = await multipart<{ event: { id: string } }>('/api/calendar/events', [
      { name: 'title', value: 'Farewell supper' },
      { name: 'startDate', value: '2031-01-01T18:00:00.000Z' },
      { name: 'endDate', value: '2031-01-01T21:00:00.000Z' },
    ]);
    const { file } = await multipart<{ file: { id: string } }>('/api/files?folder=/', [
      { name: 'file', filename: 'handover.txt', value: 'Keys are with Grace.', contentType: 'text/plain' },
    ]);
    const [logged] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(eq(activity.actorId, leaving.id));

    await t.db.delete(user).where(eq(user.id, leaving.id));

    expect(await t.db.select({ id: partners.id }).from(partners).where(eq(partners.id, partner.id))).toHaveLength(1);
    const [gift] = await t.db.select().from(donations).where(eq(donations.id, donation.id));
    expect(gift).toMatchObject({ userId: null, amount: '25.00' });
    expect((await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]).toMatchObject({ createdBy: null });
    expect((await t.db.select().from(forms).where(eq(forms.id, form.id)))[0]).toMatchObject({ userId: null });
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0]).toMatchObject({ userId: null });
    expect((await t.db.select().from(files).where(eq(files.id, file.id)))[0]).toMatchObject({ uploadedBy: null });
    const [message] = await t.db.select().from(messages).where(eq(messages.content, 'Goodbye, all'));
    expect(message).toMatchObject({ userId: null });
    const [stillLogged] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(eq(activity.actorId, leaving.id));
    expect(stillLogged!.n).toBe(logged!.n);
    expect(logged!.n).toBeGreaterThanOrEqual(7);

    // The chat names the message's author as a former member.
    const reader = await t.createUser({ email: 'staying@example.org', password: 'staying-1' });
    const readerCookie = await t.signIn(reader.email, reader.password);
    const history = await t.request('/api/chat/messages?chatType=partner&partner=General%20Partners', {
      headers: { cookie: readerCookie },
    });
    const { messages: shown } = (await history.json()) as { messages: { content: string; userName: string }[] };
    expect(shown.find((m) => m.content === 'Goodbye, all')?.userName).toBe('Former member');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ExportResult } from '#shared/schemas/export';
import { zonedDate } from '#shared/time-zone';

// Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: their dates always differ, so a
// file named by the server's own date could not match both.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

/** The file name of a download, as the browser would save it. */
const fileName = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];

/** The names the zone's day could give around the request (a test run across its midnight). */
function namesAround(before: Date, zone: string, name: (day: string) => string): string[] {
  return [...new Set([zonedDate(before, zone), zonedDate(new Date(), zone)])].map(name);
}

describe.each(testDatabaseTargets())('downloads are named by the day where the person is, on $name', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'named@example.org', password: 'named-secret', role: 'admin' });
    admin = await t.signIn('named@example.org', 'named-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Downloads with `tz=zone` and expects the name of the day in `namedBy` (the zone itself when real). */
  const download = async (url: string, zone: string, name: (day: string) => string, namedBy = zone) => {
    const before = new Date();
    const response = await t.request(`${url}${url.includes('?') ? '&' : '?'}tz=${encodeURIComponent(zone)}`, {
      headers: { cookie: admin },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(namesAround(before, namedBy, name)).toContain(fileName(response));
  };

  it('names the partners, gifts, audit log and form responses CSV by the asker’s zone, and by UTC without one', async () => {
    const created = await t.postJson(
      '/api/forms',
      { title: 'Retreat Sign-up', fields: [{ id: 'name', label: 'Full name', type: 'text' }] },
      { cookie: admin },
    );
    expect(created.status).toBe(201);
    const formId = ((await created.json()) as { form: { id: string } }).form.id;
    for (const zone of [EAST, WEST]) {
      await download('/api/partners/export.csv', zone, (day) => `partners-${day}.csv`);
      await download('/api/giving/gifts.csv', zone, (day) => `gifts-${day}.csv`);
      await download('/api/audit/export', zone, (day) => `audit-log-${day}.csv`);
      await download(`/api/forms/${formId}/responses.csv`, zone, (day) => `retreat-sign-up-responses-${day}.csv`);
    }
    // A zone the runtime does not know names the file by UTC rather than refusing the download.
    await download('/api/partners/export.csv', 'Mars/Olympus_Mons', (day) => `partners-${day}.csv`, 'UTC');
    const before = new Date();
    const plain = await t.request('/api/partners/export.csv', { headers: { cookie: admin } });
    expect(namesAround(before, 'UTC', (day) => `partners-${day}.csv`)).toContain(fileName(plain));
  });

  it('names a form’s responses by its title without its accents', async () => {
    const created = await t.postJson(
      '/api/forms',
      { title: 'Sign-up — Été 2027 🎉 l’équipe', fields: [{ id: 'name', label: 'Full name', type: 'text' }] },
      { cookie: admin },
    );
    const formId = ((await created.json()) as { form: { id: string } }).form.id;
    await download(
      `/api/forms/${formId}/responses.csv`,
      'UTC',
      (day) => `sign-up-ete-2027-l-equipe-responses-${day}.csv`,
    );
  });

  it('names the complete export by the zone it was asked from', async () => {
    const before = new Date();
    const queued = await t.request(`/api/export?tz=${encodeURIComponent(WEST)}`, {
      method: 'POST',
      headers: { cookie: admin },
    });
    expect(queued.status).toBe(201);
    const jobId = ((await queued.json()) as { job: { id: string } }).job.id;
    expect(await t.deps.jobs.runDue()).toBe(1);
    const latest = (await (await t.request('/api/export/latest', { headers: { cookie: admin } })).json()) as {
      job: { id: string; result: ExportResult };
    };
    expect(latest.job.id).toBe(jobId);
    expect(namesAround(before, WEST, (day) => `portal-export-${day}.zip`)).toContain(latest.job.result.fileName);
    // Refused with a reason, and nothing queued, for a zone name no browser sends.
    const refused = await t.request(`/api/export?tz=${'x'.repeat(101)}`, {
      method: 'POST',
      headers: { cookie: admin },
    });
    expect(refused.status).toBe(400);
  });
});

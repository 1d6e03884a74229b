import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, appSettings, coordinatorPermissions, notifications } from '#server/db/schema';
import { multipartBody, PNG_1X1 } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

const settings = {
  name: 'Grace Ministry',
  address: '12 Hope Street\nSpringfield, IL 62701',
  statementText: 'Thank you.\n\nNo goods or services were provided.',
  currency: 'EUR',
};

describe.each(testDatabaseTargets())('organization settings on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let coordinatorId: string;

  beforeAll(async () => {
    t = await createTestApp(target, { MINISTRY_NAME: 'Installed Name' });
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    coordinatorId = (
      await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' })
    ).id;
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (cookie: string) => {
    const response = await t.request('/api/organization', { headers: { cookie } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { organization: Record<string, unknown> }).organization;
  };
  const put = (body: unknown, cookie?: string) =>
    t.sendJson('PUT', '/api/organization', body, cookie ? { cookie } : {});
  const uploadLogo = (file: Buffer, cookie: string, filename = 'logo.png') => {
    const { body, contentType } = multipartBody([{ name: 'logo', value: file, filename, contentType: 'image/png' }]);
    return t.request('/api/organization/logo', {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body,
    });
  };
  const entries = async () =>
    (await t.db.select({ n: count() }).from(activity).where(like(activity.action, 'organization.%')))[0]!.n;
  const storedLogos = async () => {
    const keys: string[] = [];
    for await (const object of t.deps.storage.list('organization-logos')) keys.push(object.key);
    return keys;
  };
  const settingRows = async () => await t.db.select().from(appSettings).where(like(appSettings.key, 'organization%'));

  it('reads the defaults to everyone signed in, and nothing to the anonymous', async () => {
    expect(await read(coordinator)).toEqual({
      name: 'Installed Name',
      address: '',
      statementText: expect.stringContaining('Thank you'),
      currency: 'USD',
      logoUrl: null,
    });
    expect((await t.request('/api/organization')).status).toBe(401);
  });

  it('refuses changes by a coordinator (403) and the anonymous (401), writing nothing', async () => {
    expect((await put(settings, coordinator)).status).toBe(403);
    expect((await put(settings)).status).toBe(401);
    expect((await uploadLogo(PNG_1X1, coordinator)).status).toBe(403);
    expect(await settingRows()).toEqual([]);
    expect(await storedLogos()).toEqual([]);
    expect(await entries()).toBe(0);
  });

  it('refuses bad settings with a clear message and writes nothing', async () => {
    const tooLong = await put({ ...settings, name: 'x'.repeat(121) }, admin);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: 'Name must be at most 120 characters' });
    const blank = await put({ ...settings, name: '   ' }, admin);
    expect(await blank.json()).toMatchObject({ error: 'Name is required' });
    const currency = await put({ ...settings, currency: 'XYZ' }, admin);
    expect(currency.status).toBe(400);
    expect(await currency.json()).toMatchObject({ error: 'Choose a currency from the list' });
    const statement = await put({ ...settings, statementText: 'x'.repeat(4001) }, admin);
    expect(statement.status).toBe(400);
    expect(await settingRows()).toEqual([]);
    expect(await entries()).toBe(0);
  });

  it('saves the settings for an admin, keeping line breaks, with one activity entry', async () => {
    const response = await put(settings, admin);
    expect(response.status).toBe(200);
    expect(await read(coordinator)).toEqual({ ...settings, logoUrl: null });
    const [entry] = await t.db.select().from(activity).where(eq(activity.action, 'organization.updated'));
    expect(entry!.before).toMatchObject({ name: 'Installed Name', currency: 'USD' });
    expect(entry!.after).toEqual(settings);
    expect(await entries()).toBe(1);
  });

  it('refuses a logo that is not a PNG or JPEG, or larger than 1 MB, storing nothing', async () => {
    const gif = await uploadLogo(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), admin, 'logo.png');
    expect(gif.status).toBe(400);
    expect(await gif.json()).toEqual({ error: 'The logo must be a PNG or JPEG image' });
    const text = await uploadLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), admin, 'logo.png');
    expect(text.status).toBe(400);
    const huge = Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await uploadLogo(huge, admin);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'The logo must be at most 1 MB' });
    expect(await storedLogos()).toEqual([]);
    expect(await t.db.select().from(appSettings).where(eq(appSettings.key, 'organization_logo'))).toEqual([]);
    expect(await entries()).toBe(1);
  });

  it('stores, serves, replaces and removes the logo, recording each change without its bytes', async () => {
    const first = await uploadLogo(PNG_1X1, admin);
    expect(first.status).toBe(200);
    const firstUrl = ((await first.json()) as { organization: { logoUrl: string } }).organization.logoUrl;
    expect(firstUrl).toMatch(/^\/api\/organization\/logo\/[0-9a-f-]{36}$/);
    const served = await t.request(firstUrl, { headers: { cookie: coordinator } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);

    const second = await uploadLogo(PNG_1X1, admin);
    const secondUrl = ((await second.json()) as { organization: { logoUrl: string } }).organization.logoUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.request(firstUrl, { headers: { cookie: admin } })).status).toBe(404);
    expect(await storedLogos()).toHaveLength(1);

    expect(
      (await t.request('/api/organization/logo', { method: 'DELETE', headers: { cookie: coordinator } })).status,
    ).toBe(403);
    const removed = await t.request('/api/organization/logo', { method: 'DELETE', headers: { cookie: admin } });
    expect(removed.status).toBe(200);
    expect((await read(admin)).logoUrl).toBeNull();
    expect(await storedLogos()).toEqual([]);
    const again = await t.request('/api/organization/logo', { method: 'DELETE', headers: { cookie: admin } });
    expect(again.status).toBe(404);

    const logoEntries = await t.db
      .select({ action: activity.action, after: activity.after })
      .from(activity)
      .where(and(like(activity.action, 'organization.logo%')))
      .orderBy(activity.seq);
    expect(logoEntries.map((e) => e.action)).toEqual([
      'organization.logo_changed',
      'organization.logo_changed',
      'organization.logo_removed',
    ]);
    expect(logoEntries[2]!.after).toEqual({ logo: null });
    // The name and the other settings stayed as saved.
    expect(await read(admin)).toMatchObject(settings);
  });

  it('writes donation alerts in the display currency an admin chose', async () => {
    await t.db.insert(coordinatorPermissions).values({ userId: coordinatorId, feature: 'giving', enabled: true });
    const amounts = async () =>
      (await t.db.select({ title: notifications.title }).from(notifications)).map((row) => row.title).sort();
    const gift = { partnerName: 'Hannah', amount: '125.50', donationType: 'one-time' };
    expect(
      (await t.sendJson('PUT', '/api/organization', { ...settings, currency: 'USD' }, { cookie: admin })).status,
    ).toBe(200);
    expect((await t.sendJson('POST', '/api/giving/donations', gift, { cookie: admin })).status).toBe(201);
    expect((await put(settings, admin)).status).toBe(200); // EUR
    expect((await t.sendJson('POST', '/api/giving/donations', gift, { cookie: admin })).status).toBe(201);
    expect(await amounts()).toEqual(['Gift recorded: $125.50 from Hannah', 'Gift recorded: €125.50 from Hannah']);
  });
});

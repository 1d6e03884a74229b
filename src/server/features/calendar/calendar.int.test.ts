import { count, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, eventCancellations, events } from '#server/db/schema';
import { prayer } from '#test-support/features/calendar-test-api';
import { multipartBody, PNG_1X1, type MultipartPart } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { NOT_AN_IMAGE, type CalendarEvent, type EventList, type EventOccurrence } from '#shared/schemas/calendar';

const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe.each(testDatabaseTargets())('calendar on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let noCalendar: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target, { MAX_UPLOAD_MB: '1' });
    admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', role: 'coordinator' });
    noCalendar = await t.createUser({ email: 'nocal@example.org', password: 'nocal-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: noCalendar.id, feature: 'calendar', enabled: false });
    for (const u of [admin, sam, ruth, noCalendar]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const eventParts = (
    fields: Record<string, string>,
    image?: { filename: string; value: Buffer | string; contentType?: string },
  ): MultipartPart[] => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(image ? [{ name: 'image', ...image }] : []),
  ];
  const send = (u: TestUser | null, method: 'POST' | 'PUT', url: string, parts: MultipartPart[]) => {
    const { body, contentType } = multipartBody(parts);
    return t.request(url, { method, headers: { ...(u ? as(u) : {}), 'content-type': contentType }, body });
  };
  const create = async (u: TestUser, fields: Record<string, string>, image?: Parameters<typeof eventParts>[1]) => {
    const response = await send(u, 'POST', '/api/calendar/events', eventParts(fields, image));
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { event: CalendarEvent }).event;
  };
  const list = async (u: TestUser) => {
    const response = await t.request('/api/calendar/events', { headers: as(u) });
    expect(response.status).toBe(200);
    return (await response.json()) as EventList;
  };
  const eventCount = async () => (await t.db.select({ n: count() }).from(events))[0]!.n;
  const storedImages = async () => {
    const dir = path.join(t.deps.config.DATA_DIR, 'storage', 'objects', 'event-images');
    return existsSync(dir) ? (await readdir(dir)).sort() : [];
  };
  const imageId = (url: string | null) => url!.split('/').pop()!;

  const dinner = {
    title: 'Partner Appreciation Dinner',
    description: 'An evening to thank our partners.',
    location: 'Fellowship Hall',
    startDate: '2030-03-14T18:00:00.000Z',
    endDate: '2030-03-14T21:00:00.000Z',
  };

  it('answers 401 without a session and 403 without the calendar permission, on every route', async () => {
    const seeded = await create(admin, dinner, { filename: 'dinner.png', value: PNG_1X1, contentType: 'image/png' });
    const before = await eventCount();
    const routes: [string, string][] = [
      ['GET', '/api/calendar/events'],
      ['POST', '/api/calendar/events'],
      ['PUT', `/api/calendar/events/${seeded.id}`],
      ['GET', seeded.imageUrl!],
    ];
    for (const [method, url] of routes) {
      const { body, contentType } = multipartBody(eventParts({ ...dinner, title: 'Hijacked' }));
      const init = method === 'GET' ? {} : { method, body, headers: { 'content-type': contentType } };
      const anonymous = await t.request(url, init);
      expect(anonymous.status, `${method} ${url} signed out`).toBe(401);
      const refused = await t.request(url, { ...init, headers: { ...(init.headers ?? {}), ...as(noCalendar) } });
      expect(refused.status, `${method} ${url} without calendar`).toBe(403);
      expect(await refused.json()).toEqual({ error: 'You do not have permission to do this.' });
    }
    expect(await eventCount()).toBe(before);
    expect((await list(admin)).events.find((e) => e.id === seeded.id)!.title).toBe(dinner.title);
  });

  it('creates events with an image and lists them by start, ascending', async () => {
    const later = await create(sam, {
      title: 'Prayer Breakfast',
      startDate: '2031-01-05T07:00:00Z',
      endDate: '2031-01-05T09:00:00Z',
    });
    const earlier = await create(
      sam,
      {
        title: 'Camp',
        startDate: '2029-07-01T09:00:00+02:00',
        endDate: '2029-07-03T16:00:00+02:00',
        location: '  Lakeside  ',
      },
      {
        filename: 'camp.gif',
        value: GIF_1X1,
        contentType: 'image/gif',
      },
    );
    expect(later).toMatchObject({
      title: 'Prayer Breakfast',
      description: null,
      location: null,
      imageUrl: null,
      createdBy: sam.id,
    });
    expect(earlier).toMatchObject({
      title: 'Camp',
      location: 'Lakeside',
      startDate: '2029-07-01T07:00:00.000Z',
      endDate: '2029-07-03T14:00:00.000Z',
    });
    expect(earlier.imageUrl).toMatch(/^\/api\/calendar\/images\/[0-9a-f-]{36}$/);

    const { events: listed, maxUploadMb } = await list(sam);
    const starts = listed.map((e) => e.startDate);
    expect(starts).toEqual([...starts].sort());
    expect(listed.map((e) => e.id)).toEqual(expect.arrayContaining([earlier.id, later.id]));
    expect(listed.findIndex((e) => e.id === earlier.id)).toBeLessThan(listed.findIndex((e) => e.id === later.id));
    expect(maxUploadMb).toBe(1);

    // The image is served by its content type to calendar users, never sniffed.
    const image = await t.request(earlier.imageUrl!, { headers: as(sam) });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toMatch(/^sandbox; /);
    expect(Buffer.from(await image.arrayBuffer()).equals(GIF_1X1)).toBe(true);
    // The stored key is server-generated, not the file name.
    const [row] = await t.db.select().from(events).where(eq(events.id, earlier.id));
    expect(row!.imageUrl).toBe(`event-images/${imageId(earlier.imageUrl)}`);
  });

  it('refuses a fake image (text renamed .png) and stores nothing', async () => {
    const beforeEvents = await eventCount();
    const beforeImages = await storedImages();
    const response = await send(
      sam,
      'POST',
      '/api/calendar/events',
      eventParts(dinner, { filename: 'photo.png', value: 'just some text, honestly', contentType: 'image/png' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: NOT_AN_IMAGE });
    // An SVG is not accepted as an event image either: it can carry script.
    const svg = await send(
      sam,
      'POST',
      '/api/calendar/events',
      eventParts(dinner, {
        filename: 'logo.svg',
        value: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        contentType: 'image/svg+xml',
      }),
    );
    expect(svg.status).toBe(400);
    expect(await eventCount()).toBe(beforeEvents);
    expect(await storedImages()).toEqual(beforeImages);
  });

  it("refuses end before start with 'End date must be after start date', and keeps no image", async () => {
    const beforeImages = await storedImages();
    const beforeEvents = await eventCount();
    const response = await send(
      sam,
      'POST',
      '/api/calendar/events',
      eventParts(
        { ...dinner, endDate: '2030-03-14T17:59:00.000Z' },
        { filename: 'ok.png', value: PNG_1X1, contentType: 'image/png' },
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'End date must be after start date' });
    expect(await storedImages()).toEqual(beforeImages);
    expect(await eventCount()).toBe(beforeEvents);
  });

  it('requires title, start and end', async () => {
    const before = await eventCount();
    const cases: [Record<string, string>, string][] = [
      [{ ...dinner, title: '   ' }, 'Title is required'],
      [{ startDate: dinner.startDate, endDate: dinner.endDate }, 'Title is required'],
      [{ title: 'x', endDate: dinner.endDate }, 'Start date is required'],
      [{ title: 'x', startDate: dinner.startDate, endDate: 'tomorrow' }, 'End date is required'],
    ];
    for (const [fields, error] of cases) {
      const response = await send(sam, 'POST', '/api/calendar/events', eventParts(fields));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses an image over the limit and stores nothing', async () => {
    const beforeImages = await storedImages();
    const before = await eventCount();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)]);
    const response = await send(
      sam,
      'POST',
      '/api/calendar/events',
      eventParts(dinner, { filename: 'big.png', value: big, contentType: 'image/png' }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Files larger than 1 MB cannot be uploaded.' });
    expect(await storedImages()).toEqual(beforeImages);
    expect(await eventCount()).toBe(before);
  });

  it("lets any calendar user edit anyone's event; a new image replaces the old, which is deleted", async () => {
    const event = await create(admin, dinner, { filename: 'first.png', value: PNG_1X1, contentType: 'image/png' });
    const firstImage = imageId(event.imageUrl);

    // Editing without an image keeps the current one.
    const renamed = await send(
      sam,
      'PUT',
      `/api/calendar/events/${event.id}`,
      eventParts({ ...dinner, title: 'Partner Dinner', location: '' }),
    );
    expect(renamed.status).toBe(200);
    const afterRename = ((await renamed.json()) as { event: CalendarEvent }).event;
    expect(afterRename).toMatchObject({
      id: event.id,
      title: 'Partner Dinner',
      location: null,
      imageUrl: event.imageUrl,
      createdBy: admin.id,
    });

    const replaced = await send(
      sam,
      'PUT',
      `/api/calendar/events/${event.id}`,
      eventParts(dinner, { filename: 'second.gif', value: GIF_1X1, contentType: 'image/gif' }),
    );
    expect(replaced.status).toBe(200);
    const afterReplace = ((await replaced.json()) as { event: CalendarEvent }).event;
    expect(afterReplace.imageUrl).not.toBe(event.imageUrl);
    expect(await storedImages()).not.toContain(firstImage);
    expect((await t.request(event.imageUrl!, { headers: as(sam) })).status).toBe(404);

    const removed = await send(
      sam,
      'PUT',
      `/api/calendar/events/${event.id}`,
      eventParts({ ...dinner, removeImage: 'true' }),
    );
    expect(((await removed.json()) as { event: CalendarEvent }).event.imageUrl).toBeNull();
    expect(await storedImages()).not.toContain(imageId(afterReplace.imageUrl));
  });

  it('refuses a bad edit and leaves the event as it was', async () => {
    const event = await create(sam, { ...dinner, title: 'Unchanged' });
    const beforeImages = await storedImages();
    const bad = await send(
      sam,
      'PUT',
      `/api/calendar/events/${event.id}`,
      eventParts(
        { ...dinner, title: 'Changed', endDate: '2030-01-01T00:00:00Z' },
        { filename: 'x.png', value: PNG_1X1, contentType: 'image/png' },
      ),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'End date must be after start date' });
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.title).toBe('Unchanged');
    expect(await storedImages()).toEqual(beforeImages);

    const missing = await send(
      sam,
      'PUT',
      '/api/calendar/events/00000000-0000-4000-8000-000000000000',
      eventParts(dinner, { filename: 'x.png', value: PNG_1X1 }),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Event not found' });
    expect(await storedImages()).toEqual(beforeImages);
  });

  it("lets only an event's creator or an admin delete it, whatever the scope (decision 0178)", async () => {
    const remove = (u: TestUser, id: string, query = '') =>
      t.request(`/api/calendar/events/${id}${query ? `?${query}` : ''}`, { method: 'DELETE', headers: as(u) });
    const rows = async () => ({
      events: await t.db.select().from(events).orderBy(events.id),
      cancellations: await t.db.select().from(eventCancellations).orderBy(eventCancellations.occurrenceStart),
    });
    const occurrencesAs = async (u: TestUser) => {
      const response = await t.request('/api/calendar/occurrences?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z', {
        headers: as(u),
      });
      return ((await response.json()) as { occurrences: EventOccurrence[] }).occurrences;
    };
    const series = await create(sam, { ...prayer, title: "Sam's prayer meeting" });
    const single = await create(sam, { ...dinner, title: "Sam's dinner" });
    // Ruth may still change one evening on her own (D8); it stays Sam's series to delete.
    const changed = await send(
      ruth,
      'PUT',
      `/api/calendar/events/${series.id}?scope=this&occurrence=2026-03-10T23:00:00.000Z`,
      eventParts({ ...prayer, title: 'Prayer meeting (chapel)', recurrence: '' }),
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { event: CalendarEvent }).event.canDelete).toBe(false);
    const [exception] = await t.db.select().from(events).where(eq(events.seriesId, series.id));

    const before = await rows();
    for (const [id, query] of [
      [series.id, 'scope=all'],
      [series.id, 'scope=following&occurrence=2026-03-17T23:00:00.000Z'],
      [series.id, 'scope=this&occurrence=2026-03-24T23:00:00.000Z'],
      [series.id, 'scope=this&occurrence=2026-03-10T23:00:00.000Z'],
      [exception!.id, ''],
      [single.id, ''],
    ] as const) {
      const refused = await remove(ruth, id, query);
      expect(refused.status, `${id} ${query}`).toBe(403);
      expect(await refused.json()).toEqual({
        error: 'Only the person who created this event or an admin can delete it.',
      });
    }
    expect(await rows()).toEqual(before);

    // The cards and the month say who may: Ruth is offered no Delete, Sam and the admin are.
    const cardsFor = async (u: TestUser) =>
      (await list(u)).events.filter((e) => [series.id, single.id].includes(e.id)).map((e) => e.canDelete);
    expect(await cardsFor(ruth)).toEqual([false, false]);
    expect(await cardsFor(sam)).toEqual([true, true]);
    expect(await cardsFor(admin)).toEqual([true, true]);
    for (const [u, may] of [
      [ruth, false],
      [sam, true],
      [admin, true],
    ] as const) {
      const mine = (await occurrencesAs(u)).filter((o) => o.id === series.id);
      expect(mine.length).toBe(5);
      expect(
        mine.every((o) => o.canDelete === may),
        u.email,
      ).toBe(true);
    }

    expect((await remove(sam, series.id, 'scope=this&occurrence=2026-03-10T23:00:00.000Z')).status).toBe(200);
    expect((await remove(admin, series.id, 'scope=all')).status).toBe(200);
    expect((await remove(admin, single.id)).status).toBe(200);
    expect(await t.db.select().from(events).where(eq(events.id, series.id))).toEqual([]);
    expect(await t.db.select().from(events).where(eq(events.id, single.id))).toEqual([]);
  });

  it('treats an empty file part as no image', async () => {
    const event = await create(sam, dinner, { filename: '', value: Buffer.alloc(0) });
    expect(event.imageUrl).toBeNull();
  });
});

import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, userRoles } from '#server/db/schema';
import { multipartBody } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { CalendarEvent, CalendarFeed, EventOccurrence } from '#shared/schemas/calendar';

const NY = 'America/New_York';
const DAY_MS = 24 * 60 * 60 * 1000;
const FROM = '2026-01-01T00:00:00.000Z';
const TO = '2027-01-01T00:00:00.000Z';

interface Seen {
  title: string;
  start: string;
  end: string;
}

/** An ical.js time as our API writes it: a DATE is midnight UTC of that date; an all-day end is inclusive. */
function iso(time: ICAL.Time, isEnd = false): string {
  if (time.isDate) {
    const date = new Date(`${time.toString()}T00:00:00.000Z`);
    return new Date(date.getTime() - (isEnd ? DAY_MS : 0)).toISOString();
  }
  return time.toJSDate().toISOString();
}

/**
 * Every occurrence in [FROM, TO) as ical.js (Mozilla's, an independent RFC 5545 reader)
 * expands the feed: RRULEs with their VTIMEZONEs, EXDATEs and RECURRENCE-ID overrides.
 */
function expandWithIcalJs(text: string): Seen[] {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = root.getAllSubcomponents('vevent');
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  const seen: Seen[] = [];
  const from = new Date(FROM).getTime();
  const to = new Date(TO).getTime();
  for (const master of masters) {
    const event = new ICAL.Event(master);
    for (const other of vevents) {
      if (other !== master && other.hasProperty('recurrence-id') && other.getFirstPropertyValue('uid') === event.uid) {
        event.relateException(new ICAL.Event(other));
      }
    }
    const push = (title: string, start: ICAL.Time, end: ICAL.Time) => {
      const s = iso(start);
      const e = iso(end, true);
      const effectiveEnd = new Date(e).getTime() + (start.isDate ? DAY_MS : 0);
      if (new Date(s).getTime() < to && effectiveEnd > from) seen.push({ title, start: s, end: e });
    };
    if (!event.isRecurring()) {
      push(event.summary, event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toJSDate().getTime() < to + DAY_MS; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      push(details.item.summary, details.startDate, details.endDate);
    }
  }
  return seen.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

describe.each(testDatabaseTargets())('calendar feeds and .ics files on $name', (target) => {
  let t: TestApp;
  let sam: TestUser;
  let lee: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
    lee = await t.createUser({ email: 'lee@example.org', password: 'lee-secret', role: 'coordinator' });
    for (const u of [sam, lee]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, fields?: Record<string, string>) => {
    if (!fields) return t.request(url, { method, headers: as(sam) });
    const { body, contentType } = multipartBody(Object.entries(fields).map(([name, value]) => ({ name, value })));
    const response = await t.request(url, { method, headers: { ...as(sam), 'content-type': contentType }, body });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response;
  };
  const create = async (fields: Record<string, string>) =>
    ((await (await send('POST', '/api/calendar/events', fields)).json()) as { event: CalendarEvent }).event;
  const feedUrl = async (u: TestUser) => {
    const response = await t.request('/api/calendar/feed', { headers: as(u) });
    expect(response.status).toBe(200);
    return ((await response.json()) as CalendarFeed).url;
  };
  const fetchFeed = (url: string) => t.request(new URL(url).pathname);

  it('serves every event as RFC 5545 that ical.js expands exactly as the portal does', async () => {
    const weekly = await create({
      title: 'Prayer Meeting',
      description: 'Bring a friend, a Bible; and\na notebook',
      location: 'Room 3, Fellowship Hall',
      startDate: '2026-02-03T19:00:00-05:00',
      endDate: '2026-02-03T20:00:00-05:00',
      timeZone: NY,
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261201T045959Z',
    });
    // An EXDATE and a RECURRENCE-ID override, both after the March change.
    await send('DELETE', `/api/calendar/events/${weekly.id}?scope=this&occurrence=2026-03-17T23:00:00.000Z`);
    await send('PUT', `/api/calendar/events/${weekly.id}?scope=this&occurrence=2026-11-11T00:00:00.000Z`, {
      title: 'Prayer Meeting (in the chapel)',
      startDate: '2026-11-09T20:00:00-05:00',
      endDate: '2026-11-09T21:00:00-05:00',
      timeZone: NY,
    });
    await create({
      title: 'Monthly Board',
      startDate: '2026-01-13T18:00:00+01:00',
      endDate: '2026-01-13T19:00:00+01:00',
      timeZone: 'Europe/Berlin',
      recurrence: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
    });
    await create({
      title: 'Staff Retreat',
      startDate: '2026-06-12T00:00:00Z',
      endDate: '2026-06-14T00:00:00Z',
      allDay: 'true',
    });
    await create({
      title: 'Christmas Office Closed',
      startDate: '2026-12-24T00:00:00Z',
      endDate: '2026-12-25T00:00:00Z',
      allDay: 'true',
      recurrence: 'FREQ=YEARLY;COUNT=3',
    });
    await create({ title: 'Lunch', startDate: '2026-04-01T12:00:00Z', endDate: '2026-04-01T13:00:00Z' });

    const url = await feedUrl(sam);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
    expect(await feedUrl(sam)).toBe(url);
    // No session: a calendar app subscribes with the address alone.
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();

    // Folded at 75 octets, CRLF line ends, text escaped.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/[^\r]\n/);
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('DESCRIPTION:Bring a friend\\, a Bible\\; and\\na notebook');
    expect(unfolded).toContain('LOCATION:Room 3\\, Fellowship Hall');
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York');
    expect(unfolded).toContain('DTSTART;TZID=America/New_York:20260203T190000');
    expect(unfolded).toContain('EXDATE;TZID=America/New_York:20260317T190000');
    expect(unfolded).toContain('RECURRENCE-ID;TZID=America/New_York:20261110T190000');
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260612');
    expect(unfolded).toContain('DTEND;VALUE=DATE:20260615');

    const ours = (
      (await (await t.request(`/api/calendar/occurrences?from=${FROM}&to=${TO}`, { headers: as(sam) })).json()) as {
        occurrences: EventOccurrence[];
      }
    ).occurrences
      .map((o) => ({ title: o.title, start: o.startDate, end: o.endDate }))
      .sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
    const theirs = expandWithIcalJs(text);
    expect(theirs).toEqual(ours);
    // The comparison covers what it should: 42 Tuesdays less one cancelled, 12 board meetings, ...
    expect(ours.filter((o) => o.title.startsWith('Prayer Meeting'))).toHaveLength(42);
    expect(ours).toContainEqual({
      title: 'Prayer Meeting (in the chapel)',
      start: '2026-11-10T01:00:00.000Z',
      end: '2026-11-10T02:00:00.000Z',
    });
    expect(ours.map((o) => o.start)).not.toContain('2026-03-17T23:00:00.000Z');
    expect(ours.filter((o) => o.title === 'Monthly Board')).toHaveLength(12);
    expect(ours.filter((o) => o.title === 'Christmas Office Closed')).toHaveLength(1);
  });

  it('a renewed address answers 404 at once, the new one works', async () => {
    const old = await feedUrl(lee);
    expect((await fetchFeed(old)).status).toBe(200);
    const renewed = await t.request('/api/calendar/feed/renew', { method: 'POST', headers: as(lee) });
    expect(renewed.status).toBe(200);
    const { url } = (await renewed.json()) as CalendarFeed;
    expect(url).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'Not found' });
    expect((await fetchFeed(url)).status).toBe(200);
    expect((await t.request('/api/calendar/feed/not-a-token.ics')).status).toBe(404);
  });

  it('stops at once when the owner loses the calendar permission or their role, without saying why', async () => {
    const url = await feedUrl(sam);
    await t.db.insert(coordinatorPermissions).values({ userId: sam.id, feature: 'calendar', enabled: false });
    const noPermission = await fetchFeed(url);
    expect(noPermission.status).toBe(404);
    expect(await noPermission.json()).toEqual({ error: 'Not found' });
    await t.db.delete(coordinatorPermissions).where(eq(coordinatorPermissions.userId, sam.id));
    expect((await fetchFeed(url)).status).toBe(200);
    await t.db.delete(userRoles).where(eq(userRoles.userId, sam.id));
    const noRole = await fetchFeed(url);
    expect(noRole.status).toBe(404);
    expect(await noRole.json()).toEqual({ error: 'Not found' });
    await t.db.insert(userRoles).values({ userId: sam.id, role: 'coordinator' });
  });

  it('downloads one event, or one occurrence of a series, as an .ics file', async () => {
    const series = await create({
      title: 'Men’s Breakfast',
      startDate: '2026-05-02T08:00:00-04:00',
      endDate: '2026-05-02T09:30:00-04:00',
      timeZone: NY,
      recurrence: 'FREQ=MONTHLY;BYDAY=1SA;COUNT=6',
    });
    const whole = await t.request(`/api/calendar/events/${series.id}/ics`, { headers: as(sam) });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="men-s-breakfast.ics"');
    const wholeEvents = new ICAL.Component(ICAL.parse(await whole.text())).getAllSubcomponents('vevent');
    expect(wholeEvents).toHaveLength(1);
    expect(wholeEvents[0]!.getFirstPropertyValue('rrule')).toMatchObject({ freq: 'MONTHLY', count: 6 });

    const one = await t.request(`/api/calendar/events/${series.id}/ics?occurrence=2026-06-06T12:00:00.000Z`, {
      headers: as(sam),
    });
    expect(one.status).toBe(200);
    const root = new ICAL.Component(ICAL.parse(await one.text()));
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(root.getFirstSubcomponent('vevent')!);
    expect(event.isRecurring()).toBe(false);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-06-06T12:00:00.000Z');

    const notOne = await t.request(`/api/calendar/events/${series.id}/ics?occurrence=2026-06-07T12:00:00.000Z`, {
      headers: as(sam),
    });
    expect(notOne.status).toBe(404);
    expect((await t.request(`/api/calendar/events/${series.id}/ics`)).status).toBe(401);

    // Accents come off the name rather than the letters ("r-union-d-quipe.ics" before).
    const meeting = await create({
      title: "Réunion d'équipe 🙂",
      startDate: '2026-05-04T18:00:00-04:00',
      endDate: '2026-05-04T19:00:00-04:00',
      timeZone: NY,
    });
    const named = await t.request(`/api/calendar/events/${meeting.id}/ics`, { headers: as(sam) });
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="reunion-d-equipe.ics"');
  });
});

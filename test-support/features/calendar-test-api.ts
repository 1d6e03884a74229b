/** The calendar API as the recurring-event integration tests call it: one coordinator's session, typed answers. */
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { eventCancellations, events } from '#server/db/schema';
import { multipartBody, type MultipartPart } from '#test-support/multipart';
import { createTestApp, type TestApp, type TestDatabaseTarget } from '#test-support/test-database';
import type { CalendarEvent, EventOccurrence } from '#shared/schemas/calendar';

export const NY = 'America/New_York';

/** Tuesdays 19:00-20:30 in New York, from 3 March 2026 (EST) through the March DST change. */
export const prayer = {
  title: 'Prayer Meeting',
  startDate: '2026-03-03T19:00:00-05:00',
  endDate: '2026-03-03T20:30:00-05:00',
  timeZone: NY,
  recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
};

/** A test app with Sam, a coordinator, signed in, and the calendar's calls as Sam; the caller closes `t`. */
export async function calendarTestApi(target: TestDatabaseTarget) {
  const t: TestApp = await createTestApp(target);
  const sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
  const cookie = await t.signIn(sam.email, sam.password);

  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, image?: MultipartPart) => {
    const parts: MultipartPart[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(image ? [image] : []),
    ];
    const { body, contentType } = multipartBody(parts);
    return t.request(url, { method, headers: { cookie, 'content-type': contentType }, body });
  };
  const create = async (fields: Record<string, string>, image?: MultipartPart) => {
    const response = await send('POST', '/api/calendar/events', fields, image);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { event: CalendarEvent }).event;
  };
  const update = async (id: string, query: string, fields: Record<string, string>) => {
    const response = await send('PUT', `/api/calendar/events/${id}?${query}`, fields);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { event: CalendarEvent }).event;
  };
  const remove = (id: string, query = '') =>
    t.request(`/api/calendar/events/${id}${query ? `?${query}` : ''}`, { method: 'DELETE', headers: { cookie } });
  const occurrences = async (from: string, to: string) => {
    const response = await t.request(`/api/calendar/occurrences?from=${from}&to=${to}`, { headers: { cookie } });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { occurrences: EventOccurrence[] }).occurrences;
  };
  const startsOf = async (id: string, from: string, to: string) =>
    (await occurrences(from, to)).filter((o) => o.id === id).map((o) => o.startDate);
  const rowCounts = async () => ({
    events: (await t.db.select({ n: count() }).from(events))[0]!.n,
    cancellations: (await t.db.select({ n: count() }).from(eventCancellations))[0]!.n,
  });

  return { t, cookie, send, create, update, remove, occurrences, startsOf, rowCounts };
}

export type CalendarTestApi = Awaited<ReturnType<typeof calendarTestApi>>;

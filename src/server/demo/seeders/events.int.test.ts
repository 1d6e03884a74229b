import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#server/db/schema';
import { sniffImageType } from '#server/storage/sniff';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { DEMO_PASSWORD, seedDemoData } from '../seed';

describe('demo events', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(testDatabaseTargets()[0]!);
    const users = await seedDemoData(t.db, new Date(), t.deps.storage);
    cookie = await t.signIn(users.coordinators[0]!.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each have a picture, served by the calendar as an uploaded one is', async () => {
    const res = await t.request('/api/calendar/events', { headers: { cookie } });
    const { events: cards } = (await res.json()) as { events: CalendarEvent[] };
    expect(cards.length).toBeGreaterThanOrEqual(6);
    for (const event of cards) expect(event.imageUrl, event.title).toMatch(/^\/api\/calendar\/images\//);

    const served = await Promise.all(
      [...new Set(cards.map((e) => e.imageUrl!))].map(async (url) => {
        const image = await t.request(url, { headers: { cookie } });
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        return sniffImageType(Buffer.from(await image.arrayBuffer()));
      }),
    );
    expect(served.every((type) => type === 'image/png')).toBe(true);
    expect(served.length).toBe(cards.length);
  });

  it("give the moved evening of the weekly meeting its series' picture, as the calendar does", async () => {
    const rows = await t.db
      .select({ title: events.title, key: events.imageUrl, seriesId: events.seriesId, id: events.id })
      .from(events);
    const moved = rows.find((r) => r.seriesId !== null)!;
    expect(moved.title).toBe('Weekly Prayer Meeting (Wednesday this week)');
    expect(moved.key).not.toBeNull();
    expect(moved.key).toBe(rows.find((r) => r.id === moved.seriesId)!.key);
  });
});

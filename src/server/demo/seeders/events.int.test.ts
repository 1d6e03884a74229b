import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { seedDemoData } from '../seed';

// The demo runs on a machine in Chicago: its events are at Chicago's evening hours and say so.
// (Node reads TZ again when it changes; each test file runs in a process of its own.)
const zoneBefore = process.env.TZ;

describe.each(testDatabaseTargets())('demo events on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.TZ = 'America/Chicago';
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it('carry the zone of the machine the demo runs on, at its local hours; all-day ones are dates', async () => {
    await seedDemoData(t.db, new Date('2026-06-15T17:00:00Z'));
    const [dinner] = await t.db.select().from(events).where(eq(events.title, 'Partner Appreciation Dinner'));
    expect(dinner!.timeZone).toBe('America/Chicago');
    // 6 PM in Chicago (daylight time in June): 23:00 UTC, six days on.
    expect(dinner!.startDate.toISOString()).toBe('2026-06-21T23:00:00.000Z');
    const all = await t.db.select({ allDay: events.allDay, timeZone: events.timeZone }).from(events);
    expect(all.filter((e) => !e.allDay).every((e) => e.timeZone === 'America/Chicago')).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eventCancellations, events } from '#server/db/schema';
import { imageKeyFor } from '#server/features/calendar/event-images';
import { lastOccurrence, occurrenceStarts } from '#server/features/calendar/recurrence';
import type { DemoContext } from '../seed';
import { demoPhoto, type Rgb } from './demo-documents';

/**
 * Each event's picture, stored as an uploaded one is (the calendar serves it by its key): a
 * sky of its own colours, wide like the card that shows it. No storage (a test seeding only
 * the database), no pictures.
 */
async function eventImage({ storage }: DemoContext, top: Rgb, bottom: Rgb): Promise<string | null> {
  if (!storage) return null;
  const key = imageKeyFor(randomUUID());
  const body = demoPhoto(800, 360, top, bottom);
  await storage.put(key, Readable.from([body]), { contentType: 'image/png', maxBytes: body.length });
  return key;
}

/**
 * When an event was put in the calendar: days or weeks before it, at a working hour, as a
 * ministry plans (the audit log's entry and the calendar feed's CREATED say so).
 */
const plannedAgo = (now: Date, days: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 10 + (days % 6), (days * 7) % 60);

/** The demo's events are at local hours of the machine it runs on, and say so: its zone. */
const demoTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export async function seedDemoEvents(ctx: DemoContext) {
  const { db, users, now } = ctx;
  const at = (days: number, hour: number) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour);
    return d;
  };
  const timeZone = demoTimeZone();
  const oneOffs = [
    {
      title: 'Partner Appreciation Dinner',
      imageUrl: await eventImage(ctx, [90, 60, 130], [235, 150, 90]),
      description: 'An evening to thank our faithful partners.',
      startDate: at(6, 18),
      endDate: at(6, 21),
      location: 'Fellowship Hall',
      userId: users.admin.id,
      createdAt: plannedAgo(now, 30),
    },
    {
      title: 'Community Outreach Day',
      imageUrl: await eventImage(ctx, [120, 190, 240], [90, 160, 80]),
      description: 'Serving meals and groceries to neighbours in need.',
      startDate: at(13, 9),
      endDate: at(13, 15),
      location: 'Downtown Community Center',
      userId: users.admin.id,
      createdAt: plannedAgo(now, 24),
    },
    {
      title: 'Coordinator Training Retreat',
      imageUrl: await eventImage(ctx, [170, 210, 235], [40, 100, 150]),
      description: 'Two days of training, prayer and planning for coordinators.',
      startDate: at(20, 9),
      endDate: at(21, 16),
      location: 'Lakeside Retreat Center',
      userId: users.coordinators[0]!.id,
      createdAt: plannedAgo(now, 18),
    },
    {
      title: 'Prayer Breakfast',
      imageUrl: await eventImage(ctx, [250, 215, 150], [200, 120, 90]),
      description: 'Monthly prayer breakfast for partners and staff.',
      startDate: at(27, 7),
      endDate: at(27, 9),
      location: 'Main Sanctuary',
      userId: users.admin.id,
      createdAt: plannedAgo(now, 9),
    },
  ];
  await db.insert(events).values(oneOffs.map((event) => ({ ...event, timeZone })));

  await seedDemoSeries(ctx, at);
}

/**
 * Issue 22: a weekly prayer meeting for twelve weeks in the server's zone, one evening moved to
 * the Wednesday and one cancelled, and an all-day conference (dates, not times).
 */
async function seedDemoSeries(ctx: DemoContext, at: (days: number, hour: number) => Date) {
  const { db, users, now } = ctx;
  const timeZone = demoTimeZone();
  const untilTuesday = (2 - now.getDay() + 7) % 7 || 7;
  const startDate = at(untilTuesday, 19);
  const series = { startDate, recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=12', timeZone, allDay: false };
  const end = lastOccurrence(series);
  // The moved evening shares its series' picture, as a changed occurrence does in the calendar.
  const meetingImage = await eventImage(ctx, [30, 40, 90], [110, 70, 140]);
  const [meeting] = await db
    .insert(events)
    .values({
      title: 'Weekly Prayer Meeting',
      imageUrl: meetingImage,
      description: 'Praying together for our partners, cardholders and the week ahead.',
      startDate,
      endDate: new Date(startDate.getTime() + 90 * 60_000),
      location: 'Prayer Room',
      userId: users.admin.id,
      createdAt: plannedAgo(now, 40),
      timeZone,
      recurrence: series.recurrence,
      seriesEnd: new Date(end.getTime() + 90 * 60_000),
    })
    .returning({ id: events.id });
  const starts = occurrenceStarts(series, startDate, new Date(end.getTime() + 1));
  const moved = starts[2]!;
  const movedTo = new Date(moved.getTime() + 24 * 3600_000);
  await db.insert(events).values({
    title: 'Weekly Prayer Meeting (Wednesday this week)',
    imageUrl: meetingImage,
    description: 'Moved a day for the community outreach.',
    startDate: movedTo,
    endDate: new Date(movedTo.getTime() + 90 * 60_000),
    location: 'Prayer Room',
    userId: users.admin.id,
    createdAt: plannedAgo(now, 3),
    timeZone,
    seriesId: meeting!.id,
    occurrenceStart: moved,
  });
  await db.insert(eventCancellations).values({ eventId: meeting!.id, occurrenceStart: starts[5]! });

  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + 34));
  await db.insert(events).values({
    title: 'Regional Ministry Conference',
    imageUrl: await eventImage(ctx, [240, 180, 110], [150, 90, 60]),
    description: 'Two days of worship, workshops and fellowship with ministries of the region.',
    startDate: first,
    endDate: new Date(first.getTime() + 24 * 3600_000),
    location: 'Convention Center',
    userId: users.coordinators[0]!.id,
    createdAt: plannedAgo(now, 12),
    allDay: true,
  });
}

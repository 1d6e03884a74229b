import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donations, givingDays, givingSlots, partners } from '#server/db/schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { within } from '#test-support/within';
import { queryRows } from '#server/db/query-rows';
import {
  closeSecondHandle,
  createTestApp,
  openSecondHandle,
  testDatabaseTargets,
  type TestApp,
} from '#test-support/test-database';
import { monthsUpTo } from '#shared/time-zone';
import { rebuildGivingRollup } from './giving-rollup';
import { monthCents, monthCentsFromGifts, monthCentsFromRollup } from './month-totals';
import { givingFigures } from './figures';

type NewGift = typeof donations.$inferInsert;
const gift = (iso: string, amount: string, extra: Partial<NewGift> = {}): NewGift => ({
  partnerName: 'Someone',
  amount,
  donationType: 'one-time',
  donationDate: new Date(iso),
  ...extra,
});

/** Zones a whole number of quarter hours from UTC, with half-hour and 45-minute offsets and DST. */
const ZONES_ON_GRAIN = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Eucla',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'America/Asuncion',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
/** Moments whose twelve months include DST changes, and Asuncion's skipped midnight of 1 October 2023. */
const NOWS = ['2023-11-15T12:00:00Z', '2025-04-15T12:00:00Z'].map((iso) => new Date(iso));

describe.each(testDatabaseTargets())('giving rollup on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const expectRollupMatchesGifts = async () => {
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(donations);
    await t.db.delete(partners);
  });

  it('counts gifts added through the API in the slot and day of now', async () => {
    for (const amount of ['10.10', '0.01', '999999999']) {
      const response = await t.postJson(
        '/api/giving/donations',
        { partnerName: 'Walk-in', amount, donationType: 'one-time' },
        { cookie: admin },
      );
      expect(response.status).toBe(201);
    }
    await expectRollupMatchesGifts();
    const { slots, days } = await storedGivingRollup(t.db);
    for (const level of [slots, days]) {
      expect(level.reduce((sum, s) => sum + s.cents, 0n)).toBe(100000000911n);
      expect(level.reduce((sum, s) => sum + s.gifts, 0)).toBe(3);
    }
  });

  it('puts each gift in its quarter hour and day, at and around the boundaries, in one statement or many', async () => {
    await t.db
      .insert(donations)
      .values([
        gift('2025-03-01T04:44:59.999Z', '1.00'),
        gift('2025-03-01T04:45:00.000Z', '2.00'),
        gift('2025-03-01T04:59:59.999Z', '3.00'),
        gift('2025-03-01T05:00:00.000Z', '4.00'),
        gift('1969-12-31T23:59:59.000Z', '5.00'),
        gift('2025-03-01T23:59:59.999Z', '0.50'),
        gift('2025-03-02T00:00:00.000Z', '0.25'),
      ]);
    // A microsecond before a boundary, which a JavaScript Date cannot hold.
    await t.db.execute(
      sql`insert into donations (partner_name, amount, donation_type, donation_date) values ('Exact', 6.00, 'one-time', '2025-03-01 04:59:59.999999+00')`,
    );
    await t.db.insert(donations).values(gift('2025-03-01T04:50:00.000Z', '0.10'));
    await expectRollupMatchesGifts();
    expect(await storedGivingRollup(t.db)).toEqual({
      slots: [
        { start: '1969-12-31T23:45:00.000Z', cents: 500n, gifts: 1 },
        { start: '2025-03-01T04:30:00.000Z', cents: 100n, gifts: 1 },
        { start: '2025-03-01T04:45:00.000Z', cents: 1110n, gifts: 4 },
        { start: '2025-03-01T05:00:00.000Z', cents: 400n, gifts: 1 },
        { start: '2025-03-01T23:45:00.000Z', cents: 50n, gifts: 1 },
        { start: '2025-03-02T00:00:00.000Z', cents: 25n, gifts: 1 },
      ],
      days: [
        { start: '1969-12-31T00:00:00.000Z', cents: 500n, gifts: 1 },
        { start: '2025-03-01T00:00:00.000Z', cents: 1660n, gifts: 7 },
        { start: '2025-03-02T00:00:00.000Z', cents: 25n, gifts: 1 },
      ],
    });
  });

  it('follows updates of amount and date, and an update that changes no sum touches no row', async () => {
    const [grace] = await t.db
      .insert(partners)
      .values({ name: 'Grace Church', email: 'grace@example.org' })
      .returning({ id: partners.id });
    const [moved, kept] = await t.db
      .insert(donations)
      .values([
        gift('2025-03-10T12:00:00Z', '10.00', { partnerId: grace!.id, partnerName: 'Grace Church' }),
        gift('2025-03-10T12:05:00Z', '20.00', { partnerId: grace!.id, partnerName: 'Grace Church' }),
        gift('2025-03-11T12:00:00Z', '30.00'),
      ])
      .returning({ id: donations.id });
    await t.db.update(donations).set({ amount: '15.00' }).where(eq(donations.id, kept!.id));
    await t.db
      .update(donations)
      .set({ donationDate: new Date('2025-04-01T00:00:00Z') })
      .where(eq(donations.id, moved!.id));
    await expectRollupMatchesGifts();
    expect((await storedGivingRollup(t.db)).slots).toEqual([
      { start: '2025-03-10T12:00:00.000Z', cents: 1500n, gifts: 1 },
      { start: '2025-03-11T12:00:00.000Z', cents: 3000n, gifts: 1 },
      { start: '2025-04-01T00:00:00.000Z', cents: 1000n, gifts: 1 },
    ]);
    // Within its day, a gift moved to another quarter hour leaves the day's row alone.
    const dayVersion = sql`select xmin::text as v from ${givingDays} where ${givingDays.day} = '2025-03-11T00:00:00Z'`;
    const dayBefore = ((await t.db.execute(dayVersion)) as unknown as { rows: { v: string }[] }).rows[0]!.v;
    await t.db
      .update(donations)
      .set({ donationDate: new Date('2025-03-11T18:00:00Z') })
      .where(eq(donations.amount, '30.00'));
    expect(((await t.db.execute(dayVersion)) as unknown as { rows: { v: string }[] }).rows[0]!.v).toBe(dayBefore);
    await expectRollupMatchesGifts();

    // Deleting the partner sets partner_id to null on its gifts: no sum changes, no row is written.
    const versions = sql`select (select string_agg(xmin::text, ',' order by slot) from ${givingSlots})
      || '/' || (select string_agg(xmin::text, ',' order by day) from ${givingDays}) as v`;
    const before = ((await t.db.execute(versions)) as unknown as { rows: { v: string }[] }).rows[0]!.v;
    await t.db.delete(partners).where(eq(partners.id, grace!.id));
    expect(
      (await t.db.select().from(donations).where(eq(donations.partnerName, 'Grace Church'))).map((d) => d.partnerId),
    ).toEqual([null, null]);
    expect(((await t.db.execute(versions)) as unknown as { rows: { v: string }[] }).rows[0]!.v).toBe(before);
    await expectRollupMatchesGifts();
  });

  it('drops a slot and a day with their last gift, and empties with a truncate', async () => {
    const [first] = await t.db
      .insert(donations)
      .values([
        gift('2025-03-10T12:00:00Z', '10.00'),
        gift('2025-03-10T12:01:00Z', '20.00'),
        gift('2025-05-01T00:00:00Z', '5.00'),
      ])
      .returning({ id: donations.id });
    await t.db.delete(donations).where(eq(donations.id, first!.id));
    await expectRollupMatchesGifts();
    await t.db.delete(donations).where(eq(donations.amount, '20.00'));
    expect(await storedGivingRollup(t.db)).toEqual({
      slots: [{ start: '2025-05-01T00:00:00.000Z', cents: 500n, gifts: 1 }],
      days: [{ start: '2025-05-01T00:00:00.000Z', cents: 500n, gifts: 1 }],
    });
    await t.db.execute(sql`truncate donations`);
    expect(await storedGivingRollup(t.db)).toEqual({ slots: [], days: [] });
  });

  it('stays exact when writers in separate transactions add to and remove from the same slots at once', async () => {
    // Each writer holds its slot rows until it commits, so the others queue on the same rows;
    // a multi-row gift lists its slots in another order than its neighbour's (no deadlock).
    const writers = await Promise.all([1, 2, 3, 4].map(() => openSecondHandle(t.opened)));
    try {
      await t.db.insert(donations).values(gift('2025-03-10T12:07:00Z', '1000.00', { partnerName: 'Removed' }));
      await Promise.all(
        writers.flatMap((writer, w) =>
          Array.from({ length: 5 }, (_, i) =>
            writer.db.transaction(async (tx) => {
              const slots = ['2025-03-10T12:00:01Z', '2025-03-10T12:14:59Z', '2025-03-10T12:15:00Z'];
              const mine = (w + i) % 2 === 0 ? slots : [...slots].reverse();
              await tx.insert(donations).values(mine.map((iso) => gift(iso, `${w + 1}.0${i}`)));
              if (w === 0 && i === 0) await tx.delete(donations).where(eq(donations.partnerName, 'Removed'));
              await tx.execute(sql`select pg_sleep(0.02)`);
            }),
          ),
        ),
      );
    } finally {
      for (const writer of writers) await closeSecondHandle(t.opened, writer);
    }
    await expectRollupMatchesGifts();
    const { slots, days } = await storedGivingRollup(t.db);
    expect(slots.map((s) => [s.start, s.gifts])).toEqual([
      ['2025-03-10T12:00:00.000Z', 40],
      ['2025-03-10T12:15:00.000Z', 20],
    ]);
    expect(days.map((d) => [d.start, d.gifts])).toEqual([['2025-03-10T00:00:00.000Z', 60]]);
  });

  it('counts a one-statement gift and a longer transaction writing the same day, without a deadlock', async () => {
    // The long transaction adds a gift, then another in a later quarter hour of the same day;
    // meanwhile a single gift arrives in that later quarter hour. Both touch the same day and
    // slot rows, which are updated at commit under one lock (migration 0029).
    const [long, single] = await Promise.all([1, 2].map(() => openSecondHandle(t.opened)));
    try {
      let singleGift: Promise<unknown> | undefined;
      await long!.db.transaction(async (tx) => {
        await tx.insert(donations).values(gift('2025-03-10T12:00:00Z', '1.00'));
        singleGift = single!.db.insert(donations).values(gift('2025-03-10T12:20:00Z', '2.00')).execute();
        await tx.execute(sql`select pg_sleep(0.2)`);
        await tx.insert(donations).values(gift('2025-03-10T12:25:00Z', '4.00'));
      });
      await singleGift;
    } finally {
      await closeSecondHandle(t.opened, long!);
      await closeSecondHandle(t.opened, single!);
    }
    await expectRollupMatchesGifts();
    expect((await storedGivingRollup(t.db)).days).toEqual([
      { start: '2025-03-10T00:00:00.000Z', cents: 700n, gifts: 3 },
    ]);
  });

  it('folds what a transaction keeps after a rolled-back savepoint and what it writes after an early fold', async () => {
    await t.db.transaction(async (tx) => {
      // The first gift makes the transaction's mark (migration 0032): rolled back with it.
      await tx
        .transaction(async (inner) => {
          await inner.insert(donations).values(gift('2025-05-01T10:00:00Z', '1.00'));
          throw new Error('roll the savepoint back');
        })
        .catch(() => {});
      await tx.insert(donations).values(gift('2025-05-01T10:05:00Z', '2.00'));
      // Runs the deferred fold now; the gift after it needs a mark of its own.
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`set constraints all deferred`);
      await tx.insert(donations).values(gift('2025-05-01T10:10:00Z', '4.00'));
    });
    await expectRollupMatchesGifts();
    expect((await storedGivingRollup(t.db)).days).toEqual([
      { start: '2025-05-01T00:00:00.000Z', cents: 600n, gifts: 2 },
    ]);
    const [left] = await queryRows<{ marks: number; pending: number }>(
      t.db,
      sql`select (select count(*) from giving_rollup_marks)::int as marks, (select count(*) from giving_rollup_pending)::int as pending`,
    );
    expect(left).toEqual({ marks: 0, pending: 0 });
  });

  it('reads neither the marks nor the pending changes whole when gifts are recorded (decision 0145)', async () => {
    // Every mark and pending row a commit removed stays in the table's pages where no vacuum
    // runs (the embedded database has none): a read of the whole table grew with every gift.
    const scans = async () => {
      await t.db.execute(sql`select pg_stat_force_next_flush()`);
      const rows = await queryRows<{ relname: string; seq_scan: number }>(
        t.db,
        sql`select relname, seq_scan::int as seq_scan from pg_stat_user_tables
            where relname in ('giving_rollup_marks', 'giving_rollup_pending') order by relname`,
      );
      await t.db.execute(sql`select pg_stat_clear_snapshot()`);
      return rows;
    };
    const before = await scans();
    expect(before.map((r) => r.relname)).toEqual(['giving_rollup_marks', 'giving_rollup_pending']);
    for (let i = 0; i < 5; i += 1) {
      const response = await t.postJson(
        '/api/giving/donations',
        { partnerName: 'Someone', amount: '3.00', donationType: 'one-time' },
        { cookie: admin },
      );
      expect(response.status).toBe(201);
    }
    expect(await scans()).toEqual(before);
    await expectRollupMatchesGifts();
  });

  // One connection on the embedded database: its transactions never overlap.
  if (target.name === 'postgres')
    it('updates the rollup at commit: a gift commits while another transaction with a gift of that day is open (decision 0138)', async () => {
      const second = await openSecondHandle(t.opened);
      try {
        await t.db.transaction(async (tx) => {
          await tx.insert(donations).values(gift('2025-03-11T09:00:00Z', '1.00'));
          // Before migration 0029 the open transaction held the day's row from its insert on, so
          // this waited for a commit that waits for it.
          await within(
            5000,
            'a gift beside an open transaction with a gift of that day',
            second.db.insert(donations).values(gift('2025-03-11T09:05:00Z', '2.00')).execute(),
          );
          // Read on the other connection: the committed gift is counted, the open one not yet.
          const [day] = await second.db
            .select()
            .from(givingDays)
            .where(eq(givingDays.day, new Date('2025-03-11T00:00:00Z')));
          expect(day).toMatchObject({ amountCents: 200n, gifts: 1 });
        });
      } finally {
        await closeSecondHandle(t.opened, second);
      }
      await expectRollupMatchesGifts();
      const [day] = await t.db
        .select()
        .from(givingDays)
        .where(eq(givingDays.day, new Date('2025-03-11T00:00:00Z')));
      expect(day).toMatchObject({ amountCents: 300n, gifts: 2 });
    });

  it('gives the same monthly sums as the gifts themselves in every zone on its grain', async () => {
    // Gifts a millisecond either side of, and at, every month boundary of every zone, plus one
    // in the middle of each month: a slot or day counted in the wrong month would show.
    const rows: NewGift[] = [];
    for (const now of NOWS) {
      for (const zone of ZONES_ON_GRAIN) {
        for (const month of monthsUpTo(now, zone, 12)) {
          const start = month.start.getTime();
          for (const [offset, amount] of [
            [-1, '1.01'],
            [0, '10.10'],
            [1, '100.01'],
            [(month.end.getTime() - start) / 2, '0.37'],
          ] as const) {
            rows.push(gift(new Date(start + offset).toISOString(), amount));
          }
        }
      }
    }
    await t.db.insert(donations).values(rows);
    await expectRollupMatchesGifts();
    for (const now of NOWS) {
      for (const zone of ZONES_ON_GRAIN) {
        const months = monthsUpTo(now, zone, 12);
        const fromGifts = await monthCentsFromGifts(t.db, months);
        expect(fromGifts.every((cents) => cents > 0n)).toBe(true);
        expect({ zone, now, cents: await monthCents(t.db, months) }).toEqual({ zone, now, cents: fromGifts });
      }
    }
  });

  it('reads the gifts for a zone whose months are off the grain: Monrovia at GMT-0:44:30 in 1971', async () => {
    // 00:30 and 00:44:30 UTC on 1 June 1971 share a slot, but the first is still 31 May there.
    await t.db
      .insert(donations)
      .values([
        gift('1971-06-01T00:30:00Z', '25.00'),
        gift('1971-06-01T00:44:30Z', '40.00'),
        gift('1971-06-15T12:00:00Z', '2.00'),
      ]);
    const now = new Date('1971-06-20T12:00:00Z');
    const months = monthsUpTo(now, 'Africa/Monrovia', 12);
    expect(months.at(-1)!.start.toISOString()).toBe('1971-06-01T00:44:30.000Z');
    // The rollup cannot split that slot, so the figures must not come from it.
    expect(await monthCentsFromRollup(t.db, months)).not.toEqual(await monthCentsFromGifts(t.db, months));

    const figures = await givingFigures(t.db, now, 'Africa/Monrovia');
    expect(figures.months.slice(-2)).toEqual([
      { month: '1971-05', total: '25.00' },
      { month: '1971-06', total: '42.00' },
    ]);
    expect(figures.giving).toMatchObject({ total: '42.00', lastMonthTotal: '25.00', gifts: 2 });
  });

  it('rebuilds from the gifts after a bulk load with the triggers off', async () => {
    await t.db.insert(donations).values([gift('2025-03-10T12:00:00Z', '10.00'), gift('2025-03-11T12:00:00Z', '20.00')]);
    await t.db.execute(sql`alter table donations disable trigger user`);
    try {
      await t.db.insert(donations).values([gift('2025-03-10T12:01:00Z', '5.00'), gift('2026-01-01T00:00:00Z', '7.00')]);
    } finally {
      await t.db.execute(sql`alter table donations enable trigger user`);
    }
    expect(await storedGivingRollup(t.db)).not.toEqual(await givingRollupFromGifts(t.db));
    await rebuildGivingRollup(t.db);
    await expectRollupMatchesGifts();
    // The triggers are on again.
    await t.db.insert(donations).values(gift('2026-01-01T00:10:00Z', '1.00'));
    await expectRollupMatchesGifts();
  });
});

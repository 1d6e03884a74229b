import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/server/db/migrate';
import { donations } from '../src/server/db/schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { testDatabaseTargets, type OpenedTestDatabase } from '#test-support/test-database';
import { seedBenchData } from './seed';

describe.each(testDatabaseTargets())('bench seeder on $name', (target) => {
  let opened: OpenedTestDatabase | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('builds the giving rollup after its bulk insert, and leaves the triggers on', async () => {
    opened = await target.open();
    const { db } = opened.database;
    await runMigrations(opened.database);

    await seedBenchData(db, { partners: 200, donations: 3000 });

    expect((await db.select({ n: count() }).from(donations))[0]!.n).toBe(3000);
    const fromGifts = await givingRollupFromGifts(db);
    expect(fromGifts.slots.length).toBeGreaterThan(1000);
    expect(fromGifts.days.length).toBeGreaterThan(100);
    expect(await storedGivingRollup(db)).toEqual(fromGifts);
    await db.insert(donations).values({ partnerName: 'After the seed', amount: '12.34', donationType: 'one-time' });
    expect(await storedGivingRollup(db)).toEqual(await givingRollupFromGifts(db));
  });
});

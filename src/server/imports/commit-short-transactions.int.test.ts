import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  donations,
  importBatches,
  importUploads,
  jobs,
  partnerImportChanges,
  partners,
  partnerTagLinks,
  partnerTags,
} from '#server/db/schema';
import { giftImports, partnerImports } from '#server/feature-wiring';
import { JobStopped } from '#server/jobs/handlers';
import { GIFT_MAPPING, giftImportApi } from '#test-support/features/giving-import-test-api';
import { partnerImportApi } from '#test-support/features/partner-import-test-api';
import { storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { failRowsNoted } from '#test-support/injected-failure';
import type { ImportBatchView } from '#shared/imports';
import type { JobView } from '#shared/jobs';
import { MIN_PIECE_ROWS } from '#server/db/background-work';
import { CHUNK_ROWS } from './check-rows';
import { commitJob, type CommitInput } from './commit';

const HEADER = 'Date,Amount,Name,Email,Method,Ref,Memo';
const ROWS = 2_500;
const PER_TRANSACTION = 500;

/** `n` good rows, each its own gift (the reference differs). */
const rows = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `2024-03-${String((i % 28) + 1).padStart(2, '0')},${(i % 50) + 1}.25,Giver ${i},,online,R${i},`,
  );

/**
 * The import's commit in short transactions (docs/decisions/0140), the embedded database's
 * way, run here on both databases with 500 rows a transaction: a batch unlisted until complete,
 * and what a failure, a cancellation or a crash left taken back.
 */
describe.each(testDatabaseTargets())('an import written in short transactions on $name', (target) => {
  let t: TestApp;
  let api: ReturnType<typeof giftImportApi>;
  let treasurer: string;
  const handler = commitJob(giftImports, () => t.deps, PER_TRANSACTION);
  // The writing pass reports progress after each chunk it read (fewer rows on the embedded database).
  const chunkRows = () => t.deps.database.backgroundRows ?? CHUNK_ROWS;

  beforeAll(async () => {
    t = await createTestApp(target);
    api = giftImportApi(t);
    const withGiving = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values([
      { userId: withGiving.id, feature: 'giving', enabled: true },
      { userId: withGiving.id, feature: 'partners', enabled: true },
    ]);
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.db.delete(donations);
    await t.db.delete(partners);
    await t.db.delete(importUploads);
    await t.db.delete(jobs);
  });

  /** Uploads the file and asks for its commit; returns the queued job, which the test runs itself. */
  const queued = async (lines: string[]) => {
    const upload = await api.uploaded(treasurer, `${HEADER}\n${lines.join('\n')}\n`);
    const response = await api.commit(treasurer, upload.id, GIFT_MAPPING);
    expect(response.status).toBe(202);
    const { job } = (await response.json()) as { job: JobView };
    return (await t.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
  };
  const run = (job: typeof jobs.$inferSelect, progress: (done: number, total?: number | null) => Promise<void>) =>
    handler({ jobId: job.id, ownerId: job.ownerId, input: job.input as CommitInput, db: t.db, attempt: 1, progress });
  const gifts = async () => (await t.db.select({ n: count() }).from(donations))[0]!.n;
  const listed = async () => {
    const response = await t.request(`${api.base}/batches`, { headers: { cookie: treasurer } });
    return ((await response.json()) as { batches: ImportBatchView[] }).batches.map((batch) => batch.id);
  };
  const takenBack = async (batchId: string) =>
    (
      await t.db
        .select({ after: activity.after })
        .from(activity)
        .where(and(eq(activity.subjectId, batchId), eq(activity.action, 'import.taken-back')))
    ).map((row) => row.after);
  const state = async () =>
    JSON.stringify(
      { gifts: await t.db.select().from(donations).orderBy(donations.id), rollup: await storedGivingRollup(t.db) },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    );

  it('shows the rows as they are written, lists the batch only once complete, and refuses its undo until then', async () => {
    const job = await queued(rows(ROWS));
    const { batchId } = job.input as CommitInput;
    const whileWriting: { gifts: number; listed: boolean; undo: number }[] = [];
    const result = await run(job, async (done, total) => {
      // Past the check of the whole file: the writing pass reports after each chunk it read.
      if (done > ROWS && done < total!) {
        const undo = await api.undo(treasurer, batchId);
        whileWriting.push({ gifts: await gifts(), listed: (await listed()).includes(batchId), undo: undo.status });
      }
    });
    expect(Math.max(...whileWriting.map((seen) => seen.gifts))).toBeGreaterThan(0);
    for (const seen of whileWriting) {
      expect(seen.gifts).toBeLessThan(ROWS);
      expect(seen).toMatchObject({ listed: false, undo: 404 });
    }
    expect(result).toMatchObject({ batchId, imported: ROWS, duplicates: 0 });
    expect(await gifts()).toBe(ROWS);
    expect(await listed()).toContain(batchId);
    const [batch] = await t.db.select().from(importBatches).where(eq(importBatches.id, batchId));
    expect(batch?.completedAt).toBeInstanceOf(Date);
    expect(await takenBack(batchId)).toEqual([]);
  });

  it('takes back every committed transaction when a later one fails, and keeps the upload to try again', async () => {
    // A failure injected in the database on the 1,800th gift: 1,500 are committed by then.
    const cleanUp = await failRowsNoted(t.db, 'donations');
    try {
      const before = await state();
      const lines = rows(ROWS);
      lines[1799] = lines[1799]!.replace(/,$/, ',explode');
      const job = await queued(lines);
      const { batchId } = job.input as CommitInput;
      let most = 0;
      const failed = run(job, async () => void (most = Math.max(most, await gifts())));
      await expect(failed).rejects.toThrow(/^The import failed and nothing was written/);
      // The last report before the fourth transaction: the transactions committed by then.
      const lastReport = Math.floor(1_999 / chunkRows()) * chunkRows();
      expect(most).toBe(Math.floor(lastReport / PER_TRANSACTION) * PER_TRANSACTION);
      expect(await state()).toBe(before);
      expect(await t.db.select().from(importBatches).where(eq(importBatches.id, batchId))).toEqual([]);
      expect(await takenBack(batchId)).toEqual([expect.objectContaining({ why: 'failed', removed: 1_500 })]);
      expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(1);
    } finally {
      await cleanUp();
    }
  });

  it('takes back what was written when the person cancels between transactions', async () => {
    const job = await queued(rows(ROWS));
    const { batchId } = job.input as CommitInput;
    const cancelled = run(job, async (done) => {
      // After two transactions' rows are read, so both are committed.
      if (done >= ROWS + 1_000) throw new JobStopped('cancelled');
    });
    await expect(cancelled).rejects.toBeInstanceOf(JobStopped);
    expect(await gifts()).toBe(0);
    expect(await t.db.select().from(importBatches).where(eq(importBatches.id, batchId))).toEqual([]);
    expect(await takenBack(batchId)).toEqual([expect.objectContaining({ why: 'cancelled', removed: 1_000 })]);
  });

  it('starts over from nothing after a crash left part of the batch, and writes each row once', async () => {
    const job = await queued(rows(ROWS));
    const { batchId } = job.input as CommitInput;
    // What a crash after the first transactions leaves: the batch, not completed, and some of its gifts.
    await t.db
      .insert(importBatches)
      .values({ id: batchId, kind: 'gifts', source: 'Bank', fileName: 'gifts.csv', rows: ROWS });
    await t.db.insert(donations).values(
      rows(3).map((line) => {
        const [date, amount, name, , , reference] = line.split(',');
        return {
          partnerName: name!,
          amount: amount!,
          donationType: 'one-time' as const,
          method: 'online' as const,
          reference: reference!,
          donationDate: new Date(`${date}T12:00:00Z`),
          importBatchId: batchId,
        };
      }),
    );
    const result = await run(job, async () => {});
    expect(result).toMatchObject({ batchId, imported: ROWS, duplicates: 0 });
    const written = await t.db
      .select({ reference: donations.reference })
      .from(donations)
      .where(eq(donations.importBatchId, batchId));
    expect(written).toHaveLength(ROWS);
    expect(new Set(written.map((gift) => gift.reference)).size).toBe(ROWS);
    expect(await takenBack(batchId)).toEqual([expect.objectContaining({ why: 'restarted', removed: 3 })]);
    expect(
      await t.db
        .select({ n: count() })
        .from(importBatches)
        .where(and(eq(importBatches.id, batchId), isNotNull(importBatches.completedAt))),
    ).toEqual([{ n: 1 }]);
  });
  it('puts back the partners a failed partner import updated, and removes the partners and tags it created', async () => {
    const [kept] = await t.db
      .insert(partners)
      .values({
        name: 'Kept Same',
        email: 'row1@example.org',
        phone: '',
        location: 'Old Town',
      } as typeof partners.$inferInsert)
      .returning();
    await t.db.insert(partnerTags).values({ name: 'Existing' });
    const partnersState = async () =>
      JSON.stringify({
        partners: await t.db.select().from(partners).orderBy(partners.id),
        tags: await t.db.select().from(partnerTags).orderBy(partnerTags.id),
        links: await t.db.select().from(partnerTagLinks).orderBy(partnerTagLinks.partnerId, partnerTagLinks.tagId),
        changes: await t.db.select().from(partnerImportChanges),
      });
    const cleanUp = await failRowsNoted(t.db, 'partners');
    try {
      const before = await partnersState();
      // Row 1 overwrites the stored partner (in the first transaction); row 1,100 fails in the third.
      const lines = Array.from(
        { length: 1_200 },
        (_, i) => `Person ${i},row${i}@example.org,New Town,${i === 1_100 ? 'explode' : ''},New tag ${i % 3}; Existing`,
      );
      const upload = await partnerImportApi(t).uploaded(treasurer, `Name,Email,City,Notes,Tags\n${lines.join('\n')}\n`);
      const response = await t.postJson(
        `/api/partners/imports/uploads/${upload.id}/commit`,
        {
          source: 'Church',
          timeZone: 'UTC',
          duplicates: 'overwrite',
          skipErrorRows: false,
          mapping: { name: 'Name', email: 'Email', location: 'City', notes: 'Notes', tags: 'Tags' },
        },
        { cookie: treasurer },
      );
      expect(response.status).toBe(202);
      const { job: view } = (await response.json()) as { job: JobView };
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, view.id));
      const { batchId } = job!.input as CommitInput;
      let updated = false;
      const failed = commitJob(
        partnerImports,
        () => t.deps,
        PER_TRANSACTION,
      )({
        jobId: job!.id,
        ownerId: job!.ownerId,
        input: job!.input as CommitInput,
        db: t.db,
        attempt: 1,
        progress: async () => {
          const [now] = await t.db.select().from(partners).where(eq(partners.id, kept!.id));
          updated ||= now!.location === 'New Town';
        },
      });
      await expect(failed).rejects.toThrow(/^The import failed and nothing was written/);
      expect(updated).toBe(true);
      expect(await partnersState()).toBe(before);
      expect(await takenBack(batchId)).toEqual([
        expect.objectContaining({ why: 'failed', removed: 999, archived: 0, restored: 1 }),
      ]);
    } finally {
      await cleanUp();
      await t.db.delete(partnerTags);
    }
  });

  it('writes in pieces sized as the database says: short and timed on the embedded one, one on PostgreSQL', async () => {
    const written: number[] = [];
    const counted = {
      ...giftImports,
      write: (...args: Parameters<typeof giftImports.write>) => {
        written.push(args[2].length);
        return giftImports.write(...args);
      },
    };
    const job = await queued(rows(ROWS));
    const result = await commitJob(
      counted,
      () => t.deps,
    )({
      jobId: job.id,
      ownerId: job.ownerId,
      input: job.input as CommitInput,
      db: t.db,
      attempt: 1,
      progress: async () => {},
    });
    expect(result).toMatchObject({ imported: ROWS });
    expect(written.reduce((sum, n) => sum + n, 0)).toBe(ROWS);
    const { backgroundRows, backgroundPieceMs } = t.deps.database;
    if (backgroundPieceMs === undefined) {
      expect(written).toEqual([ROWS]);
    } else {
      // The first piece is the fewest rows (nothing is timed yet); then sized, within bounds.
      expect(written[0]).toBe(MIN_PIECE_ROWS);
      expect(written.length).toBeGreaterThan(ROWS / backgroundRows!);
      for (const n of written.slice(0, -1)) {
        expect(n).toBeGreaterThanOrEqual(MIN_PIECE_ROWS);
        expect(n).toBeLessThanOrEqual(backgroundRows!);
      }
    }
  });
});

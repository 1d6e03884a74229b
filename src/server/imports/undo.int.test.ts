import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  donations,
  importBatches,
  jobs,
  partnerImportChanges,
  partners,
} from '#server/db/schema';
import { giftImports, partnerImports } from '#server/feature-wiring';
import { GIFT_MAPPING, giftImportApi } from '#test-support/features/giving-import-test-api';
import { clearPartnerImports, partnerImportApi } from '#test-support/features/partner-import-test-api';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ImportBatchView } from '#shared/imports';
import type { JobView } from '#shared/jobs';
import { undoJob, type UndoInput } from './undo';

const GIFTS = [
  'Date,Amount,Name,Email,Method,Ref,Memo',
  ...Array.from({ length: 5 }, (_, i) => `2024-03-0${i + 1},${i + 1}0.00,Giver ${i},,online,R${i},`),
].join('\n');

/**
 * An import's undo as a job in short transactions (docs/decisions/0148), two rows a piece here
 * on both databases: progress as it goes, the batch listed as being undone, one record at the
 * end, and a run cut short going on where it stopped.
 */
describe.each(testDatabaseTargets())('undoing an import in pieces on $name', (target) => {
  let t: TestApp;
  let gifts: ReturnType<typeof giftImportApi>;
  let partnerApi: ReturnType<typeof partnerImportApi>;
  let treasurer: string;
  let treasurerId: string;
  const giftUndo = undoJob(giftImports, () => t.deps, 2);
  const partnerUndo = undoJob(partnerImports, () => t.deps, 2);

  beforeAll(async () => {
    t = await createTestApp(target);
    gifts = giftImportApi(t);
    partnerApi = partnerImportApi(t);
    const person = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    treasurerId = person.id;
    await t.db.insert(coordinatorPermissions).values([
      { userId: person.id, feature: 'giving', enabled: true },
      { userId: person.id, feature: 'partners', enabled: true },
    ]);
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.db
      .update(coordinatorPermissions)
      .set({ enabled: true })
      .where(eq(coordinatorPermissions.userId, treasurerId));
    await clearPartnerImports(t);
    await t.db.delete(jobs);
  });

  /** A committed gift batch of five and its undo asked for: the queued job, which the test runs. */
  const giftBatchBeingUndone = async () => {
    const upload = await gifts.uploaded(treasurer, GIFTS);
    const committed = await gifts.committed(treasurer, upload.id, GIFT_MAPPING);
    expect(committed.status, committed.error ?? '').toBe('succeeded');
    const batchId = committed.result!.batchId;
    const asked = await gifts.undo(treasurer, batchId);
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { job } = (await asked.json()) as { job: JobView };
    return { batchId, jobId: job.id };
  };
  const jobRow = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const run = async (
    handler: typeof giftUndo,
    jobId: string,
    progress: (done: number, total?: number | null) => Promise<void> = async () => {},
  ) => {
    const row = await jobRow(jobId);
    return handler({ jobId, ownerId: row.ownerId, input: row.input as UndoInput, db: t.db, attempt: 1, progress });
  };
  const giftCount = async () => (await t.db.select({ n: count() }).from(donations))[0]!.n;
  const listed = async (base: string) => {
    const response = await t.request(`${base}/batches`, { headers: { cookie: treasurer } });
    return ((await response.json()) as { batches: ImportBatchView[] }).batches;
  };
  const actions = async (batchId: string) =>
    (await t.db.select().from(activity).where(eq(activity.subjectId, batchId)).orderBy(activity.id)).map(
      (entry) => [entry.action, entry.after] as const,
    );

  it('removes the rows two at a time, shows the batch being undone meanwhile, and records the undo once', async () => {
    const { batchId, jobId } = await giftBatchBeingUndone();
    expect((await listed(gifts.base))[0]).toMatchObject({ id: batchId, undoJobId: jobId, undoneAt: null });
    const seen: { done: number; total: number | null | undefined; gifts: number }[] = [];
    const result = await run(giftUndo, jobId, async (done, total) => {
      seen.push({ done, total, gifts: await giftCount() });
    });
    expect(result).toEqual({ batchId, removed: 5 });
    expect(seen).toEqual([
      { done: 0, total: 5, gifts: 5 },
      { done: 2, total: 5, gifts: 3 },
      { done: 4, total: 5, gifts: 1 },
      { done: 5, total: 5, gifts: 0 },
    ]);
    // Each piece kept the rollup right as it went; the last changed nothing more.
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));
    const [batch] = await t.db.select().from(importBatches).where(eq(importBatches.id, batchId));
    expect(batch!.undoneAt).not.toBeNull();
    expect((await actions(batchId)).map(([action]) => action)).toEqual([
      'import.committed',
      'import.undo-requested',
      'import.undone',
    ]);
    expect((await actions(batchId)).at(-1)![1]).toEqual({ removed: 5, changedSince: 0 });
    expect((await gifts.undo(treasurer, batchId)).status).toBe(409);
  });

  it('refuses a second undo while one is under way, and runs the first to its end through the runner', async () => {
    const { batchId, jobId } = await giftBatchBeingUndone();
    const again = await gifts.undo(treasurer, batchId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'This import is already being undone.' });
    while ((await t.deps.jobs.runDue()) > 0);
    expect(await jobRow(jobId)).toMatchObject({ status: 'succeeded', result: { batchId, removed: 5 } });
    expect(await giftCount()).toBe(0);
    expect((await listed(gifts.base))[0]).toMatchObject({ id: batchId, undoJobId: null });
  });

  it('goes on where a run cut short stopped, and counts every row once', async () => {
    const { batchId, jobId } = await giftBatchBeingUndone();
    // The process dies after the first piece committed (the report after it never returns).
    await expect(
      run(giftUndo, jobId, async (done) => {
        if (done === 2) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await giftCount()).toBe(3);
    expect((await jobRow(jobId)).input).toMatchObject({ batchId, done: { removed: 2 } });
    expect((await t.db.select().from(importBatches).where(eq(importBatches.id, batchId)))[0]!.undoneAt).toBeNull();

    const seen: number[] = [];
    expect(await run(giftUndo, jobId, async (done) => void seen.push(done))).toEqual({ batchId, removed: 5 });
    expect(seen).toEqual([2, 4, 5]);
    expect(await giftCount()).toBe(0);
    expect((await actions(batchId)).at(-1)).toEqual(['import.undone', { removed: 5, changedSince: 0 }]);
    // A run after that (the job ended before the runner could mark it) finds it done.
    expect(await run(giftUndo, jobId)).toEqual({ batchId, removed: 0, alreadyUndone: true });
  });

  it('fails without removing anything when the person lost the permission meanwhile', async () => {
    const { batchId, jobId } = await giftBatchBeingUndone();
    await t.db
      .update(coordinatorPermissions)
      .set({ enabled: false })
      .where(and(eq(coordinatorPermissions.userId, treasurerId), eq(coordinatorPermissions.feature, 'giving')));
    await expect(run(giftUndo, jobId)).rejects.toThrow('You no longer have permission to undo this import.');
    expect(await giftCount()).toBe(5);
    expect((await t.db.select().from(importBatches).where(eq(importBatches.id, batchId)))[0]!.undoneAt).toBeNull();
  });

  it('archives in its pieces the created partners that got gifts since, deletes the rest, and puts updated ones back', async () => {
    const [ann] = await t.db
      .insert(partners)
      .values({ name: 'Ann Lee', email: 'ann@example.org', userId: treasurerId })
      .returning();
    const csv = ['Name,Email,Location', 'Ann Lee,ann@example.org,York']
      .concat(Array.from({ length: 4 }, (_, i) => `New ${i},new${i}@example.org,Leeds`))
      .join('\n');
    const upload = await partnerApi.uploaded(treasurer, csv);
    const committed = await partnerApi.committed(
      treasurer,
      upload.id,
      { name: 'Name', email: 'Email', location: 'Location' },
      'fill',
    );
    expect(committed.result).toMatchObject({ imported: 4, updated: 1 });
    const batchId = committed.result!.batchId;
    const [giver] = await t.db.select().from(partners).where(eq(partners.email, 'new2@example.org'));
    await t.db
      .insert(donations)
      .values({ partnerId: giver!.id, partnerName: 'New 2', amount: '5', donationType: 'one-time' });

    const asked = await partnerApi.undo(treasurer, batchId);
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { job } = (await asked.json()) as { job: JobView };
    const seen: number[] = [];
    expect(await run(partnerUndo, job.id, async (done) => void seen.push(done))).toEqual({
      batchId,
      removed: 3,
      archived: 1,
      restored: 1,
    });
    expect(seen).toEqual([0, 2, 4]);
    const left = await t.db.select().from(partners).orderBy(partners.name);
    expect(left.map((p) => [p.name, p.location, p.archivedAt !== null, p.importBatchId])).toEqual([
      ['Ann Lee', null, false, null],
      ['New 2', 'Leeds', true, null],
    ]);
    expect(left[0]!.id).toBe(ann!.id);
    expect(await t.db.select().from(partnerImportChanges)).toEqual([]);
    expect(
      await t.db
        .select({ n: count() })
        .from(activity)
        .where(and(eq(activity.subjectId, batchId), sql`${activity.action} = 'import.undone'`)),
    ).toEqual([{ n: 1 }]);
  });
});

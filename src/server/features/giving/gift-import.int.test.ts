import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activity, coordinatorPermissions, donations, importBatches, importUploads, partners } from '#server/db/schema';
import { GIFT_MAPPING, giftImportApi } from '#test-support/features/giving-import-test-api';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { failRowsNoted } from '#test-support/injected-failure';
import type { ImportPreviewRow } from '#shared/imports';

const HEADER = 'Date,Amount,Name,Email,Method,Ref,Memo';

/** `n` good rows, each its own gift (the reference differs). */
const rows = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) =>
      `2024-03-${String(((i + from) % 28) + 1).padStart(2, '0')},${((i + from) % 50) + 1}.25,Giver ${i + from},,online,R${i + from},`,
  );

// The shared import pipeline with the gift target (issue 19 item 6, decision 0113).
describe.each(testDatabaseTargets())('gift import on $name', (target) => {
  let t: TestApp;
  let api: ReturnType<typeof giftImportApi>;
  let admin: string;
  let coordinator: string;
  let treasurer: string;
  let annId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    api = giftImportApi(t);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const withGiving = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: withGiving.id, feature: 'giving', enabled: true });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
    const [ann] = await t.db
      .insert(partners)
      .values({
        name: 'Ann Lee',
        email: 'ann@example.org',
        phone: '',
        location: 'Town',
      } as typeof partners.$inferInsert)
      .returning();
    annId = ann!.id;
    // Two partners share this name: a row naming it is linked to neither.
    await t.db
      .insert(partners)
      .values([
        { name: 'Sam Twin', email: 'sam1@example.org', phone: '', location: 'Town' } as typeof partners.$inferInsert,
        { name: 'Sam Twin', email: 'sam2@example.org', phone: '', location: 'Town' } as typeof partners.$inferInsert,
      ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.db.delete(donations);
    await t.db.delete(importUploads);
    for (const key of await storedObjects()) await t.deps.storage.delete(key);
  });

  const giftCount = async () => (await t.db.select({ n: count() }).from(donations))[0]!.n;
  /** Everything an import may touch, as text: gifts, the rollup and the batches. */
  const state = async () =>
    JSON.stringify(
      { gifts: await t.db.select().from(donations).orderBy(donations.id), rollup: await storedGivingRollup(t.db) },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    );

  it('answers 401 anonymous and 403 to a coordinator without Giving Records, writing nothing', async () => {
    const csv = `${HEADER}\n${rows(1).join('\n')}\n`;
    expect((await api.upload('', csv)).status).toBe(401);
    const refused = await api.upload(coordinator, csv);
    expect(refused.status).toBe(403);
    expect((await t.request(`${api.base}/batches`, { headers: { cookie: coordinator } })).status).toBe(403);
    expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(0);
  });

  it('uploads, guesses the mapping, previews with matches, dry-runs, commits one batch and undoes it exactly', async () => {
    await t.postJson(
      '/api/giving/donations',
      { partnerName: 'Before', amount: '3', donationType: 'one-time' },
      { cookie: admin },
    );
    const before = await state();
    const csv = [
      HEADER,
      '2024-03-01,"$1,234.50",,ANN@example.org,Check,1001,First',
      '3/2/2024,20,ann lee,,card,,Second',
      '02.03.2024,7.5,Sam Twin,,,,Shared name',
      '2024-03-04,5,Walk In,,cash,,',
    ].join('\r\n');
    const upload = await api.uploaded(treasurer, csv);
    expect(upload).toMatchObject({ rows: 4, delimiter: ',', headers: HEADER.split(',') });
    expect(upload.mapping).toMatchObject({
      date: 'Date',
      amount: 'Amount',
      partnerName: 'Name',
      partnerEmail: 'Email',
    });

    const preview = await api.preview(treasurer, upload.id, GIFT_MAPPING);
    expect(preview.status).toBe(200);
    const { rows: shown } = (await preview.json()) as { rows: ImportPreviewRow[] };
    expect(shown.map((r) => [r.row, r.errors, r.note])).toEqual([
      [2, [], 'Linked to Ann Lee, by email'],
      [3, [], 'Linked to Ann Lee, by name'],
      [4, [], 'Not linked: more than one partner matches'],
      [5, [], 'Not linked: no partner matches'],
    ]);
    expect(await api.dryRun(treasurer, upload.id, GIFT_MAPPING)).toEqual({
      rows: 4,
      newRows: 4,
      duplicates: 0,
      errorRows: 0,
      errors: [],
    });
    expect(await giftCount()).toBe(1);

    const activityBefore = (await t.db.select({ n: count() }).from(activity))[0]!.n;
    const job = await api.committed(treasurer, upload.id, GIFT_MAPPING);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 4, duplicates: 0, skippedErrors: 0 });
    const batchId = job.result!.batchId;
    const imported = await t.db.select().from(donations).where(eq(donations.importBatchId, batchId));
    expect(imported.map((g) => [g.amount, g.partnerId, g.partnerName, g.method, g.reference]).sort()).toEqual(
      [
        ['1234.50', annId, 'Ann Lee', 'check', '1001'],
        ['20.00', annId, 'ann lee', 'card', null],
        ['7.50', null, 'Sam Twin', null, null],
        ['5.00', null, 'Walk In', 'cash', null],
      ].sort(),
    );
    // Noon of the date in the importer's zone (UTC here).
    expect(imported.find((g) => g.amount === '7.50')!.donationDate.toISOString()).toBe('2024-03-02T12:00:00.000Z');
    // One entry for the whole batch (besides the request to commit), naming the importer.
    const entries = await t.db.select().from(activity).where(eq(activity.subjectId, batchId));
    expect(entries.map((e) => e.action)).toEqual(['import.committed']);
    expect((await t.db.select({ n: count() }).from(activity))[0]!.n).toBe(activityBefore + 2);
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));
    // The upload is gone once committed; the mapping is remembered for the source.
    expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(0);
    const again = await api.uploaded(treasurer, csv);
    const remembered = await t.request(`${api.base}/uploads/${again.id}/mapping?source=Bank`, {
      headers: { cookie: treasurer },
    });
    expect(((await remembered.json()) as { mapping: unknown }).mapping).toEqual(GIFT_MAPPING);
    // The same file again: every row is now a likely duplicate.
    expect(await api.dryRun(treasurer, again.id, GIFT_MAPPING)).toMatchObject({ newRows: 0, duplicates: 4 });

    // A gift corrected after the import is removed by the undo too (the list says so first).
    const corrected = imported.find((g) => g.amount === '5.00')!;
    const patch = await t.sendJson(
      'PATCH',
      `/api/giving/gifts/${corrected.id}`,
      {
        version: corrected.version,
        partnerName: 'Walk In',
        amount: '6',
        donationType: 'one-time',
        method: 'cash',
        date: '2024-03-04',
        timeZone: 'UTC',
      },
      { cookie: treasurer },
    );
    expect(patch.status, await patch.clone().text()).toBe(200);
    const listed = await t.request(`${api.base}/batches`, { headers: { cookie: treasurer } });
    const { batches } = (await listed.json()) as { batches: { id: string; rows: number; changedSince: number }[] };
    expect(batches[0]).toMatchObject({ id: batchId, rows: 4, changedSince: 1 });

    const undone = await api.undone(treasurer, batchId);
    expect(undone.status, undone.error ?? '').toBe('succeeded');
    expect(undone.result).toEqual({ batchId, removed: 4 });
    expect(await state()).toBe(before);
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));
    const [batch] = await t.db.select().from(importBatches).where(eq(importBatches.id, batchId));
    expect(batch!.undoneAt).not.toBeNull();
    expect((await t.db.select().from(activity).where(eq(activity.subjectId, batchId))).map((e) => e.action)).toEqual([
      'import.committed',
      'import.undo-requested',
      'import.undone',
    ]);
    expect((await api.undo(treasurer, batchId)).status).toBe(409);
  });

  it('lists per-row errors (formula cells included) and refuses the commit unless told to leave them out', async () => {
    const csv = [
      HEADER,
      ...rows(2),
      '2024-13-01,5,Bad Date,,,,',
      '2024-03-01,-5,Negative,,,,',
      '2024-03-01,1.234,Three decimals,,,,',
      '2999-01-01,5,Future,,,,',
      '2024-03-01,5,,,,,',
      '2024-03-01,5,Formula,,,,=1+2',
      '2024-03-01,5,Bad method,,barter,,',
    ].join('\n');
    const upload = await api.uploaded(treasurer, csv);
    const summary = await api.dryRun(treasurer, upload.id, GIFT_MAPPING);
    expect(summary).toMatchObject({ rows: 9, newRows: 2, duplicates: 0, errorRows: 7 });
    expect(summary.errors.map((e) => [e.row, e.field])).toEqual([
      [4, 'date'],
      [5, 'amount'],
      [6, 'amount'],
      [7, 'date'],
      [8, 'partnerName'],
      [9, 'notes'],
      [10, 'method'],
    ]);
    expect(summary.errors[5]!.message).toMatch(/formula/);

    const refused = await api.committed(treasurer, upload.id, GIFT_MAPPING);
    expect(refused.status).not.toBe('succeeded');
    expect(refused.error).toMatch(/7 rows have errors/);
    expect(await giftCount()).toBe(0);

    const upload2 = await api.uploaded(treasurer, csv);
    const job = await api.committed(treasurer, upload2.id, GIFT_MAPPING, true);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 2, skippedErrors: 7 });
    expect(await giftCount()).toBe(2);
  });

  it('skips likely duplicates: within the file and against stored gifts', async () => {
    const first = await api.uploaded(treasurer, `${HEADER}\n${rows(3).join('\n')}\n`);
    expect((await api.committed(treasurer, first.id, GIFT_MAPPING)).status).toBe('succeeded');
    const csv = `${HEADER}\n${[...rows(5), rows(1, 4)[0]!].join('\n')}\n`;
    const second = await api.uploaded(treasurer, csv);
    expect(await api.dryRun(treasurer, second.id, GIFT_MAPPING)).toMatchObject({ rows: 6, newRows: 2, duplicates: 4 });
    const job = await api.committed(treasurer, second.id, GIFT_MAPPING);
    expect(job.result).toMatchObject({ imported: 2, duplicates: 4 });
    expect(await giftCount()).toBe(5);
  });

  it("links by name as the database folds it, letters outside ASCII included ('İ', a last 'Σ')", async () => {
    // JavaScript lower-cases 'İ' to 'i' and a combining dot, and a last 'Σ' to 'ς'; the database
    // gives 'i' and 'σ'. The lookup sent names folded by the first, compared with the second.
    const [ilker] = await t.db
      .insert(partners)
      .values({
        name: 'İlker Yılmaz',
        email: 'ilker@example.org',
        phone: '',
        location: 'İzmir',
      } as typeof partners.$inferInsert)
      .returning();
    try {
      const upload = await api.uploaded(
        treasurer,
        `${HEADER}\n2024-03-01,10,İlker Yılmaz,,cash,,\n2024-03-02,12,ilker yılmaz,,cash,,\n`,
      );
      const preview = await api.preview(treasurer, upload.id, GIFT_MAPPING);
      const { rows: shown } = (await preview.json()) as { rows: ImportPreviewRow[] };
      expect(shown.map((r) => r.note)).toEqual(['Linked to İlker Yılmaz, by name', 'Linked to İlker Yılmaz, by name']);
      expect((await api.committed(treasurer, upload.id, GIFT_MAPPING)).status).toBe('succeeded');
      const linked = await t.db.select().from(donations).where(eq(donations.partnerId, ilker!.id));
      expect(linked).toHaveLength(2);
    } finally {
      await t.db.delete(donations);
      await t.db.delete(partners).where(eq(partners.id, ilker!.id));
    }
  });

  it('reads a semicolon file with a byte order mark', async () => {
    const csv = `\uFEFFDate;Amount;Name\n01.03.2024;"1.234";Semi Colon\n2024-03-02;"12,50";Decimal Comma\n`;
    const upload = await api.uploaded(treasurer, csv);
    expect(upload).toMatchObject({ delimiter: ';', headers: ['Date', 'Amount', 'Name'], rows: 2 });
    const summary = await api.dryRun(treasurer, upload.id, { date: 'Date', amount: 'Amount', partnerName: 'Name' });
    // 1.234 has three decimals and 12,50 a decimal comma: both refused, not guessed.
    expect(summary).toMatchObject({ newRows: 0, errorRows: 2 });
  });

  it('refuses a file in another encoding, an empty one, and one without rows, keeping nothing', async () => {
    const latin1 = Buffer.from('Date,Amount,Name\n2024-03-01,5,Jos\xe9\n', 'latin1');
    const wrong = await api.upload(treasurer, latin1);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/not UTF-8.*CSV UTF-8/);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date,Amount\n', 'utf16le')]);
    expect(((await (await api.upload(treasurer, utf16)).json()) as { error: string }).error).toMatch(/UTF-16/);
    expect((await api.upload(treasurer, '')).status).toBe(400);
    expect((await api.upload(treasurer, 'Date,Amount,Name\n')).status).toBe(400);
    expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(0);
    expect(await storedObjects()).toEqual([]);
  });

  it('keeps nothing of a cut-off upload', async () => {
    const boundary = '----cut';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="g.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n${rows(50).join('\n')}`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        controller.error(new Error('connection dropped'));
      },
    });
    const response = await t.request(`${api.base}/uploads`, {
      method: 'POST',
      headers: { cookie: treasurer, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(0);
    expect(await storedObjects()).toEqual([]);
  });

  it('writes nothing when the commit fails part-way (all or nothing)', async () => {
    // A failure injected in the database on the 6,000th gift: the first 5,000 are already written.
    const cleanUp = await failRowsNoted(t.db, 'donations');
    try {
      const before = await state();
      const lines = rows(7000);
      lines[5999] = lines[5999]!.replace(/,$/, ',explode');
      const upload = await api.uploaded(treasurer, `${HEADER}\n${lines.join('\n')}\n`);
      const job = await api.committed(treasurer, upload.id, GIFT_MAPPING);
      expect(job.status).not.toBe('succeeded');
      expect(job.error).toMatch(/^The import failed and nothing was written/);
      expect(await state()).toBe(before);
      expect(
        await t.db
          .select()
          .from(importBatches)
          .where(sql`undone_at is null and rows = 7000`),
      ).toEqual([]);
      // The upload stays, so the person can try again.
      expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(1);
    } finally {
      await cleanUp();
    }
  });

  it('keeps the dashboard totals right after an import and after its undo', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const today = new Date().toISOString().slice(0, 10);
    const total = async () => {
      const response = await t.request('/api/dashboard/summary?tz=UTC', { headers: { cookie: admin } });
      return ((await response.json()) as { giving: { total: string; gifts: number } }).giving;
    };
    const before = await total();
    const upload = await api.uploaded(
      treasurer,
      `Date,Amount,Name\n${today},100.10,Dash One\n${month}-01,0.15,Dash Two\n`,
    );
    const job = await api.committed(treasurer, upload.id, { date: 'Date', amount: 'Amount', partnerName: 'Name' });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const after = await total();
    expect(after.gifts).toBe(before.gifts + 2);
    expect(Number(after.total)).toBeGreaterThan(Number(before.total));
    expect((await api.undone(treasurer, job.result!.batchId)).status).toBe('succeeded');
    expect(await total()).toEqual(before);
  });

  async function storedObjects() {
    const found: string[] = [];
    for await (const object of t.deps.storage.list('imports')) found.push(object.key);
    return found;
  }
});

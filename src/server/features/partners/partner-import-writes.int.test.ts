import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  donations,
  importBatches,
  importUploads,
  partnerImportChanges,
  partners,
  partnerTags,
} from '#server/db/schema';
import {
  clearPartnerImports,
  openPartnerImportFixture,
  partnerImportRecords,
  type PartnerImportApi,
  type PartnerImportFixture,
} from '#test-support/features/partner-import-test-api';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { failRowsNoted } from '#test-support/injected-failure';

// How the partner import's commit writes and is undone (issue 20 item 4, decision 0117): an undo
// archives a created partner with gifts, one file creates and fills across writes, and an
// import of 100,000 rows that fails part-way writes nothing.
describe.each(testDatabaseTargets())('partner import on $name', (target) => {
  let fixture: PartnerImportFixture;
  let t: TestApp;
  let api: PartnerImportApi;
  let admin: string;
  let coordinator: string;

  beforeAll(async () => {
    fixture = await openPartnerImportFixture(target);
    ({ t, api } = fixture);
    ({ admin, coordinator } = fixture.cookies);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });
  afterEach(() => clearPartnerImports(t));

  const { state, partnerCount, stored, tagsOf } = partnerImportRecords(() => t);

  it('undo archives a created partner that got a gift since, and deletes the others', async () => {
    const upload = await api.uploaded(coordinator, 'Name,Email\nGiver,giver@example.org\nQuiet,quiet@example.org\n');
    const job = await api.committed(coordinator, upload.id, { name: 'Name', email: 'Email' });
    const batchId = job.result!.batchId;
    const [giver] = await t.db.select().from(partners).where(eq(partners.email, 'giver@example.org'));
    await t.db
      .insert(donations)
      .values({ partnerId: giver!.id, partnerName: 'Giver', amount: '5', donationType: 'one-time' });
    const listed = await t.request(`${api.base}/batches`, { headers: { cookie: coordinator } });
    const { batches } = (await listed.json()) as { batches: { undoNote: string }[] };
    expect(batches[0]!.undoNote).toBe(
      '1 partner it created has gifts, contacts or tasks since: it is archived, not deleted (Giver).',
    );
    const undone = await api.undone(admin, batchId);
    expect(undone.result).toEqual({ batchId, removed: 1, archived: 1, restored: 0 });
    const left = await t.db.select().from(partners);
    expect(left.map((p) => [p.name, p.archivedAt !== null, p.importBatchId])).toEqual([['Giver', true, null]]);
    expect((await t.db.select().from(donations))[0]!.partnerId).toBe(giver!.id);
    const [batch] = await t.db.select().from(importBatches).where(eq(importBatches.id, batchId));
    expect(batch!.undoneAt).not.toBeNull();
  });

  it('creates and fills from one file across writes: repeats of a created partner stay duplicates, every field is kept', async () => {
    const ann = await stored({ name: 'Ann Lee', email: 'ann@example.org', location: null });
    // 5,000 new partners fill the first write; the rows after it repeat one of them (by email,
    // then by name and phone) while the commit's lookups can see what it wrote, and fill Ann twice.
    const lines = [
      'Nia Cole,nia@example.org,555-0101,Leeds,inactive,yes,Sam,Met at camp,North,"Choir; Donors"',
      ...Array.from({ length: 4_999 }, (_, i) => `Person ${i},person${i}@example.org,,,,,,,,`),
      'Other Name,NIA@example.org,,,,,,,,',
      'nia cole,nia-work@example.org,(555) 0101,,,,,,,',
      'Ann Lee,ANN@example.org,,York,,,,,,Choir',
      'Ann Lee,ann@example.org,,Hull,,,,,,',
    ];
    const header = 'Name,Email,Phone,City,Status,Cardholder,Coordinator,Notes,Zone,Tags';
    const mapping = {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      location: 'City',
      status: 'Status',
      cardholderStatus: 'Cardholder',
      coordinator: 'Coordinator',
      notes: 'Notes',
      zone: 'Zone',
      tags: 'Tags',
    };
    const upload = await api.uploaded(coordinator, `${header}\n${lines.join('\n')}\n`);
    const counts = { newRows: 5_000, updates: 1, duplicates: 3, fileDuplicates: 3, errorRows: 0 };
    expect(await api.dryRun(coordinator, upload.id, mapping, 'fill')).toMatchObject(counts);
    const job = await api.committed(coordinator, upload.id, mapping, 'fill');
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 5_000, updated: 1, duplicates: 3 });

    const [nia] = await t.db.select().from(partners).where(eq(partners.email, 'nia@example.org'));
    expect(nia).toMatchObject({
      name: 'Nia Cole',
      phone: '555-0101',
      location: 'Leeds',
      status: 'inactive',
      cardholderStatus: true,
      coordinator: 'Sam',
      notes: 'Met at camp',
      zone: 'North',
      importBatchId: job.result!.batchId,
    });
    expect(await tagsOf(nia!.id)).toEqual(['Choir', 'Donors']);
    const [annAfter] = await t.db.select().from(partners).where(eq(partners.id, ann.id));
    expect(annAfter).toMatchObject({ email: 'ann@example.org', location: 'York', importBatchId: null });
    expect(await tagsOf(ann.id)).toEqual(['Choir']);
    expect((await t.db.select().from(partnerImportChanges)).map((c) => c.partnerId)).toEqual([ann.id]);
    expect(await partnerCount()).toBe(5_001);

    const undone = await api.undone(coordinator, job.result!.batchId);
    expect(undone.result).toEqual({ batchId: job.result!.batchId, removed: 5_000, archived: 0, restored: 1 });
    expect(await partnerCount()).toBe(1);
    expect((await t.db.select().from(partners))[0]).toMatchObject({ location: null });
  }, 120_000);

  it("matches names and tags as the database folds them, letters outside ASCII included ('İ', a last 'Σ')", async () => {
    // JavaScript lower-cases 'İ' to 'i' and a combining dot, and a last 'Σ' to 'ς'; the database
    // gives 'i' and 'σ'. The import looked names and tags up with the first and compared with the second.
    const ilker = await stored({ name: 'İlker Yılmaz', email: 'ilker@example.org', phone: '555-0199' });
    const upload = await api.uploaded(
      coordinator,
      'Name,Email,Phone,Tags\nİlker Yılmaz,ilker.work@example.org,555 0199,İstanbul; ΟΔΟΣ\nNew Person,new@example.org,,İSTANBUL\n' +
        // The same person by name and phone, his name typed without the dotted capital.
        'ilker yılmaz,ilker.home@example.org,(555) 0199,\n',
    );
    const job = await api.committed(
      coordinator,
      upload.id,
      {
        name: 'Name',
        email: 'Email',
        phone: 'Phone',
        tags: 'Tags',
      },
      'fill',
    );
    expect(job.status).toBe('succeeded');
    // The same name and phone: Ilker is filled in (he had no tags), not created a second time.
    expect(await partnerCount()).toBe(2);
    // 'İstanbul' and 'İSTANBUL' are one tag, whichever spelling is written first.
    const [istanbul] = await tagsOf(ilker.id);
    expect(await tagsOf(ilker.id)).toEqual([istanbul, 'ΟΔΟΣ']);
    expect(istanbul!.toLowerCase()).toBe('İstanbul'.toLowerCase());
    const [created] = await t.db.select().from(partners).where(eq(partners.email, 'new@example.org'));
    expect(await tagsOf(created!.id)).toEqual([istanbul]);
    expect(await t.db.select().from(partnerTags)).toHaveLength(2);
  });

  it('writes nothing when an import of 100,000 rows fails part-way (all or nothing)', async () => {
    await stored({ name: 'Already Here', email: 'row5@example.org', notes: null });
    // A failure injected in the database on the 60,000th new partner: 55,000 are written by then.
    const cleanUp = await failRowsNoted(t.db, 'partners', 'insert or update');
    try {
      const before = await state();
      const batchesBefore = await t.db.select().from(importBatches);
      const lines = Array.from(
        { length: 100_000 },
        (_, i) => `Person ${i},row${i}@example.org,555-${i},Town ${i % 50},${i === 59_999 ? 'explode' : ''},t${i % 7}`,
      );
      const upload = await api.uploaded(coordinator, `Name,Email,Phone,City,Notes,Tags\n${lines.join('\n')}\n`);
      expect(upload.rows).toBe(100_000);
      const mapping = { name: 'Name', email: 'Email', phone: 'Phone', location: 'City', notes: 'Notes', tags: 'Tags' };
      const job = await api.committed(coordinator, upload.id, mapping, 'overwrite');
      expect(job.status).not.toBe('succeeded');
      expect(job.error).toMatch(/^The import failed and nothing was written/);
      expect(await state()).toBe(before);
      expect(await t.db.select().from(importBatches)).toEqual(batchesBefore);
      expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(1);
    } finally {
      await cleanUp();
    }
  }, 400_000);
});

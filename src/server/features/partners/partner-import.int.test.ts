import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  donations,
  importBatches,
  importUploads,
  partnerImportChanges,
  partners,
  partnerTagLinks,
  partnerTags,
} from '#server/db/schema';
import {
  clearPartnerImports,
  PCO_HEADER,
  PCO_MAPPING,
  partnerImportApi,
} from '#test-support/features/partner-import-test-api';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { failRowsNoted } from '#test-support/injected-failure';

type Partner = typeof partners.$inferInsert;

// The partner import through the shared pipeline (issue 20 item 4, decision 0117).
describe.each(testDatabaseTargets())('partner import on $name', (target) => {
  let t: TestApp;
  let api: ReturnType<typeof partnerImportApi>;
  let admin: string;
  let coordinator: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    api = partnerImportApi(t);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const noPartners = await t.createUser({
      email: 'other@example.org',
      password: 'other-secret',
      role: 'coordinator',
    });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: noPartners.id, feature: 'partners', enabled: false })
      .onConflictDoUpdate({
        target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
        set: { enabled: false },
      });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    outsider = await t.signIn('other@example.org', 'other-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => clearPartnerImports(t));

  /** Everything a partner import may touch, as text (when partners were last edited only if asked). */
  const state = async (withEditTimes = true) =>
    JSON.stringify({
      partners: (await t.db.select().from(partners).orderBy(partners.id)).map(({ updatedAt, ...p }) =>
        withEditTimes ? { ...p, updatedAt } : p,
      ),
      tags: await t.db.select().from(partnerTags).orderBy(partnerTags.id),
      links: await t.db.select().from(partnerTagLinks).orderBy(partnerTagLinks.partnerId, partnerTagLinks.tagId),
      changes: await t.db.select().from(partnerImportChanges),
    });
  const partnerCount = async () => (await t.db.select({ n: count() }).from(partners))[0]!.n;
  const stored = (values: Partial<Partner> & { name: string; email: string }) =>
    t.db
      .insert(partners)
      .values(values as Partner)
      .returning()
      .then((rows) => rows[0]!);
  const tagsOf = async (partnerId: string) =>
    (
      await t.db
        .select({ name: partnerTags.name })
        .from(partnerTagLinks)
        .innerJoin(partnerTags, eq(partnerTags.id, partnerTagLinks.tagId))
        .where(eq(partnerTagLinks.partnerId, partnerId))
    )
      .map((r) => r.name)
      .sort();

  it('answers 401 anonymous and 403 without the partners permission, keeping nothing', async () => {
    const csv = `${PCO_HEADER}\nAnn,Lee,ann@example.org,,,,,\n`;
    expect((await api.upload('', csv)).status).toBe(401);
    expect((await api.upload(outsider, csv)).status).toBe(403);
    expect((await t.request(`${api.base}/batches`, { headers: { cookie: outsider } })).status).toBe(403);
    expect((await t.db.select({ n: count() }).from(importUploads))[0]!.n).toBe(0);
  });

  it('guesses a Planning Center mapping, checks rows by the partner form, and makes names of first and last names', async () => {
    const csv = [
      PCO_HEADER,
      'Ann,Lee,ann@example.org,+44 20 7946 0958,Leeds,Active,"Prayer team; Donors",Met at the fair',
      ',,nobody@example.org,,,,,',
      'Bob,Bad,not-an-email,,,,,',
      'Cy,Status,cy@example.org,,,member,,',
      'Di,Formula,di@example.org,,,,,=1+2',
      `Ed,Tags,ed@example.org,,,,"${Array.from({ length: 51 }, (_, i) => `t${i}`).join(',')}",`,
      `Flo,Long,flo@example.org,,,,${'x'.repeat(51)},`,
      `Gus,Phone,gus@example.org,123456789012345678901,,,,`,
    ].join('\r\n');
    const upload = await api.uploaded(coordinator, csv);
    expect(upload.mapping).toEqual(PCO_MAPPING);
    expect(upload.duplicateModes).toEqual(['skip', 'fill', 'overwrite']);
    const summary = await api.dryRun(coordinator, upload.id, PCO_MAPPING);
    expect(summary).toMatchObject({ rows: 8, newRows: 1, updates: 0, duplicates: 0, errorRows: 7 });
    expect(summary.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [3, 'name', 'Name is required'],
      [4, 'email', 'Invalid email address'],
      [5, 'status', 'Status must be active or inactive'],
      [6, 'notes', expect.stringMatching(/Notes starts with "=".*formula/)],
      [7, 'tags', 'A partner can have at most 50 tags (this row has 51)'],
      [8, 'tags', expect.stringMatching(/longer than 50 characters/)],
      [9, 'phone', 'Phone must be 20 characters or less'],
    ]);
    const rows = await api.preview(coordinator, upload.id, PCO_MAPPING);
    expect(rows[0]).toMatchObject({ row: 2, errors: [], duplicate: false, note: null });
    expect(rows[1]!.errors.map((e) => e.message)).toEqual(['Name is required']);

    const job = await api.committed(coordinator, upload.id, PCO_MAPPING, 'skip', true);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 1, updated: 0, skippedErrors: 7 });
    const [ann] = await t.db.select().from(partners);
    expect(ann).toMatchObject({
      name: 'Ann Lee',
      email: 'ann@example.org',
      phone: '+44 20 7946 0958',
      location: 'Leeds',
      status: 'active',
      notes: 'Met at the fair',
      cardholderStatus: false,
      importBatchId: job.result!.batchId,
    });
    expect(await tagsOf(ann!.id)).toEqual(['Donors', 'Prayer team']);
  });

  it('refuses a mapping without email or name, another encoding and an empty file, writing nothing', async () => {
    const upload = await api.uploaded(coordinator, `${PCO_HEADER}\nAnn,Lee,ann@example.org,,,,,\n`);
    const noEmail = await api.dryRunResponse(coordinator, upload.id, { firstName: 'First Name' });
    expect(noEmail.status).toBe(400);
    expect(((await noEmail.json()) as { error: string }).error).toBe('Choose the column that holds Email.');
    const noName = await api.dryRunResponse(coordinator, upload.id, { email: 'Home Email' });
    expect(((await noName.json()) as { error: string }).error).toMatch(
      /Name \(or the columns of First name and Last name\)/,
    );
    const latin1 = await api.upload(coordinator, Buffer.from('Name,Email\nJos\xe9,j@example.org\n', 'latin1'));
    expect(latin1.status).toBe(400);
    expect(((await latin1.json()) as { error: string }).error).toMatch(/not UTF-8/);
    expect((await api.upload(coordinator, 'Name,Email\n')).status).toBe(400);
    expect(await partnerCount()).toBe(0);
  });

  it('reports and skips repeats inside the file: the same email, or the same name and phone', async () => {
    const csv = [
      'Name,Email,Phone',
      'Ann Lee,ann@example.org,555-0100',
      'Ann Again,ANN@example.org,',
      'ann lee,other@example.org,(555) 0100',
      'Bo,bo@example.org,',
    ].join('\n');
    const mapping = { name: 'Name', email: 'Email', phone: 'Phone' };
    const upload = await api.uploaded(coordinator, csv);
    expect(await api.dryRun(coordinator, upload.id, mapping)).toMatchObject({
      rows: 4,
      newRows: 2,
      duplicates: 2,
      fileDuplicates: 2,
      errorRows: 0,
    });
    const rows = await api.preview(coordinator, upload.id, mapping);
    expect(rows.map((r) => [r.row, r.duplicate, r.duplicateOf ?? null])).toEqual([
      [2, false, null],
      [3, true, 2],
      [4, true, 2],
      [5, false, null],
    ]);
    const job = await api.committed(coordinator, upload.id, mapping);
    expect(job.result).toMatchObject({ imported: 2, duplicates: 2 });
    expect((await t.db.select({ name: partners.name }).from(partners)).map((p) => p.name).sort()).toEqual([
      'Ann Lee',
      'Bo',
    ]);
  });

  describe('duplicates of stored partners', () => {
    const csv = [
      'Name,Email,Phone,City,Zone,Notes,Tags,Cardholder',
      // Ann is found by her email (another case), Bo by name and phone, Cy is new.
      'Ann Lee,ANN@example.org,555-0100,Leeds,North,From the file,"Volunteers, Donors",yes',
      'bo king,bo-new@example.org,(555) 0199,York,,,Donors,',
      'Cy New,cy@example.org,,,,,Donors,',
    ].join('\n');
    const mapping = {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      location: 'City',
      zone: 'Zone',
      notes: 'Notes',
      tags: 'Tags',
      cardholderStatus: 'Cardholder',
    };
    const seed = async () => {
      const ann = await stored({ name: 'Ann Lee', email: 'ann@example.org', location: null, notes: 'Kept note' });
      const bo = await stored({ name: 'Bo King', email: 'bo@example.org', phone: '555 0199', location: 'Hull' });
      const [friends] = await t.db.insert(partnerTags).values({ name: 'Friends' }).returning();
      await t.db.insert(partnerTagLinks).values({ tagId: friends!.id, partnerId: bo.id });
      return { ann, bo };
    };

    it('skip: stored duplicates are left alone', async () => {
      const { ann, bo } = await seed();
      const before = await t.db.select().from(partners).orderBy(partners.id);
      const upload = await api.uploaded(coordinator, csv);
      expect(await api.dryRun(coordinator, upload.id, mapping, 'skip')).toMatchObject({
        newRows: 1,
        updates: 0,
        duplicates: 2,
        fileDuplicates: 0,
      });
      const rows = await api.preview(coordinator, upload.id, mapping, 'skip');
      expect(rows.map((r) => r.note)).toEqual([
        'Already in the directory as Ann Lee (same email)',
        'Already in the directory as Bo King (same name and phone)',
        null,
      ]);
      const job = await api.committed(coordinator, upload.id, mapping, 'skip');
      expect(job.result).toMatchObject({ imported: 1, updated: 0, duplicates: 2 });
      const after = await t.db
        .select()
        .from(partners)
        .where(sql`${partners.id} in (${ann.id}, ${bo.id})`);
      expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before);
    });

    it('fill: only empty fields (and tags of a partner without any) are filled; undo puts them back', async () => {
      const { ann, bo } = await seed();
      const before = await state(false);
      const upload = await api.uploaded(coordinator, csv);
      expect(await api.dryRun(coordinator, upload.id, mapping, 'fill')).toMatchObject({
        newRows: 1,
        updates: 1,
        duplicates: 1,
      });
      const rows = await api.preview(coordinator, upload.id, mapping, 'fill');
      expect(rows.map((r) => [r.update ?? false, r.note])).toEqual([
        [true, "Fills Ann Lee's empty phone, location, zone and tags (same email)"],
        [false, 'Already in the directory as Bo King (same name and phone); nothing to fill'],
        [false, null],
      ]);
      const job = await api.committed(coordinator, upload.id, mapping, 'fill');
      expect(job.status, job.error ?? '').toBe('succeeded');
      expect(job.result).toMatchObject({ imported: 1, updated: 1, duplicates: 1 });
      const [annAfter] = await t.db.select().from(partners).where(eq(partners.id, ann.id));
      expect(annAfter).toMatchObject({
        name: 'Ann Lee',
        email: 'ann@example.org',
        phone: '555-0100',
        location: 'Leeds',
        zone: 'North',
        notes: 'Kept note',
        cardholderStatus: false,
      });
      expect(await tagsOf(ann.id)).toEqual(['Donors', 'Volunteers']);
      expect(await tagsOf(bo.id)).toEqual(['Friends']);

      const undone = await api.undone(coordinator, job.result!.batchId);
      expect(undone.result).toEqual({ batchId: job.result!.batchId, removed: 1, archived: 0, restored: 1 });
      // The tags it created stay (deleting tags is the tag screen's business); everything else is
      // as before, save the time Ann was last edited (the undo edited her).
      await t.db.delete(partnerTags).where(sql`${partnerTags.name} in ('Donors', 'Volunteers')`);
      expect(await state(false)).toBe(before);
    });

    it('overwrite: the file’s values replace the stored ones; undo restores fields and tags', async () => {
      const { ann, bo } = await seed();
      const friendsBefore = await tagsOf(bo.id);
      const upload = await api.uploaded(coordinator, csv);
      expect(await api.dryRun(coordinator, upload.id, mapping, 'overwrite')).toMatchObject({
        newRows: 1,
        updates: 2,
      });
      const job = await api.committed(coordinator, upload.id, mapping, 'overwrite');
      expect(job.status, job.error ?? '').toBe('succeeded');
      expect(job.result).toMatchObject({ imported: 1, updated: 2 });
      const [annAfter] = await t.db.select().from(partners).where(eq(partners.id, ann.id));
      expect(annAfter).toMatchObject({ email: 'ANN@example.org', notes: 'From the file', cardholderStatus: true });
      const [boAfter] = await t.db.select().from(partners).where(eq(partners.id, bo.id));
      // An empty cell erases nothing: Bo keeps his zone; his name, email, phone and city are the file's.
      expect(boAfter).toMatchObject({
        name: 'bo king',
        email: 'bo-new@example.org',
        phone: '(555) 0199',
        location: 'York',
      });
      expect(await tagsOf(bo.id)).toEqual(['Donors']);
      const changes = await t.db.select().from(partnerImportChanges);
      expect(changes).toHaveLength(2);

      // Bo is edited after the import: the list says so before the undo.
      await t.db
        .update(partners)
        .set({ zone: 'Later', updatedAt: new Date(Date.now() + 1000) })
        .where(eq(partners.id, bo.id));
      const listed = await t.request(`${api.base}/batches`, { headers: { cookie: coordinator } });
      const { batches } = (await listed.json()) as {
        batches: { id: string; changedSince: number; undoNote: string }[];
      };
      expect(batches[0]).toMatchObject({ id: job.result!.batchId, changedSince: 1 });
      expect(batches[0]!.undoNote).toBe(
        '2 partners it updated get their earlier values and tags back. 1 partner was edited since the import; those edits are undone too. 2 tags it created go too, unless a partner that stays carries them.',
      );

      const activityBefore = (await t.db.select({ n: count() }).from(activity))[0]!.n;
      expect((await api.undone(coordinator, job.result!.batchId)).status).toBe('succeeded');
      // Asked for, then done: two entries.
      expect((await t.db.select({ n: count() }).from(activity))[0]!.n).toBe(activityBefore + 2);
      const [annBack] = await t.db.select().from(partners).where(eq(partners.id, ann.id));
      const [boBack] = await t.db.select().from(partners).where(eq(partners.id, bo.id));
      expect(annBack).toMatchObject({
        email: 'ann@example.org',
        notes: 'Kept note',
        phone: null,
        cardholderStatus: false,
      });
      expect(boBack).toMatchObject({
        name: 'Bo King',
        email: 'bo@example.org',
        phone: '555 0199',
        location: 'Hull',
        zone: null,
      });
      expect(await tagsOf(ann.id)).toEqual([]);
      expect(await tagsOf(bo.id)).toEqual(friendsBefore);
      expect(await partnerCount()).toBe(2);
      expect(await t.db.select().from(partnerImportChanges)).toEqual([]);
      expect((await api.undo(coordinator, job.result!.batchId)).status).toBe(409);
    });
  });

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
      '1 partner it created has gifts, contacts or tasks since: it is archived, not deleted.',
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

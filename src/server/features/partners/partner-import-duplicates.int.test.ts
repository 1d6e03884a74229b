import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activity, partnerImportChanges, partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import {
  clearPartnerImports,
  openPartnerImportFixture,
  partnerImportRecords,
  type PartnerImportApi,
  type PartnerImportFixture,
} from '#test-support/features/partner-import-test-api';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';

// The partner import's rows that repeat a stored partner (issue 20 item 4, decision 0117): each
// duplicate mode (skip, fill, overwrite), and the undo of what fill and overwrite changed.
describe.each(testDatabaseTargets())('partner import on $name', (target) => {
  let fixture: PartnerImportFixture;
  let t: TestApp;
  let api: PartnerImportApi;
  let coordinator: string;

  beforeAll(async () => {
    fixture = await openPartnerImportFixture(target);
    ({ t, api } = fixture);
    ({ coordinator } = fixture.cookies);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });
  afterEach(() => clearPartnerImports(t));

  const { state, partnerCount, stored, tagsOf } = partnerImportRecords(() => t);

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

  it('tells partners sharing an email apart by name (as the database folds it) and phone', async () => {
    // A couple with one address; 'ilker' typed for the stored 'İlker' (decision 0176).
    await stored({ name: 'Ann Yılmaz', email: 'family@example.org', phone: '555 0101' });
    await stored({ name: 'İlker Yılmaz', email: 'family@example.org', phone: '555 0102' });
    const upload = await api.uploaded(
      coordinator,
      'Name,Email,Phone\nilker yılmaz,family@example.org,(555) 0102\nSomeone Else,FAMILY@example.org,555 0103\n',
    );
    const rows = await api.preview(coordinator, upload.id, { name: 'Name', email: 'Email', phone: 'Phone' }, 'skip');
    expect(rows.map((r) => r.note)).toEqual([
      'Already in the directory as İlker Yılmaz (same email)',
      '2 partners in the directory have the email',
    ]);
  });
});

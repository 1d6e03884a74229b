import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importUploads, partners } from '#server/db/schema';
import { lowerAsDatabase } from './import-cells';
import {
  clearPartnerImports,
  openPartnerImportFixture,
  partnerImportRecords,
  type PartnerImportApi,
  type PartnerImportFixture,
  PCO_HEADER,
  PCO_MAPPING,
} from '#test-support/features/partner-import-test-api';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';

// The partner import through the shared pipeline (issue 20 item 4, decision 0117): who may
// import, the mapping and the checks of each row, what is refused, and repeats inside the file.
describe.each(testDatabaseTargets())('partner import on $name', (target) => {
  let fixture: PartnerImportFixture;
  let t: TestApp;
  let api: PartnerImportApi;
  let coordinator: string;
  let outsider: string;

  beforeAll(async () => {
    fixture = await openPartnerImportFixture(target);
    ({ t, api } = fixture);
    ({ coordinator, outsider } = fixture.cookies);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });
  afterEach(() => clearPartnerImports(t));

  const { partnerCount, tagsOf } = partnerImportRecords(() => t);

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

  it('keeps a phone number through an export and an import of it: the export guards it with an apostrophe', async () => {
    await t.db.insert(partners).values({
      name: 'Joaquín Ruiz',
      email: 'joaquin@example.org',
      phone: '+34 600 123 456',
      notes: "'quoted' on purpose",
    } as typeof partners.$inferInsert);
    const exported = await t.request('/api/partners/export.csv', { headers: { cookie: coordinator } });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain("'+34 600 123 456");
    await t.db.delete(partners);
    const upload = await api.uploaded(coordinator, csv);
    const job = await api.committed(coordinator, upload.id, upload.mapping);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const [back] = await t.db.select().from(partners);
    // Only the export's guard goes: an apostrophe that is the data's own stays.
    expect(back).toMatchObject({ name: 'Joaquín Ruiz', phone: '+34 600 123 456', notes: "'quoted' on purpose" });
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
      // Repeats as the database lower-cases them: JavaScript's 'i̇lker' and 'σοφος' differ.
      'İlker Yılmaz,ilker@example.org,555 0102',
      'ilker yılmaz,family@example.org,555-0102',
      'ΣΟΦΟΣ,sofos@example.org,555 0103',
      'σοφοσ,sofos.two@example.org,555 0103',
    ].join('\n');
    const mapping = { name: 'Name', email: 'Email', phone: 'Phone' };
    const upload = await api.uploaded(coordinator, csv);
    expect(await api.dryRun(coordinator, upload.id, mapping)).toMatchObject({
      rows: 8,
      newRows: 4,
      duplicates: 4,
      fileDuplicates: 4,
      errorRows: 0,
    });
    const rows = await api.preview(coordinator, upload.id, mapping);
    expect(rows.map((r) => [r.row, r.duplicate, r.duplicateOf ?? null])).toEqual([
      [2, false, null],
      [3, true, 2],
      [4, true, 2],
      [5, false, null],
      [6, false, null],
      [7, true, 6],
      [8, false, null],
      [9, true, 8],
    ]);
    const job = await api.committed(coordinator, upload.id, mapping);
    expect(job.result).toMatchObject({ imported: 4, duplicates: 4 });
    expect((await t.db.select({ name: partners.name }).from(partners)).map((p) => p.name).sort()).toEqual([
      'Ann Lee',
      'Bo',
      'İlker Yılmaz',
      'ΣΟΦΟΣ',
    ]);
    // The file's keys are lower-cased as the database does it.
    const tricky = ['İlker Yılmaz', 'ΣΟΦΟΣ', 'ΟΔΥΣΣΕΥΣ ΚΑΙ', 'Ǆemal ẞtraße', 'ÀÉÎÕÜ Ñ', 'ANN@EXAMPLE.ORG'];
    const lowered = (await t.db.execute(
      sql`select lower(value) as l from json_array_elements_text(${JSON.stringify(tricky)}::json) with ordinality order by ordinality`,
    )) as unknown as { rows: { l: string }[] };
    expect(tricky.map(lowerAsDatabase)).toEqual(lowered.rows.map((r) => r.l));
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '#server/db/schema';
import { clearPartnerImports, partnerImportApi } from '#test-support/features/partner-import-test-api';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

// An overwrite that changes a stored partner's name, phone or email, then a row further down
// the file that the dry run matched by the old values (or did not match by the new ones): the
// commit must count as the dry run did (decision 0117). The rows are more than one write apart
// (5,000 new partners between them), so the update is written before the later row is looked up.
describe.each(testDatabaseTargets())('partner import overwrites on $name', (target) => {
  let t: TestApp;
  let api: ReturnType<typeof partnerImportApi>;
  let coordinator: string;
  const header = 'Name,Email,Phone';
  const mapping = { name: 'Name', email: 'Email', phone: 'Phone' };
  const filler = Array.from({ length: 5_000 }, (_, i) => `Filler ${i},filler${i}@example.org,`);

  beforeAll(async () => {
    t = await createTestApp(target);
    api = partnerImportApi(t);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => clearPartnerImports(t));

  const importFile = async (lines: string[]) => {
    const upload = await api.uploaded(coordinator, `${header}\n${lines.join('\n')}\n`);
    const dryRun = await api.dryRun(coordinator, upload.id, mapping, 'overwrite');
    const job = await api.committed(coordinator, upload.id, mapping, 'overwrite');
    return { dryRun, job };
  };

  it('a row with the new name and phone an overwrite gave a partner is a new partner, as in the dry run', async () => {
    const [ann] = await t.db
      .insert(partners)
      .values({ name: 'Ann Lee', email: 'ann@example.org', phone: '555-0101' })
      .returning();
    const { dryRun, job } = await importFile([
      'Ann Byrne,ann@example.org,',
      ...filler,
      'Ann Byrne,ann.byrne@example.org,555-0101',
    ]);
    expect(dryRun).toMatchObject({ newRows: 5_001, updates: 1, duplicates: 0 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 5_001, updated: 1, duplicates: 0 });
    const [annAfter] = await t.db.select().from(partners).where(eq(partners.id, ann!.id));
    expect(annAfter).toMatchObject({ name: 'Ann Byrne', email: 'ann@example.org' });
    const [other] = await t.db.select().from(partners).where(eq(partners.email, 'ann.byrne@example.org'));
    expect(other).toMatchObject({ name: 'Ann Byrne', phone: '555-0101' });
  }, 120_000);

  it('a row with the email an overwrite took from a partner still repeats that partner, as in the dry run', async () => {
    const [ben] = await t.db
      .insert(partners)
      .values({ name: 'Ben Ode', email: 'ben@example.org', phone: '555-0102' })
      .returning();
    // Matched by name and phone, the first row gives Ben a new email; the last row has his old one.
    const { dryRun, job } = await importFile([
      'Ben Ode,ben.ode@example.org,555-0102',
      ...filler,
      'Ben Ode,ben@example.org,',
    ]);
    expect(dryRun).toMatchObject({ newRows: 5_000, updates: 1, duplicates: 1 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 5_000, updated: 1, duplicates: 1 });
    const [benAfter] = await t.db.select().from(partners).where(eq(partners.id, ben!.id));
    expect(benAfter).toMatchObject({ email: 'ben.ode@example.org' });
    expect(await t.db.select().from(partners).where(eq(partners.email, 'ben@example.org'))).toEqual([]);
  }, 120_000);
});

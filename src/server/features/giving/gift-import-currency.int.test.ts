import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, donations } from '#server/db/schema';
import { giftImportApi } from '#test-support/features/giving-import-test-api';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ImportPreviewRow } from '#shared/imports';

// The gift import's amounts are in the organization's currency (decision 0179); the rest of the
// gift import is in gift-import.int.test.ts.
describe.each(testDatabaseTargets())('gift import currency on $name', (target) => {
  let t: TestApp;
  let api: ReturnType<typeof giftImportApi>;
  let admin: string;
  let treasurer: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    api = giftImportApi(t);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    const withGiving = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: withGiving.id, feature: 'giving', enabled: true });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses rows in another currency than the organization's, by a Currency column or the amount's sign", async () => {
    // 5,000 yen read as the organization's 5,000 dollars was the walkthrough's finding.
    const organization = { name: 'Grace Ministry', address: '', statementText: '', currency: 'USD' };
    const csv = [
      'Date,Amount,Currency,Name',
      '2024-03-01,5000,JPY,Yen Giver',
      '2024-03-01,25,usd,Dollar Giver',
      '2024-03-01,¥300,,Sign Giver',
      '2024-03-01,40,,No Currency',
      '2024-03-01,€12,EUR,Euro Giver',
    ].join('\n');
    const mapping = { date: 'Date', amount: 'Amount', currency: 'Currency', partnerName: 'Name' };
    const upload = await api.uploaded(treasurer, csv);
    expect(upload.mapping).toMatchObject(mapping);
    const preview = await api.preview(treasurer, upload.id, mapping);
    const { rows: shown } = (await preview.json()) as { rows: ImportPreviewRow[] };
    const notUsd = 'is not USD, the organization’s currency: convert the gift to USD before importing it';
    expect(shown.map((r) => r.errors.map((e) => [e.field, e.message]))).toEqual([
      [['currency', `Currency "JPY" ${notUsd}`]],
      [],
      [['amount', 'Amount "¥300" is not in USD, the organization’s currency: convert it before importing']],
      [],
      [
        ['amount', 'Amount "€12" is not in USD, the organization’s currency: convert it before importing'],
        ['currency', `Currency "EUR" ${notUsd}`],
      ],
    ]);
    expect(await api.dryRun(treasurer, upload.id, mapping)).toMatchObject({ rows: 5, newRows: 2, errorRows: 3 });

    // The same file where the organization counts in euros: the euro row is the one that is taken.
    const put = (currency: string) =>
      t.sendJson('PUT', '/api/organization', { ...organization, currency }, { cookie: admin });
    expect((await put('EUR')).status).toBe(200);
    try {
      const job = await api.committed(treasurer, upload.id, mapping, true);
      expect(job.status, job.error ?? '').toBe('succeeded');
      expect(job.result).toMatchObject({ imported: 2, skippedErrors: 3 });
      const stored = await t.db.select({ name: donations.partnerName, amount: donations.amount }).from(donations);
      expect(stored.map((g) => [g.name, g.amount]).sort()).toEqual([
        ['Euro Giver', '12.00'],
        ['No Currency', '40.00'],
      ]);
    } finally {
      expect((await put('USD')).status).toBe(200);
    }
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activity,
  donations,
  importBatches,
  messages,
  partnerContacts,
  partnerMerges,
  partners,
  partnerTagLinks,
  partnerTags,
  tasks,
} from '#server/db/schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

// Merging two partners (issue 20 item 6): the survivor keeps the chosen values, everything
// the merged partner had moves to it, and the merge is one recorded change.
describe.each(testDatabaseTargets())('partner merge on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let coordinator: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    adminId = (await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' })).id;
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(donations);
    await t.db.delete(tasks);
    await t.db.delete(messages);
    await t.db.delete(partnerMerges);
    await t.db.delete(partners);
    await t.db.delete(partnerTags);
  });

  const addPartner = async (values: Partial<typeof partners.$inferInsert> & { name: string; email: string }) =>
    (await t.db.insert(partners).values(values).returning())[0]!;
  const merge = (body: unknown, cookie = admin) => t.postJson('/api/partners/merge', body, { cookie });
  const tagged = async (partnerId: string, ...names: string[]) => {
    for (const name of names) {
      const [existing] = await t.db.select().from(partnerTags).where(eq(partnerTags.name, name));
      const tag = existing ?? (await t.db.insert(partnerTags).values({ name }).returning())[0]!;
      await t.db.insert(partnerTagLinks).values({ tagId: tag.id, partnerId });
    }
  };

  it('moves gifts, contacts, tasks, tags and the cardholder channel to the survivor, keeping the chosen values', async () => {
    const survivor = await addPartner({ name: 'Ruth Miller', email: 'ruth@example.org', phone: null, zone: 'North' });
    const merged = await addPartner({
      name: 'Ruth A. Miller',
      email: 'ruth.miller@example.org',
      phone: '555-0100',
      zone: 'South',
      cardholderStatus: true,
    });
    await t.db.insert(donations).values([
      { partnerId: merged.id, partnerName: 'Ruth A. Miller', amount: '50.00', donationType: 'one-time' },
      { partnerId: survivor.id, partnerName: 'Ruth Miller', amount: '20.00', donationType: 'monthly' },
    ]);
    await t.db.insert(partnerContacts).values([
      { partnerId: merged.id, kind: 'call', contactDate: '2026-10-01', body: 'Called about the retreat' },
      { partnerId: survivor.id, kind: 'visit', contactDate: '2026-09-01', body: 'Visited' },
    ]);
    await t.db.insert(tasks).values({ title: 'Send thanks', partnerId: merged.id });
    await tagged(merged.id, 'Prayer');
    await tagged(survivor.id, 'Monthly');
    await t.db.insert(messages).values([
      { content: 'Welcome Ruth', partner: 'Ruth A. Miller', chatType: 'cardholder_success' },
      { content: 'A general note', partner: 'General Partners', chatType: 'partner' },
    ]);

    const response = await merge({
      survivorId: survivor.id,
      mergedId: merged.id,
      take: { phone: 'merged', cardholderStatus: 'merged' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { partner: Record<string, unknown>; moved: Record<string, number> };
    expect(body.partner).toMatchObject({
      id: survivor.id,
      name: 'Ruth Miller',
      email: 'ruth@example.org',
      phone: '555-0100',
      zone: 'North',
      cardholderStatus: true,
      lastContact: '2026-10-01',
    });
    expect(body.moved).toEqual({ gifts: 1, contacts: 1, tasks: 1, tags: 1, messages: 1, formResponses: 0 });

    expect(await t.db.select().from(partners).where(eq(partners.id, merged.id))).toEqual([]);
    const gifts = await t.db.select().from(donations);
    expect(gifts.map((g) => [g.partnerId, g.partnerName]).sort()).toEqual([
      [survivor.id, 'Ruth Miller'],
      [survivor.id, 'Ruth Miller'],
    ]);
    expect(await storedGivingRollup(t.db)).toEqual(await givingRollupFromGifts(t.db));
    expect((await t.db.select().from(partnerContacts)).every((c) => c.partnerId === survivor.id)).toBe(true);
    expect((await t.db.select().from(tasks))[0]!.partnerId).toBe(survivor.id);
    const tags = await t.db
      .select({ name: partnerTags.name })
      .from(partnerTagLinks)
      .innerJoin(partnerTags, eq(partnerTags.id, partnerTagLinks.tagId))
      .where(eq(partnerTagLinks.partnerId, survivor.id));
    expect(tags.map((x) => x.name).sort()).toEqual(['Monthly', 'Prayer']);
    const chat = await t.db.select({ partner: messages.partner, content: messages.content }).from(messages);
    expect(chat).toContainEqual({ partner: 'Ruth Miller', content: 'Welcome Ruth' });
    expect(chat).toContainEqual({ partner: 'General Partners', content: 'A general note' });

    const [record] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'partner.merged'), eq(activity.subjectId, survivor.id)));
    expect(record).toMatchObject({
      actorId: adminId,
      before: { survivor: { name: 'Ruth Miller', phone: null }, merged: { id: merged.id, name: 'Ruth A. Miller' } },
      after: { survivor: { phone: '555-0100' }, moved: { gifts: 1 } },
    });
    expect(await t.db.select().from(partnerMerges)).toMatchObject([
      { survivorId: survivor.id, mergedId: merged.id, mergedName: 'Ruth A. Miller', mergedBy: adminId },
    ]);
  });

  it("renames the survivor's own cardholder channel when the merged name is kept, and re-points earlier merges", async () => {
    const first = await addPartner({ name: 'Esther K', email: 'esther.k@example.org' });
    const second = await addPartner({ name: 'Esther Kim', email: 'esther@example.org', cardholderStatus: true });
    const third = await addPartner({ name: 'E. Kim', email: 'ekim@example.org' });
    await t.db
      .insert(messages)
      .values({ content: 'Hello Esther', partner: 'Esther K', chatType: 'cardholder_success' });
    expect((await merge({ survivorId: first.id, mergedId: second.id, take: { name: 'merged' } })).status).toBe(200);
    expect((await t.db.select().from(messages))[0]!.partner).toBe('Esther Kim');
    expect((await merge({ survivorId: third.id, mergedId: first.id })).status).toBe(200);
    // Both earlier partners now belong to the last survivor's history.
    const merges = await t.db.select().from(partnerMerges).where(eq(partnerMerges.survivorId, third.id));
    expect(merges.map((m) => m.mergedId).sort()).toEqual([first.id, second.id].sort());
  });

  it('refuses a partner merged with itself, with an archived one, a missing one, and anyone but an admin; nothing changes', async () => {
    const a = await addPartner({ name: 'Ann Lee', email: 'ann@example.org' });
    const b = await addPartner({ name: 'Ann Leigh', email: 'ann.leigh@example.org', archivedAt: new Date() });
    await t.db
      .insert(donations)
      .values({ partnerId: a.id, partnerName: 'Ann Lee', amount: '5.00', donationType: 'one-time' });
    const cases: [unknown, string, number, string][] = [
      [{ survivorId: a.id, mergedId: a.id }, admin, 400, 'A partner cannot be merged with itself'],
      [
        { survivorId: a.id, mergedId: b.id },
        admin,
        409,
        'Archived partners cannot be merged. Restore the partner first.',
      ],
      [
        { survivorId: b.id, mergedId: a.id },
        admin,
        409,
        'Archived partners cannot be merged. Restore the partner first.',
      ],
      [{ survivorId: a.id, mergedId: '00000000-0000-4000-8000-000000000000' }, admin, 404, 'Partner not found'],
      [
        { survivorId: a.id, mergedId: b.id, take: { name: 'neither' } },
        admin,
        400,
        'Choose which partner each value comes from',
      ],
      [{ survivorId: a.id, mergedId: b.id }, coordinator, 403, 'You do not have permission to do this.'],
    ];
    for (const [body, cookie, status, error] of cases) {
      const response = await merge(body, cookie);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect(
      await t.db
        .select({ id: partners.id })
        .from(partners)
        .where(inArray(partners.id, [a.id, b.id])),
    ).toHaveLength(2);
    expect((await t.db.select().from(donations))[0]!.partnerId).toBe(a.id);
    const records = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'partner.merged'), inArray(activity.subjectId, [a.id, b.id])));
    expect(records).toEqual([]);
  });

  it("leaves a survivor an import created out of that import's undo once it holds an older partner", async () => {
    const [batch] = await t.db
      .insert(importBatches)
      .values({ kind: 'partners', source: 'Sheet', fileName: 'partners.csv', rows: 2, completedAt: new Date() })
      .returning();
    const imported = await addPartner({
      name: 'Rebecca Martinez',
      email: 'rebecca@example.org',
      importBatchId: batch!.id,
    });
    const older = await addPartner({ name: 'Rebecca Martinez', email: 'rebecca@example.com' });
    await t.db
      .insert(donations)
      .values({ partnerId: older.id, partnerName: 'Rebecca Martinez', amount: '25.00', donationType: 'monthly' });
    expect((await merge({ survivorId: imported.id, mergedId: older.id })).status).toBe(200);
    const [survivor] = await t.db.select().from(partners).where(eq(partners.id, imported.id));
    expect(survivor!.importBatchId).toBeNull();
    // Undoing the import leaves her in the directory, gifts and all.
    const undone = await t.postJson(`/api/partners/imports/batches/${batch!.id}/undo`, undefined, { cookie: admin });
    expect(undone.status, await undone.clone().text()).toBe(202);
    expect(await t.deps.jobs.runDue()).toBe(1);
    const [after] = await t.db.select().from(partners).where(eq(partners.id, imported.id));
    expect(after).toMatchObject({ archivedAt: null, name: 'Rebecca Martinez' });

    // Two partners of the same import merged stay that import's.
    const [second] = await t.db
      .insert(importBatches)
      .values({ kind: 'partners', source: 'Sheet', fileName: 'more.csv', rows: 2, completedAt: new Date() })
      .returning();
    const a = await addPartner({ name: 'Amos Boateng', email: 'amos@example.org', importBatchId: second!.id });
    const b = await addPartner({ name: 'Amos Boateng', email: 'amos.b@example.org', importBatchId: second!.id });
    expect((await merge({ survivorId: a.id, mergedId: b.id })).status).toBe(200);
    const [kept] = await t.db.select().from(partners).where(eq(partners.id, a.id));
    expect(kept!.importBatchId).toBe(second!.id);
  });

  it('refuses when the two together would carry more than 50 tags', async () => {
    const a = await addPartner({ name: 'Ann Lee', email: 'ann@example.org' });
    const b = await addPartner({ name: 'Ann Leigh', email: 'ann.leigh@example.org' });
    await tagged(a.id, ...Array.from({ length: 30 }, (_, i) => `A${i}`));
    await tagged(b.id, ...Array.from({ length: 21 }, (_, i) => `B${i}`));
    const response = await merge({ survivorId: a.id, mergedId: b.id });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(
      'Together these partners have more than 50 tags. Remove some tags first.',
    );
    expect(await t.db.select().from(partnerTagLinks).where(eq(partnerTagLinks.partnerId, a.id))).toHaveLength(30);
  });
});

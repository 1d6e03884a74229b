import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { partnerImportChanges, partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import type { ChangeContext } from '#server/service/context';
import { IMPORTED_FIELDS, VALUES_RECORD, type ImportedValues } from './import-cells';
import type { PartnerRow } from './import-target';

/**
 * Other features' records that point at partners (gifts, follow-up tasks), asked through
 * src/server/feature-wiring.ts: which of these partners have any. An undo archives those instead
 * of deleting them (docs/decisions/0117).
 */
export type PartnersWithRecords = (db: Db, partnerIds: readonly string[]) => Promise<Set<string>>;

/** What an import keeps of an updated partner, to put it back on undo. */
export type PartnerBefore = ImportedValues & { tagIds: string[] };

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/**
 * The tags named in these rows, created when missing (grey, by the importer, marked with the
 * batch so its undo can remove them); their ids by the name as the file writes it. Names are
 * matched by the database's lower(), as its unique index does: JavaScript's toLowerCase differs
 * for some letters ('İ', a last 'Σ'), and a key folded by one was not found among keys folded
 * by the other.
 */
async function tagIdsFor(tx: ChangeContext, batchId: string, names: string[]) {
  const ids = new Map<string, string>();
  if (names.length === 0) return ids;
  const asked = [...new Set(names)];
  await tx.db.execute(sql`
    insert into ${partnerTags} (name, created_by, import_batch_id)
    select value, ${tx.actor.id}, ${batchId} from json_array_elements_text(${json(asked)})
    on conflict do nothing`);
  const rows = await queryRows<{ id: string; asked: string }>(
    tx.db,
    sql`select t.id, a.value as asked from json_array_elements_text(${json(asked)}) as a(value)
        join ${partnerTags} t on lower(t.name) = lower(a.value)`,
  );
  for (const row of rows) ids.set(row.asked, row.id);
  return ids;
}

/** Links partners to tags (by name), one statement. */
async function linkTags(tx: ChangeContext, batchId: string, links: { partnerId: string; tags: string[] }[]) {
  const ids = await tagIdsFor(
    tx,
    batchId,
    links.flatMap((l) => l.tags),
  );
  const pairs = links.flatMap((l) => l.tags.map((t) => ({ t: ids.get(t)!, p: l.partnerId })));
  if (pairs.length === 0) return;
  await tx.db.execute(sql`
    insert into ${partnerTagLinks} (tag_id, partner_id)
    select t, p from json_to_recordset(${json(pairs)}) as r(t uuid, p uuid)
    on conflict do nothing`);
}

/**
 * New partners, tagged with the batch, and their tags. The chunk travels as one JSON parameter:
 * drizzle took longer to build an insert of 5,000 partners with eleven bound parameters each
 * than the database took to run it (docs/decisions/0133).
 */
export async function createPartners(tx: ChangeContext, batchId: string, rows: PartnerRow[]) {
  const created = await queryRows<{ id: string; email: string }>(
    tx.db,
    sql`insert into ${partners} (name, email, phone, location, status, coordinator, notes, zone, cardholder_status,
                                 user_id, import_batch_id)
        select r.name, r.email, r.phone, r.location, r.status, r.coordinator, r.notes, r.zone, r."cardholderStatus",
               ${tx.actor.id}, ${batchId}
        from json_to_recordset(${json(rows.map((row) => row.values))}) as r(${VALUES_RECORD})
        returning id, email`,
  );
  // Emails are unique among the rows a batch creates (a repeated email is a duplicate).
  const idOf = new Map(created.map((p) => [p.email.toLowerCase(), p.id]));
  await linkTags(
    tx,
    batchId,
    rows
      .filter((r) => r.tags.length > 0)
      .map((r) => ({ partnerId: idOf.get(r.values.email.toLowerCase())!, tags: r.tags })),
  );
}

/**
 * Updates matched partners with what the chosen mode changes, first keeping each one's fields
 * and tag ids as they were (partner_import_changes), so the undo can put them back.
 */
export async function updatePartners(tx: ChangeContext, batchId: string, rows: PartnerRow[]) {
  const targets = rows.map((row) => {
    const stored = row.match!;
    const before: PartnerBefore = { ...pick(stored), tagIds: stored.tagIds };
    return { row, stored, before, after: { ...pick(stored), ...row.changes!.fields } };
  });
  // With the partner's updated time, which the undo puts back too: undone, it is as it was.
  await tx.db.execute(sql`
    insert into ${partnerImportChanges} (batch_id, partner_id, before)
    select ${batchId}, r.p, r.b || jsonb_build_object('updatedAt', p.updated_at)
    from json_to_recordset(${json(targets.map((t) => ({ p: t.stored.id, b: t.before })))}) as r(p uuid, b jsonb)
    join ${partners} p on p.id = r.p`);
  await setFields(
    tx,
    targets.map((t) => ({ id: t.stored.id, ...t.after })),
  );
  const retagged = targets.filter((t) => t.row.changes!.tags);
  await untagAll(
    tx,
    retagged.map((t) => t.stored.id),
  );
  // Fill adds to a partner without tags; overwrite replaces: either way the file's tags are the partner's now.
  await linkTags(
    tx,
    batchId,
    retagged.map((t) => ({ partnerId: t.stored.id, tags: t.row.tags })),
  );
}

const pick = (values: ImportedValues): ImportedValues =>
  Object.fromEntries(IMPORTED_FIELDS.map((f) => [f, values[f]])) as unknown as ImportedValues;

/** Sets partners' editable fields, one statement for the chunk; updated now unless `updatedAt` says when. */
async function setFields(tx: ChangeContext, rows: (ImportedValues & { id: string; updatedAt?: string })[]) {
  if (rows.length === 0) return;
  await tx.db.execute(sql`
    update ${partners} p set
      name = r.name, email = r.email, phone = r.phone, location = r.location, status = r.status,
      coordinator = r.coordinator, notes = r.notes, zone = r.zone,
      cardholder_status = r."cardholderStatus", updated_at = coalesce(r."updatedAt", now())
    from json_to_recordset(${json(rows)}) as r(id uuid, "updatedAt" timestamptz, ${VALUES_RECORD})
    where p.id = r.id`);
}

async function untagAll(tx: ChangeContext, partnerIds: string[]) {
  if (partnerIds.length === 0) return;
  await tx.db.execute(
    sql`delete from ${partnerTagLinks} where partner_id in (select value::uuid from json_array_elements_text(${json(partnerIds)}))`,
  );
}

/**
 * The partners a batch created (at most `max`, all when null), and those of them with gifts,
 * contacts or tasks since.
 */
async function createdBy(db: Db, batchId: string, withRecords: PartnersWithRecords, max: number | null = null) {
  const created = await queryRows<{ id: string; contacts: boolean }>(
    db,
    sql`select p.id, exists (select 1 from partner_contacts c where c.partner_id = p.id) as contacts
        from ${partners} p where p.import_batch_id = ${batchId} limit ${max}`,
  );
  const linked = await withRecords(
    db,
    created.map((p) => p.id),
  );
  const kept = created.filter((p) => p.contacts || linked.has(p.id)).map((p) => p.id);
  return { created: created.map((p) => p.id), kept };
}

/**
 * Partners the batch created leave it, at most `max` of them (all when null): deleted, except
 * those that got gifts, contacts or tasks since, which are archived so those records keep their
 * partner (D15). One piece of an undo (decision 0148), or the rest of it.
 */
export async function removeCreated(
  tx: ChangeContext,
  batchId: string,
  withRecords: PartnersWithRecords,
  max: number | null,
) {
  const { created, kept } = await createdBy(tx.db, batchId, withRecords, max);
  if (kept.length > 0) {
    await tx.db.execute(sql`
      update ${partners} set archived_at = coalesce(archived_at, now()), archived_by = coalesce(archived_by, ${tx.actor.id}),
        import_batch_id = null
      where id in (select value::uuid from json_array_elements_text(${json(kept)}))`);
  }
  const removed = created.length - kept.length;
  if (removed > 0) {
    const keptIds = new Set(kept);
    // A piece's partners by their ids alone: with the batch's id too, the planner read the
    // batch's whole index for each piece (45 ms a piece of 50 in a batch of 100,000).
    await tx.db.execute(
      max === null
        ? sql`delete from ${partners} where import_batch_id = ${batchId}`
        : sql`delete from ${partners} where id in
                (select value::uuid from json_array_elements_text(${json(created.filter((id) => !keptIds.has(id)))}))`,
    );
  }
  return { removed, archived: kept.length };
}

/**
 * Undoes a partner import, or what pieces of its undo left (decision 0148): the partners it
 * created leave (`removeCreated`); the partners it updated get their fields and tags back as
 * they were before it.
 */
export async function undoPartnerImport(tx: ChangeContext, batchId: string, withRecords: PartnersWithRecords) {
  const { removed, archived } = await removeCreated(tx, batchId, withRecords, null);

  const changes = await queryRows<{ partner_id: string; before: PartnerBefore & { updatedAt?: string } }>(
    tx.db,
    sql`select partner_id, before from ${partnerImportChanges} where batch_id = ${batchId}`,
  );
  await setFields(
    tx,
    changes.map((c) => ({ id: c.partner_id, ...pick(c.before), updatedAt: c.before.updatedAt })),
  );
  await untagAll(
    tx,
    changes.map((c) => c.partner_id),
  );
  const links = changes.flatMap((c) => c.before.tagIds.map((t) => ({ t, p: c.partner_id })));
  if (links.length > 0) {
    // Tags deleted since are gone for good: only the ones still there come back.
    await tx.db.execute(sql`
      insert into ${partnerTagLinks} (tag_id, partner_id)
      select r.t, r.p from json_to_recordset(${json(links)}) as r(t uuid, p uuid)
      where exists (select 1 from ${partnerTags} g where g.id = r.t)
      on conflict do nothing`);
  }
  // The tags it created that no partner carries now (decision 0140).
  await tx.db.execute(sql`
    delete from ${partnerTags} g
    where g.import_batch_id = ${batchId} and not exists (select 1 from ${partnerTagLinks} l where l.tag_id = g.id)`);
  // Put back: the record of the batch is the activity entry now.
  await tx.db.delete(partnerImportChanges).where(eq(partnerImportChanges.batchId, batchId));
  return { removed, archived, restored: changes.length };
}

/** Partners of the batch (created or updated by it) edited after it completed (decision 0140). */
export async function editedSince(db: Db, batchId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${partners} p, import_batches b
        where b.id = ${batchId} and p.updated_at > coalesce(b.completed_at, b.created_at)
          and (p.import_batch_id = b.id or p.id in (select partner_id from ${partnerImportChanges} where batch_id = b.id))`,
  );
  return row?.n ?? 0;
}

/** How many of the partners an undo archives its note names. */
const NAMED_KEPT = 3;

/** What the undo will do besides deleting the created partners, said before it is confirmed. */
export async function partnerUndoNote(db: Db, batchId: string, withRecords: PartnersWithRecords) {
  const { kept } = await createdBy(db, batchId, withRecords);
  const [changed] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${partnerImportChanges} where batch_id = ${batchId}`,
  );
  const edited = await editedSince(db, batchId);
  const [created] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${partnerTags} where import_batch_id = ${batchId}`,
  );
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  const parts: string[] = [];
  if (changed!.n > 0)
    parts.push(
      `${n(changed!.n, 'partner it updated gets its', 'partners it updated get their')} earlier values and tags back.`,
    );
  if (kept.length > 0) {
    // Named, so the person confirming sees who leaves the directory (at most three, then a count).
    const named = await db
      .select({ name: partners.name })
      .from(partners)
      .where(inArray(partners.id, kept.slice(0, NAMED_KEPT)))
      .orderBy(asc(partners.name));
    const more = kept.length - named.length;
    const who = named.map((p) => p.name).join(', ') + (more > 0 ? ` and ${more.toLocaleString('en-US')} more` : '');
    parts.push(
      `${n(kept.length, 'partner it created has', 'partners it created have')} gifts, contacts or tasks since: ${kept.length === 1 ? 'it is' : 'they are'} archived, not deleted (${who}).`,
    );
  }
  if (edited > 0)
    parts.push(`${n(edited, 'partner was', 'partners were')} edited since the import; those edits are undone too.`);
  // The undo removes them when no partner carries them after it (decision 0140).
  if (created!.n > 0)
    parts.push(
      `${n(created!.n, 'tag it created goes', 'tags it created go')} too, unless a partner that stays carries ${created!.n === 1 ? 'it' : 'them'}.`,
    );
  return parts.length > 0 ? parts.join(' ') : null;
}

import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { activity, appSettings, user } from '#server/db/schema';
import { decodeTimeCursor, encodeTimeCursor } from '#server/db/time-cursor';
import { recordChange } from '#server/service/changes';
import type { ServiceContext } from '#server/service/context';
import { subjectLabelOf } from './subject-label';
import { AUDIT_PAGE_SIZE, READ_RECEIPT_ACTIONS, type AuditQuery, type AuditSettings } from '#shared/schemas/audit';

/** The account an entry is about, when its subject is one (a permission changed, a role taken). */
const subjectUser = alias(user, 'subject_user');

/** What the audit log shows of an entry: the chain's own columns stay for audit:verify. */
const entryColumns = {
  id: activity.id,
  at: activity.at,
  // The time as the database wrote it, to the microsecond: the cursor must not round it.
  atText: sql<string>`${activity.at}::text`,
  actorId: activity.actorId,
  actorName: user.name,
  actorEmail: user.email,
  clientIp: activity.clientIp,
  action: activity.action,
  subjectType: activity.subjectType,
  subjectId: activity.subjectId,
  subjectName: subjectUser.name,
  subjectEmail: subjectUser.email,
  before: activity.before,
  after: activity.after,
};

const isEntryNumber = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

function filters(query: AuditQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(activity.actorId, query.actor));
  if (query.action) conditions.push(eq(activity.action, query.action));
  // Read receipts outnumber everything else on a busy portal: shown when asked for (0158).
  else if (query.reads !== 'show') conditions.push(notInArray(activity.action, [...READ_RECEIPT_ACTIONS]));
  if (query.subjectType) conditions.push(eq(activity.subjectType, query.subjectType));
  if (query.subjectId) {
    // Addresses are kept lower-cased: "Coordinator@Example.org" finds them too. Other subjects
    // (folder paths among them) keep their case.
    const id = query.subjectId;
    conditions.push(
      id.includes('@') && id !== id.toLowerCase()
        ? inArray(activity.subjectId, [id, id.toLowerCase()])
        : eq(activity.subjectId, id),
    );
  }
  if (query.from) conditions.push(gte(activity.at, new Date(query.from)));
  if (query.to) conditions.push(lte(activity.at, new Date(query.to)));
  return conditions;
}

async function readPage(db: Db, query: AuditQuery, cursor: string | undefined, size: number) {
  const conditions = filters(query);
  if (cursor) {
    const { atText, id } = decodeTimeCursor(cursor, isEntryNumber);
    conditions.push(sql`(${activity.at}, ${activity.id}) < (${atText}::timestamptz, ${id})`);
  }
  const rows = await db
    .select(entryColumns)
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .leftJoin(subjectUser, and(eq(activity.subjectType, 'user'), eq(subjectUser.id, activity.subjectId)))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeTimeCursor(last.atText, last.id) : null };
}

type EntryRow = Awaited<ReturnType<typeof readPage>>['page'][number];

function present({ atText: _atText, actorName, actorEmail, subjectName, subjectEmail, ...entry }: EntryRow) {
  return {
    ...entry,
    actor: entry.actorId ? { id: entry.actorId, name: actorName ?? '', email: actorEmail ?? null } : null,
    // "user b0ecf4a6-…" told an admin nothing: the account's name or email while it exists,
    // else what the entry's own values call its subject (a partner's name, a gift's giver).
    subjectLabel: subjectName || subjectEmail || subjectLabelOf(entry.subjectType, entry.before, entry.after),
  };
}

/** One page of the audit log, newest first, and the cursor of the next. */
export async function listAudit(db: Db, query: AuditQuery) {
  const { page, nextCursor } = await readPage(db, query, query.cursor, AUDIT_PAGE_SIZE);
  return { entries: page.map(present), nextCursor };
}

/**
 * The values the screen's filters offer: every action, subject type and person in the log.
 * Each is a loose index scan (one index probe per distinct value), not a scan of a million rows.
 */
export async function auditFacets(db: Db) {
  const distinct = (column: 'action' | 'subject_type' | 'actor_id') =>
    queryRows<{ value: string }>(
      db,
      sql`with recursive v as (
            (select ${sql.raw(column)} as value from activity where ${sql.raw(column)} is not null
              order by ${sql.raw(column)} limit 1)
            union all
            select (select ${sql.raw(column)} from activity where ${sql.raw(column)} > v.value
                      order by ${sql.raw(column)} limit 1)
              from v where v.value is not null
          ) select value from v where value is not null`,
    ).then((rows) => rows.map((r) => r.value));
  const [actions, subjectTypes, actorIds] = await Promise.all([
    distinct('action'),
    distinct('subject_type'),
    distinct('actor_id'),
  ]);
  const people =
    actorIds.length === 0
      ? []
      : await db
          .select({ id: user.id, name: user.name, email: user.email })
          .from(user)
          .where(inArray(user.id, actorIds));
  const known = new Map(people.map((p) => [p.id, p]));
  // A removed account's entries keep its id: it stays choosable, named by that id.
  const actors = actorIds
    .map((id) => known.get(id) ?? { id, name: '', email: null })
    .sort((a, b) => (a.name || a.email || a.id).localeCompare(b.name || b.email || b.id));
  return { actions, subjectTypes, actors };
}

/** Rows per statement when exporting: bounded memory for a million entries. */
const EXPORT_BATCH = 2_000;

/**
 * Every entry the filters match, newest first, a batch at a time. The export is itself
 * recorded first (issue 17: "a CSV export, itself logged"), with the filters it used.
 */
export async function* exportAudit(ctx: ServiceContext, query: AuditQuery) {
  const { cursor: _ignored, ...used } = query;
  await ctx.change((tx) =>
    tx.record({ action: 'audit.exported', subject: { type: 'audit', id: 'export' }, after: { filters: used } }),
  );
  let cursor: string | undefined;
  for (;;) {
    const { page, nextCursor } = await readPage(ctx.db, used, cursor, EXPORT_BATCH);
    for (const row of page) yield present(row);
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}

const RETENTION_KEY = 'audit_retention_days';

export async function getAuditSettings(db: Db): Promise<AuditSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, RETENTION_KEY));
  return { retentionDays: row ? Number(row.value) : null };
}

/** Sets how long entries are kept; null keeps everything (the default). */
export async function setAuditSettings(ctx: ServiceContext, settings: AuditSettings): Promise<AuditSettings> {
  return ctx.change(async (tx) => {
    const before = await getAuditSettings(tx.db);
    if (settings.retentionDays === null) {
      await tx.db.delete(appSettings).where(eq(appSettings.key, RETENTION_KEY));
    } else {
      const value = String(settings.retentionDays);
      await tx.db
        .insert(appSettings)
        .values({ key: RETENTION_KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    }
    await tx.record({
      action: 'audit.retention_changed',
      subject: { type: 'audit', id: 'retention' },
      before,
      after: settings,
    });
    return settings;
  });
}

/**
 * Entries one piece of the clean-up removes, in a short transaction of its own (decision 0147):
 * a few milliseconds of the chain's lock, and of the embedded database's one connection.
 */
export const AUDIT_PRUNE_PIECE = 500;

/**
 * Removes entries older than the retention setting, oldest first and only as a prefix of the
 * chain (activity_prune, migrations 0013 and 0034), a piece at a time, and records in the last
 * piece's transaction how many went. Run hourly by the server; `onPiece` hears the running
 * total after each piece but the last (the job's progress, which also renews its lease).
 */
export async function pruneAudit(
  db: Db,
  now = new Date(),
  pieceEntries = AUDIT_PRUNE_PIECE,
  onPiece?: (removed: number) => Promise<void>,
): Promise<number> {
  const { retentionDays } = await getAuditSettings(db);
  if (retentionDays === null) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  let total = 0;
  for (;;) {
    const removed = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ removed: string | number }>(
        tx as unknown as Db,
        sql`select activity_prune(${cutoff.toISOString()}::timestamptz, ${pieceEntries}) as removed`,
      );
      const piece = Number(row?.removed ?? 0);
      if (piece < pieceEntries && total + piece > 0) {
        // The server's own act: no person, no client address.
        await recordChange(tx as unknown as Db, null, {
          action: 'audit.pruned',
          subject: { type: 'audit', id: 'retention' },
          after: { removed: total + piece, olderThan: cutoff.toISOString(), retentionDays },
        });
      }
      return piece;
    });
    total += removed;
    if (removed < pieceEntries) return total;
    await onPiece?.(total);
  }
}

/**
 * Scenario 7, the audit log (issue 17, decision 0103): what recording a change's audit entry
 * adds to the write (p95 of a small write alone, and of the same write with its entry chained
 * under the lock), then, through the API on a log of a million entries, the first page, a page
 * further down by its cursor, and pages filtered by person, by action and by a month a year ago.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client';
import { appSettings } from '#server/db/schema';
import { recordChange } from '#server/service/changes';
import { sampleMs, summarize, type Summary } from '../stats';
import { getOk } from './dashboard';

export interface AuditFigures {
  entries: number;
  seedSeconds: number;
  /** A one-row upsert in its transaction, alone and with its audit entry. */
  write: { alone: Summary; withEntry: Summary };
  pages: { first: Summary; deeper: Summary; byPerson: Summary; byAction: Summary; byMonth: Summary };
}

const ACTIONS = [
  'donation.created',
  'partner.updated',
  'partner.created',
  'task.updated',
  'task.created',
  'message.sent',
  'file.uploaded',
  'sign_in.succeeded',
  'event.created',
  'permission.changed',
];
const PEOPLE = 50;
const ACTION_ARRAY = sql.raw(`ARRAY[${ACTIONS.map((a) => `'${a}'`).join(', ')}]`);

/**
 * A million entries over three years, written in one statement with the chain's trigger off
 * (numbered, with a stand-in hash: the bench reads pages, it does not verify the chain; the
 * trigger chains the portal's own entries after them). Then the write cost, directly.
 */
export async function seedAuditAndTimeWrites(
  database: Database,
  entries: number,
  samples: number,
): Promise<Omit<AuditFigures, 'pages'>> {
  const { db } = database;
  const started = performance.now();
  await db.transaction(async (tx) => {
    // Both halves of the chain (migration 0029): the insert trigger would clear the numbers
    // given here, and the seal at commit would number each entry again.
    await tx.execute(sql`alter table activity disable trigger activity_chain`);
    await tx.execute(sql`alter table activity disable trigger activity_seal`);
    await tx.execute(sql`
      insert into activity (at, actor_id, client_ip, action, subject_type, subject_id, after, seq, prev_hash, hash)
      select now() - ((${entries} - n) * (interval '3 years' / ${entries})),
             'bench-person-' || (n % ${PEOPLE}),
             '192.0.2.' || (n % 200),
             (${ACTION_ARRAY})[1 + n % ${ACTIONS.length}],
             split_part((${ACTION_ARRAY})[1 + n % ${ACTIONS.length}], '.', 1),
             md5(n::text),
             jsonb_build_object('n', n, 'note', 'bench entry'),
             coalesce((select max(seq) from activity), 0) + n,
             md5((n - 1)::text),
             md5(n::text)
      from generate_series(1, ${entries}) as n`);
    await tx.execute(sql`alter table activity enable trigger activity_chain`);
    await tx.execute(sql`alter table activity enable trigger activity_seal`);
  });
  await db.execute(sql`analyze activity`);
  const seedSeconds = (performance.now() - started) / 1000;

  let n = 0;
  const upsert = (tx: Db) =>
    tx
      .insert(appSettings)
      .values({ key: 'bench_write', value: String(n++) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: String(n) } });
  const alone = summarize(await sampleMs(() => db.transaction((tx) => upsert(tx as unknown as Db)), samples));
  const withEntry = summarize(
    await sampleMs(
      () =>
        db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await upsert(tx);
          await recordChange(tx, null, { action: 'bench.changed', subject: { type: 'bench', id: 'bench' } });
        }),
      samples,
    ),
  );
  await db.delete(appSettings).where(sql`${appSettings.key} = 'bench_write'`);
  return { entries, seedSeconds, write: { alone, withEntry } };
}

/** The screen's reads through the running portal, as an admin. */
export async function measureAuditPages(url: string, cookie: string, samples: number) {
  const api = `${url}/api/audit`;
  const time = (query: string) => sampleMs(() => getOk(`${api}${query}`, cookie), samples).then(summarize);
  // A cursor ten pages down, as "Show more" reaches it.
  let cursor = '';
  for (let page = 0; page < 10; page++) {
    const body = JSON.parse(await getOk(`${api}${cursor ? `?cursor=${cursor}` : ''}`, cookie)) as {
      nextCursor: string | null;
    };
    cursor = body.nextCursor ?? '';
  }
  const yearAgo = new Date(Date.now() - 365 * 24 * 3600_000);
  const monthStart = new Date(yearAgo.getFullYear(), yearAgo.getMonth(), 1).toISOString();
  const monthEnd = new Date(yearAgo.getFullYear(), yearAgo.getMonth() + 1, 1).toISOString();
  return {
    first: await time(''),
    deeper: await time(`?cursor=${cursor}`),
    byPerson: await time('?actor=bench-person-7'),
    byAction: await time('?action=permission.changed'),
    byMonth: await time(`?from=${monthStart}&to=${monthEnd}`),
  };
}

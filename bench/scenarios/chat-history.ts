/**
 * Scenario 13, chat history and search (issue 23, docs/decisions/0124): one channel holding
 * `messages` messages (1,000,000 at full scale), generated in the database in one statement
 * from a vocabulary of everyday words, so search has common and rare terms. Timed through the
 * API as an admin: opening the channel (its first page, GET /api/chat/messages) and a search
 * for a common and a rare term (GET /api/chat/search).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { sampleMs, summarize, type Summary } from '../stats';
import { getOk } from './dashboard';

export const HISTORY_CHANNEL = { chatType: 'coordinator', partner: 'Outreach Team' } as const;
/** In about one message in five. */
export const COMMON_TERM = 'prayer';
/** In one message in 100,000 (ten at full scale). */
export const RARE_TERM = 'zephyrine';

/** Everyday words; each message takes five of them, so 'prayer' (one of 25) is in about one in five. */
const WORDS = [
  'prayer',
  'meeting',
  'sunday',
  'thanks',
  'everyone',
  'outreach',
  'team',
  'visit',
  'families',
  'north',
  'south',
  'zone',
  'coffee',
  'hall',
  'volunteers',
  'schedule',
  'monday',
  'evening',
  'update',
  'report',
  'please',
  'bring',
  'flyers',
  'church',
  'lunch',
];

export interface ChatHistoryFigures {
  messages: number;
  /** How many messages each search term is in. */
  matches: { common: number; rare: number };
  firstPage: Summary;
  search: { common: Summary; rare: Summary };
}

/** Generated in the database: a statement per 100,000 messages, spread over two years. */
export async function seedChatHistory(db: Db, messages: number): Promise<void> {
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  const n = WORDS.length;
  const batch = 100_000;
  for (let from = 1; from <= messages; from += batch) {
    const to = Math.min(messages, from + batch - 1);
    await db.execute(sql`
      insert into messages (content, user_id, partner, chat_type, created_at)
      select
        initcap(w[1 + (i * 7) % ${n}]) || ' ' || w[1 + (i * 11 + 3) % ${n}] || ' ' || w[1 + (i * 13 + 5) % ${n}]
          || ' ' || w[1 + (i * 17 + 2) % ${n}] || ' ' || w[1 + (i * 19 + 1) % ${n}]
          || case when i % 100000 = 0 then ' ${sql.raw(RARE_TERM)}' else '' end
          || ' #' || i,
        (select id from "user" order by created_at limit 1),
        ${HISTORY_CHANNEL.partner},
        ${HISTORY_CHANNEL.chatType},
        now() - ((${messages} - i) * interval '1 minute')
      from generate_series(${from}::int, ${to}::int) as i, (select ${words} as w) as vocabulary`);
  }
  // Flushes the GIN index's pending list (as autovacuum would), so searches read the index proper.
  await db.execute(sql`vacuum analyze messages`);
}

async function matchCount(db: Db, term: string): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from messages where to_tsvector('simple', content) @@ to_tsquery('simple', ${`${term}:*`})`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

export async function countChatMatches(db: Db) {
  return { common: await matchCount(db, COMMON_TERM), rare: await matchCount(db, RARE_TERM) };
}

export async function measureChatHistory(
  url: string,
  cookie: string,
  seeded: { messages: number; matches: ChatHistoryFigures['matches'] },
  samples: number,
): Promise<ChatHistoryFigures> {
  const page = `${url}/api/chat/messages?${new URLSearchParams(HISTORY_CHANNEL)}`;
  const search = (q: string) => `${url}/api/chat/search?${new URLSearchParams({ q })}`;
  const first = JSON.parse(await getOk(page, cookie)) as { messages: unknown[] };
  if (first.messages.length === 0) throw new Error('bench: the history channel is empty');
  const rare = JSON.parse(await getOk(search(RARE_TERM), cookie)) as { results: unknown[] };
  if (rare.results.length === 0) throw new Error('bench: the rare term found nothing');
  return {
    ...seeded,
    firstPage: summarize(await sampleMs(() => getOk(page, cookie), samples)),
    search: {
      common: summarize(await sampleMs(() => getOk(search(COMMON_TERM), cookie), samples)),
      rare: summarize(await sampleMs(() => getOk(search(RARE_TERM), cookie), samples)),
    },
  };
}

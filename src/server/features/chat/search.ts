import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Access } from '#server/auth/permissions';
import type { Db } from '#server/db/client';
import { messages, prefixQuery, searchableWords, user } from '#server/db/schema';
import { SEARCH_PAGE, searchWords, type ChatSearchPage, type ChatSearchQuery } from '#shared/chat-search';
import { readableChatTypes } from './readable';

/** How many of the newest messages (before the cursor) are tried before the GIN index. */
export const RECENT_WINDOW = 500;

/**
 * Messages matching every word of `q`, newest first, 20 at a time before the cursor, only in
 * the channel types the reader may see, never deleted ones. Two steps, because PostgreSQL
 * cannot estimate a prefix tsquery and picks one plan for every term: walking the primary key
 * newest first is instant for a common term and takes seconds for a rare one over a million
 * messages (every row's tsvector computed), the GIN index the other way round. So the newest
 * RECENT_WINDOW messages are checked first (bounded work, fills the page for common terms);
 * only a page still short goes to the GIN index (messages_search_idx), for older messages.
 */
export async function searchMessages(
  db: Db,
  query: ChatSearchQuery,
  access: Access,
  window = RECENT_WINDOW,
): Promise<ChatSearchPage> {
  // Runs of letters and digits only, at most 20 of them: nothing typed reaches SQL as syntax,
  // and a query of symbols alone answers at once.
  const words = searchWords(query.q);
  if (words.length === 0) return { results: [], nextBefore: null };
  const wanted = SEARCH_PAGE + 1;
  const matches = sql`${searchableWords(messages.content)} @@ ${prefixQuery(words.join(' '))}`;
  const readable = and(inArray(messages.chatType, readableChatTypes(access)), isNull(messages.deletedAt));
  const beforeCursor = query.before === undefined ? undefined : lt(messages.id, query.before);
  const recent = db
    .select({ id: messages.id })
    .from(messages)
    .where(beforeCursor)
    .orderBy(desc(messages.id))
    .limit(window)
    .as('recent');
  const [bounds] = await db
    .select({ oldest: sql<number | null>`min(${recent.id})`, n: sql<number>`count(*)::int` })
    .from(recent);
  const ids = (
    await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.id, db.select({ id: recent.id }).from(recent)), matches, readable))
      .orderBy(desc(messages.id))
      .limit(wanted)
  ).map((r) => r.id);
  if (ids.length < wanted && bounds && bounds.n >= window && bounds.oldest !== null) {
    // Materialised, so PostgreSQL reads the matches off the GIN index instead of walking the key.
    const older = (await db.execute(sql`
      with found as materialized (
        select ${messages.id} as id from ${messages}
        where ${matches} and ${readable} and ${messages.id} < ${Number(bounds.oldest)}
      )
      select id from found order by id desc limit ${wanted - ids.length}`)) as unknown as {
      rows: { id: string | number }[];
    };
    ids.push(...older.rows.map((r) => Number(r.id)));
  }
  if (ids.length === 0) return { results: [], nextBefore: null };
  const rows = await db
    .select({
      id: messages.id,
      chatType: messages.chatType,
      partner: messages.partner,
      userName: sql<string>`coalesce(nullif(${user.name}, ''), ${user.email}, 'Former member')`,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(user, eq(user.id, messages.userId))
    .where(inArray(messages.id, ids))
    .orderBy(desc(messages.id));
  const page = rows.slice(0, SEARCH_PAGE);
  return {
    results: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextBefore: rows.length > SEARCH_PAGE ? page[page.length - 1]!.id : null,
  };
}

import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Access } from '#server/auth/permissions';
import type { Db } from '#server/db/client';
import { messages, user } from '#server/db/schema';
import { SEARCH_PAGE, searchWords, type ChatSearchPage, type ChatSearchQuery } from '#shared/chat-search';
import { readableChatTypes } from './readable';

/**
 * The tsquery for a search: every word as a prefix term, all required ('grace:* & past:*').
 * Words are runs of letters and digits only (searchWords), so nothing typed can act as tsquery
 * syntax; the text is still passed as a bound parameter, never spliced into the SQL.
 */
export function prefixQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

/**
 * Messages matching every word of `q`, newest first, 20 at a time before the cursor, only in
 * the channel types the reader may see, never deleted ones. The condition is the expression of
 * the GIN index messages_search_idx, so PostgreSQL can answer it from the index.
 */
export async function searchMessages(db: Db, query: ChatSearchQuery, access: Access): Promise<ChatSearchPage> {
  const tsquery = prefixQuery(query.q);
  if (!tsquery) return { results: [], nextBefore: null };
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
    .where(
      and(
        sql`to_tsvector('simple', ${messages.content}) @@ to_tsquery('simple', ${tsquery})`,
        inArray(messages.chatType, readableChatTypes(access)),
        isNull(messages.deletedAt),
        query.before === undefined ? undefined : lt(messages.id, query.before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(SEARCH_PAGE + 1);
  const page = rows.slice(0, SEARCH_PAGE);
  return {
    results: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextBefore: rows.length > SEARCH_PAGE ? page[page.length - 1]!.id : null,
  };
}

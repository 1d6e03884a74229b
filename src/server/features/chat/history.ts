import { and, asc, desc, eq, gt, lt, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { messages, user } from '#server/db/schema';
import { refuse } from '#server/service/errors';
import type { Channel, ChannelMessages, ChannelPageQuery } from '#shared/chat';
import { CHANNEL_PAGE, messageColumns, toChatMessages } from './service';

/** How many messages of each side a page `around` a message holds. */
const AROUND_SIDE = CHANNEL_PAGE / 2;

const inChannel = (channel: Channel) =>
  and(eq(messages.chatType, channel.chatType), eq(messages.partner, channel.partner));

/** Up to `limit` messages of the channel passing `where`, newest first or oldest first. */
function select(
  db: Db,
  channel: Channel,
  where: ReturnType<typeof lt> | undefined,
  order: 'newest' | 'oldest',
  limit: number,
) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(user, eq(user.id, messages.userId))
    .where(and(inChannel(channel), where))
    .orderBy(order === 'newest' ? desc(messages.id) : asc(messages.id))
    .limit(limit);
}

/**
 * One page of a channel, oldest first, by id cursor (issue 23): the latest page, the page
 * before or after a message, or a page centred on one. Each is one range of the channel index
 * (chat_type, partner, id), so a channel of a million messages costs a page, not a million;
 * one extra row says whether more lie beyond.
 */
export async function channelPage(db: Db, query: ChannelPageQuery): Promise<ChannelMessages> {
  const channel: Channel = { chatType: query.chatType, partner: query.partner };
  if (query.around !== undefined) {
    const [older, newer] = await Promise.all([
      select(db, channel, lte(messages.id, query.around), 'newest', AROUND_SIDE + 1),
      select(db, channel, gt(messages.id, query.around), 'oldest', AROUND_SIDE + 1),
    ]);
    // A link to a message of another channel (or none) says so rather than showing a wrong page.
    if (older[0]?.id !== query.around) refuse(404, 'Message not found');
    return {
      messages: await toChatMessages(db, [...older.slice(0, AROUND_SIDE).reverse(), ...newer.slice(0, AROUND_SIDE)]),
      hasOlder: older.length > AROUND_SIDE,
      hasNewer: newer.length > AROUND_SIDE,
    };
  }
  if (query.after !== undefined) {
    const rows = await select(db, channel, gt(messages.id, query.after), 'oldest', CHANNEL_PAGE + 1);
    return {
      messages: await toChatMessages(db, rows.slice(0, CHANNEL_PAGE)),
      // The page was asked for after a message the reader has: older ones exist.
      hasOlder: true,
      hasNewer: rows.length > CHANNEL_PAGE,
    };
  }
  const where = query.before === undefined ? undefined : lt(messages.id, query.before);
  const rows = await select(db, channel, where, 'newest', CHANNEL_PAGE + 1);
  return {
    messages: await toChatMessages(db, rows.slice(0, CHANNEL_PAGE).reverse()),
    hasOlder: rows.length > CHANNEL_PAGE,
    hasNewer: false,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { chatReads, messages, partners } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import {
  CARDHOLDER_GROUP_CHANNELS,
  COORDINATOR_CHANNELS,
  PARTNER_CHANNELS,
  UNREAD_CAP,
  type Channel,
  type ChannelUnread,
  type ChatType,
  type MarkReadInput,
} from '#shared/chat';
import type { Permissions } from '#shared/permissions';
import { assertChannelAllowed } from './service';

const key = (c: Channel) => `${c.chatType}\u0000${c.partner}`;

/** Every channel the person may read (D6): the fixed ones, and with VIP access each active cardholder's. */
async function readableChannels(db: Db, permissions: Permissions): Promise<Channel[]> {
  const fixed = (chatType: ChatType, names: readonly string[]) => names.map((partner) => ({ chatType, partner }));
  const channels = [...fixed('partner', PARTNER_CHANNELS), ...fixed('coordinator', COORDINATOR_CHANNELS)];
  if (!permissions.cardholder_success) return channels;
  const cardholders = await db
    .select({ name: partners.name })
    .from(partners)
    .where(and(eq(partners.cardholderStatus, true), eq(partners.status, 'active')));
  return [
    ...channels,
    ...fixed('cardholder_success', CARDHOLDER_GROUP_CHANNELS),
    ...fixed('cardholder_success', [...new Set(cardholders.map((c) => c.name))]),
  ];
}

/**
 * A channel the person has no read position in starts at its latest message, stored the first
 * time they ask for their counts: a new coordinator is not greeted by ten thousand unread, and
 * what arrives afterwards counts. One statement for all such channels; concurrent first looks
 * (two tabs) keep whichever row came first.
 */
async function startPositions(ctx: ServiceContext, channels: Channel[]): Promise<void> {
  const known = await ctx.db
    .select({ chatType: chatReads.chatType, partner: chatReads.partner })
    .from(chatReads)
    .where(eq(chatReads.userId, ctx.actor.id));
  const have = new Set(known.map((k) => key(k as Channel)));
  const missing = channels.filter((c) => !have.has(key(c)));
  if (missing.length === 0) return;
  await ctx.change(async (tx) => {
    const values = sql.join(
      missing.map((c) => sql`(${c.chatType}::text, ${c.partner}::varchar)`),
      sql`, `,
    );
    await tx.db.execute(sql`
      insert into ${chatReads} (user_id, chat_type, partner, last_read_id)
      select ${tx.actor.id}, c.chat_type, c.partner,
        coalesce((select max(m.id) from ${messages} m where m.chat_type = c.chat_type and m.partner = c.partner), 0)
      from (values ${values}) as c(chat_type, partner)
      on conflict do nothing`);
    await tx.record({
      action: 'chat.reads-started',
      subject: { type: 'user', id: tx.actor.id },
      after: { channels: missing.length },
    });
  });
}

/**
 * The person's unread count in every channel they may read: messages of others after their
 * read position, not deleted, counted up to UNREAD_CAP per channel. Each count is one short
 * range of the channel index that stops at the cap.
 */
export async function unreadCounts(ctx: ServiceContext): Promise<ChannelUnread[]> {
  const channels = await readableChannels(ctx.db, ctx.actor.permissions);
  await startPositions(ctx, channels);
  const readable = new Set(channels.map(key));
  const rows = await queryRows<{
    chatType: ChatType;
    partner: string;
    lastReadId: string | number;
    count: string | number;
    latestId: string | number;
  }>(
    ctx.db,
    sql`
      select r.chat_type as "chatType", r.partner, r.last_read_id as "lastReadId",
        (select count(*) from (
          select 1 from ${messages} m
          where m.chat_type = r.chat_type and m.partner = r.partner and m.id > r.last_read_id
            and m.deleted_at is null and m.user_id is distinct from r.user_id
          limit ${UNREAD_CAP}) as unread) as count,
        coalesce((select max(m.id) from ${messages} m where m.chat_type = r.chat_type and m.partner = r.partner), 0) as "latestId"
      from ${chatReads} r
      where r.user_id = ${ctx.actor.id}`,
  );
  return rows
    .filter((r) => readable.has(key(r)))
    .map((r) => ({
      chatType: r.chatType,
      partner: r.partner,
      count: Number(r.count),
      lastReadId: Number(r.lastReadId),
      latestId: Number(r.latestId),
    }));
}

/**
 * Moves the person's read position in a channel forward, never back (another device may have
 * read further), to at most the channel's latest message. Their own tabs and devices hear of
 * it (`chat.read`, to that person only) and update their counts.
 */
export async function markRead(ctx: ServiceContext, input: MarkReadInput): Promise<{ lastReadId: number }> {
  const channel: Channel = { chatType: input.chatType, partner: input.partner };
  await assertChannelAllowed(ctx.db, channel, ctx.actor);
  const [latest] = await queryRows<{ id: string | number | null }>(
    ctx.db,
    sql`select max(id) as id from ${messages} where chat_type = ${channel.chatType} and partner = ${channel.partner}`,
  );
  const target = Math.min(input.lastReadId, Number(latest?.id ?? 0));
  const [current] = await ctx.db
    .select({ lastReadId: chatReads.lastReadId })
    .from(chatReads)
    .where(
      and(
        eq(chatReads.userId, ctx.actor.id),
        eq(chatReads.chatType, channel.chatType),
        eq(chatReads.partner, channel.partner),
      ),
    );
  // Nothing to move: no write, no record, no announcement.
  if (current && current.lastReadId >= target) return { lastReadId: current.lastReadId };
  return ctx.change(async (tx) => {
    const [row] = await tx.db
      .insert(chatReads)
      .values({ userId: tx.actor.id, chatType: channel.chatType, partner: channel.partner, lastReadId: target })
      .onConflictDoUpdate({
        target: [chatReads.userId, chatReads.chatType, chatReads.partner],
        set: { lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)`, updatedAt: new Date() },
      })
      .returning({ lastReadId: chatReads.lastReadId });
    const lastReadId = row!.lastReadId;
    await tx.record({
      action: 'chat.read',
      subject: { type: 'user', id: tx.actor.id },
      announce: {
        audience: { userId: tx.actor.id },
        event: { type: 'chat.read', chatType: channel.chatType, partner: channel.partner, lastReadId },
      },
      after: { chatType: channel.chatType, partner: channel.partner, lastReadId },
    });
    return { lastReadId };
  });
}

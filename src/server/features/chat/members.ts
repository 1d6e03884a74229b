import { accessFrom, accessRoleSql, switchesSql, type SwitchPairs } from '#server/auth/permissions';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import { refuse } from '#server/service/errors';
import type { Channel, ChannelMember } from '#shared/chat';
import { mentionedIds } from '#shared/mentions';
import type { AccessRole } from '#shared/permissions';

interface Person extends ChannelMember {
  /** The names a mention may use (decision 0100): display name, full name, email and its local part. */
  names: string[];
  canSee: boolean;
}

/**
 * Everyone with an account, and whether they can see the channel: chat, and for the
 * Cardholder Success channels that feature too; deactivated accounts cannot. One statement; a
 * ministry has tens of accounts, so the rules run over them in memory (as notifications do).
 */
async function peopleFor(db: Db, channel: Channel): Promise<Person[]> {
  const rows = await db
    .select({
      id: user.id,
      displayName: user.displayName,
      fullName: user.name,
      email: user.email,
      deactivatedAt: user.deactivatedAt,
      role: accessRoleSql(user.id),
      switches: switchesSql(user.id),
    })
    .from(user);
  return rows.map((row) => {
    const { permissions } = accessFrom(row.role as AccessRole, row.switches as SwitchPairs | string);
    const canSee =
      row.deactivatedAt === null &&
      permissions.chat &&
      (channel.chatType !== 'cardholder_success' || permissions.cardholder_success);
    return {
      id: row.id,
      // The name chat shows beside a message (SPEC "messages"): already visible to every reader.
      name: row.displayName?.trim() || row.fullName?.trim() || row.email,
      names: [row.displayName, row.fullName, row.email.split('@')[0]!, row.email].filter((n): n is string => !!n),
      canSee,
    };
  });
}

/** The people who can see a channel, by name, for the @mention autocomplete. */
export async function channelMembers(db: Db, channel: Channel): Promise<ChannelMember[]> {
  const people = await peopleFor(db, channel);
  return people
    .filter((p) => p.canSee)
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A message may only @mention people who can see its channel (issue 23): otherwise the
 * mention would notify no one while the writer believes it did, or invite someone to a
 * conversation they may not read. Refused before anything is written.
 */
export async function assertMentionsAllowed(db: Db, channel: Channel, content: string): Promise<void> {
  if (!content.includes('@')) return;
  const people = await peopleFor(db, channel);
  const mentioned = new Set(mentionedIds(content, people));
  const outsider = people.find((p) => mentioned.has(p.id) && !p.canSee);
  if (outsider) refuse(400, `${outsider.name} cannot see this channel`);
}

/**
 * Whom a text mentions among the people who can see the channel: an edit records who its old
 * text mentioned, so only people it newly mentions are told (issue 23).
 */
export async function mentionedIn(db: Db, channel: Channel, content: string): Promise<string[]> {
  if (!content.includes('@')) return [];
  const people = await peopleFor(db, channel);
  const visible = new Set(people.filter((p) => p.canSee).map((p) => p.id));
  return mentionedIds(content, people).filter((id) => visible.has(id));
}

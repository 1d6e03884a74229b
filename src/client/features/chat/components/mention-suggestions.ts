import type { ChannelMember } from '#shared/chat';

/** How many people the @mention list offers at once. */
const MAX_SUGGESTIONS = 8;

/**
 * The "@name" being typed just before the caret, if any: '@' at the start or after a space,
 * then up to two words (names have a space: "@Ruth Mi").
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([\p{L}\p{N}_.'-]*(?: [\p{L}\p{N}_.'-]*)?)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** People whose name, or a word of it, starts with what was typed. */
export function suggestMembers(members: readonly ChannelMember[], query: string): ChannelMember[] {
  const wanted = query.toLowerCase();
  return members
    .filter((m) => {
      const name = m.name.toLowerCase();
      return name.startsWith(wanted) || (!wanted.includes(' ') && name.split(/\s+/).some((w) => w.startsWith(wanted)));
    })
    .slice(0, MAX_SUGGESTIONS);
}

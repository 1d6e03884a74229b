/**
 * @mentions in chat (issue 16, docs/decisions/0100). A person is mentioned by '@' followed by
 * their display name, full name or the part of their email before the '@', in any case, when
 * the name ends there (the next character is not a letter or digit): "@Ruth Miller, can you…"
 * mentions Ruth Miller, "@ruthie" does not mention "Ruth". Pure, so the composer could offer
 * the same names.
 */
export interface Mentionable {
  id: string;
  names: readonly (string | null | undefined)[];
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

export function mentionedIds(text: string, people: readonly Mentionable[]): string[] {
  const lower = text.toLowerCase();
  if (!lower.includes('@')) return [];
  return people
    .filter((person) =>
      person.names.some((name) => {
        const wanted = name?.trim().toLowerCase();
        if (!wanted) return false;
        for (let at = lower.indexOf(`@${wanted}`); at !== -1; at = lower.indexOf(`@${wanted}`, at + 1)) {
          const before = lower[at - 1];
          const after = lower[at + 1 + wanted.length];
          // Not the middle of an email address (ruth@example.org) nor the start of a longer name.
          if (!isWordChar(before) && !isWordChar(after)) return true;
        }
        return false;
      }),
    )
    .map((person) => person.id);
}

import type { PartnersWithEmail } from '#shared/schemas/partners';

/**
 * What the partner form says under Email when other partners have it already: a shared email
 * is allowed (a couple may give as two partners), so it is a note, not an error (decision 0162).
 */
export function sameEmailNote({ partners, total }: PartnersWithEmail): string | null {
  if (total === 0) return null;
  const names = partners.map((p) => (p.archived ? `${p.name} (archived)` : p.name));
  const more = total - names.length;
  const listed = more > 0 ? [...names, `${more} more`] : names;
  const who = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
  return `${who} already ${total === 1 ? 'has' : 'have'} this email. You can still save if this is someone else.`;
}

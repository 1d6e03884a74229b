import type { StoredAnswer } from '#shared/form-answers';

/** The longest name taken from an answer for a title or a row; a longer one is cut. */
const NAME_MAX = 60;

const textOf = (answer: StoredAnswer | undefined) =>
  answer && typeof answer.value === 'string' && answer.value.trim() !== '' ? answer.value.trim() : null;

/**
 * The name a public-link response gives for itself: the first text answer to a question about a
 * name ("Full name", "Your name"), else the first email answer; null when it gives neither.
 */
export function nameGiven(answers: readonly StoredAnswer[]): string | null {
  const named = textOf(answers.find((a) => a.type === 'text' && /\bname\b/i.test(a.label) && textOf(a)));
  const given = named ?? textOf(answers.find((a) => a.type === 'email' && textOf(a)));
  if (given === null) return null;
  return given.length > NAME_MAX ? `${given.slice(0, NAME_MAX - 1)}…` : given;
}

/**
 * Who answered: the partner (personal link), else the person it was sent to, else the name the
 * answers give, marked as from the public link ("Ama Mensah (public link)"), else "Public link".
 * Every public response read "Public link", so a list of them could not be told apart.
 */
export function respondent(response: {
  partner?: { name: string } | null;
  recipient?: { name: string } | null;
  answers: readonly StoredAnswer[];
}): string {
  const known = response.partner?.name ?? response.recipient?.name;
  if (known) return known;
  const given = nameGiven(response.answers);
  return given ? `${given} (public link)` : 'Public link';
}

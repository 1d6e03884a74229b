/**
 * A few words naming what an audit entry is about, read from the values the entry itself keeps
 * (docs/decisions/0182): "donation 439714f6-…" told an admin nothing, "Grace Church, 50.00" does.
 * Read from the entry, not from the subject's row today, so a deleted partner's or task's
 * entries still say which one it was, and the label is what the subject was called then.
 */

/** Long enough for a partner's or a form's name; a label is a reminder, not the record. */
const LONGEST = 80;

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What one set of values calls its subject, or null when nothing in it names it. */
function nameIn(subjectType: string, values: Values): string | null {
  if (subjectType === 'donation') {
    // A gift is told apart by who gave it and how much (the amount as recorded, "50.00").
    const giver = text(values.partnerName);
    const amount = text(values.amount);
    return giver && amount ? `${giver}, ${amount}` : giver;
  }
  if (subjectType === 'form_response') {
    // An answer is told apart by its form and, when sent by a personal link, who answered.
    const form = text(values.formTitle);
    const who = text(values.recipientName);
    return form && who ? `${form}, ${who}` : form;
  }
  // A merge keeps both partners: it is about the one that remains.
  if (isValues(values.survivor)) return text(values.survivor.name);
  // A partner, a tag or a file has a name; a task, an event, a form or an onboarding step a
  // title; a folder a path; an email a subject line.
  if (subjectType === 'email') return text(values.subject);
  return text(values.name) ?? text(values.title) ?? text(values.path);
}

/** The label of an entry's subject, from its after values, else its before values; null when neither names it. */
export function subjectLabelOf(subjectType: string, before: unknown, after: unknown): string | null {
  for (const values of [after, before]) {
    const name = isValues(values) ? nameIn(subjectType, values) : null;
    if (name) return name.length > LONGEST ? `${name.slice(0, LONGEST - 1)}…` : name;
  }
  return null;
}

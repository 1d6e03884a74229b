import { formatDay } from '#shared/format';

/** One field of a partner's record before and after a change, in words. */
export interface FieldChange {
  label: string;
  from: string;
  to: string;
}

/** The fields of a partner's record the timeline names, in the order of the form. */
const FIELDS: { key: string; label: string; show?: (value: unknown) => string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'location', label: 'Location' },
  {
    key: 'status',
    label: 'Status',
    show: (v) => (v === 'inactive' ? 'Inactive' : v === 'active' ? 'Active' : text(v)),
  },
  { key: 'coordinator', label: 'Coordinator' },
  { key: 'zone', label: 'Zone' },
  { key: 'cardholderStatus', label: 'Cardholder', show: (v) => (v === true ? 'Yes' : v === false ? 'No' : text(v)) },
  { key: 'notes', label: 'Notes' },
];

// As the details and the merge dialog say an empty field.
const text = (value: unknown) => (value === null || value === undefined || value === '' ? 'Not given' : String(value));
/** A day as every date of the portal reads ("Nov 15, 2026"). */
const day = (value: unknown) => (typeof value === 'string' && value !== '' ? formatDay(value) : text(value));

/** What each recorded action on a partner says; actions added later read as their last word. */
const SUMMARIES: Record<string, string> = {
  'partner.created': 'Added the partner',
  'partner.updated': 'Changed the partner’s details',
  'partner.archived': 'Archived the partner',
  'partner.unarchived': 'Restored the partner from the archive',
  'partner.tagged': 'Changed the partner’s tags',
};

function summaryOf(action: string): string {
  const known = SUMMARIES[action];
  if (known) return known;
  const last = action.split('.').at(-1) ?? action;
  const words = last.replace(/[_-]+/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * A recorded change to a partner in readable words, never the raw record: a summary and, for
 * an edit, each field that changed from and to what. A record made before the contact log
 * changed last_contact by hand; that field is named too.
 */
export function describePartnerChange(action: string, before: unknown, after: unknown) {
  // A merge records both partners before and the survivor after (decision 0118): its fields
  // are the survivor's, and the summary names the partner merged in.
  const merge = action === 'partner.merged';
  const was = merge ? asRecord(asRecord(before).survivor) : asRecord(before);
  const now = merge ? asRecord(asRecord(after).survivor) : asRecord(after);
  const fields = [...FIELDS, { key: 'lastContact', label: 'Last contact', show: day }];
  const changes =
    action === 'partner.updated' || (Object.keys(was).length > 0 && Object.keys(now).length > 0)
      ? fields
          .filter((field) => JSON.stringify(was[field.key] ?? null) !== JSON.stringify(now[field.key] ?? null))
          .filter((field) => field.key in was || field.key in now)
          .map((field) => {
            const show = field.show ?? text;
            return { label: field.label, from: show(was[field.key]), to: show(now[field.key]) };
          })
      : [];
  const year = asRecord(after).year;
  const summary = merge
    ? `Merged ${text(asRecord(asRecord(before).merged).name)} into this partner`
    : // The partner's year-end statement, taken as a PDF (issue 19): the year says which one.
      action === 'statement.downloaded' && typeof year === 'number'
      ? `Downloaded the ${year} giving statement`
      : summaryOf(action);
  return { summary, changes };
}

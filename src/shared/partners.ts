/**
 * Partner relationships' vocabulary shared by client, server and the schema (issue 20): the
 * kinds of contact logged on a partner and the tag palette.
 */

export const CONTACT_KINDS = ['call', 'visit', 'email', 'letter', 'meeting', 'prayer_request', 'note'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  call: 'Call',
  visit: 'Visit',
  email: 'Email',
  letter: 'Letter',
  meeting: 'Meeting',
  prayer_request: 'Prayer request',
  note: 'Note',
};

/** Tag colours: names of a fixed palette the client maps to readable badge styles. */
export const TAG_COLOURS = [
  'gray',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

export const TAG_LIMITS = {
  /** Characters in a tag's name. */
  name: 50,
  /** Tags on one partner. */
  perPartner: 50,
} as const;

/** The partner form's fields (last contact is the contact log's): what a merge chooses between and an import fills. */
export const PARTNER_FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'status',
  'coordinator',
  'notes',
  'zone',
  'cardholderStatus',
] as const;

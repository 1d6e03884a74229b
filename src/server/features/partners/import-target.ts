import type { ImportField, ImportTarget, PreparedRow } from '#server/imports/target';
import { DUPLICATE_MODES } from '#shared/imports';
import { TAG_LIMITS } from '#shared/partners';
import { checkPartnerCells, lowerAsDatabase, phoneDigits, type CheckedPartner } from './import-cells';
import { changesFor, FIELD_WORDS, matchPartners, type PartnerChanges, type StoredPartner } from './import-match';
import { partnersChanged } from './service';
import {
  createPartners,
  editedSince,
  partnerUndoNote,
  removeCreated,
  undoPartnerImport,
  updatePartners,
  type PartnersWithRecords,
} from './import-writes';

/** A partner row as the file gives it, checked; `prepare` adds the stored partner it matches. */
export interface PartnerRow extends CheckedPartner {
  /** A stored partner has this email (or name and phone), even one this row will not change. */
  found?: boolean;
  match?: StoredPartner;
  changes?: PartnerChanges;
}

// Phone numbers may start with "+" (+44 20 7946 0958): digits, spaces and ( ) . - only, no formula.
const PHONE_NUMBER = /^\+[\d\s().-]+$/;

/**
 * The partner form's fields, plus first and last names (joined when no name column is mapped)
 * and tags, with the headers of typical church and donor system exports (Planning Center
 * People, Breeze) and generic ones.
 */
const FIELDS: ImportField[] = [
  {
    key: 'name',
    label: 'Name',
    required: false,
    hint: 'Or map First name and Last name',
    aliases: ['full name', 'partner', 'partner name', 'display name', 'donor name', 'contact name', 'household name'],
  },
  { key: 'firstName', label: 'First name', required: false, aliases: ['first', 'given name', 'forename', 'nickname'] },
  { key: 'lastName', label: 'Last name', required: false, aliases: ['last', 'surname', 'family name'] },
  {
    key: 'email',
    label: 'Email',
    required: true,
    aliases: ['e-mail', 'email address', 'home email', 'primary email', 'personal email', 'work email', 'email 1'],
  },
  {
    key: 'phone',
    label: 'Phone',
    required: false,
    notFormula: PHONE_NUMBER,
    aliases: [
      'mobile phone',
      'mobile',
      'cell',
      'cell phone',
      'phone number',
      'home phone',
      'primary phone',
      'work phone',
    ],
  },
  {
    key: 'location',
    label: 'Location',
    required: false,
    aliases: ['home address city', 'city', 'town', 'address city', 'city state', 'address', 'home address'],
  },
  {
    key: 'status',
    label: 'Status',
    required: false,
    hint: 'active (the default) or inactive',
    aliases: ['partner status', 'active'],
  },
  { key: 'coordinator', label: 'Coordinator', required: false, aliases: ['assigned to', 'owner', 'contact person'] },
  { key: 'notes', label: 'Notes', required: false, aliases: ['note', 'comments', 'comment', 'description', 'memo'] },
  { key: 'zone', label: 'Zone', required: false, aliases: ['region', 'area', 'campus', 'district'] },
  {
    key: 'cardholderStatus',
    label: 'Cardholder status',
    required: false,
    hint: 'yes or no (no by default)',
    aliases: ['cardholder', 'card holder'],
  },
  {
    key: 'tags',
    label: 'Tags',
    required: false,
    hint: `Separated by commas or semicolons; new tags are created (at most ${TAG_LIMITS.perPartner} a partner)`,
    aliases: ['tag', 'labels', 'groups', 'categories', 'lists'],
  },
];

const list = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * Partners from a CSV through the shared pipeline (issue 20 item 4, docs/decisions/0117). Rows
 * are checked by the partner form's schema; duplicates are found by email, then by name and
 * phone; a stored one is skipped, or its empty fields filled, or its fields overwritten, as the
 * importer chose, its earlier values kept for the undo.
 */
export function partnerImportTarget(withRecords: PartnersWithRecords): ImportTarget<PartnerRow> {
  return {
    kind: 'partners',
    feature: 'partners',
    noun: 'partners',
    // Creates, tags and updates each travel as one JSON parameter: a statement per 5,000 rows.
    writeRows: 5_000,
    fields: FIELDS,
    duplicateModes: DUPLICATE_MODES,

    checkMapping(mapping) {
      if (!mapping.email) return 'Choose the column that holds Email.';
      if (!mapping.name && !mapping.firstName && !mapping.lastName) {
        return 'Choose the column that holds Name (or the columns of First name and Last name).';
      }
      return null;
    },

    check(cells) {
      return checkPartnerCells(cells);
    },

    async prepare(db, rows, { duplicates, writingBatch }) {
      const matches = await matchPartners(db, rows, writingBatch);
      return rows.map((row, i): PreparedRow<PartnerRow> => {
        const digits = phoneDigits(row.values.phone);
        const keys = {
          duplicateKey: `email:${lowerAsDatabase(row.values.email)}`,
          otherKeys: digits ? [`name-phone:${lowerAsDatabase(row.values.name)}|${digits}`] : [],
        };
        const match = matches[i];
        if (!match) return { value: row, ...keys, note: null };
        if ('ambiguous' in match) {
          return {
            value: { ...row, found: true },
            ...keys,
            note: `${match.ambiguous} partners in the directory have the ${match.how.replace('same ', '')}`,
          };
        }
        const { partner, how } = match;
        const changes = changesFor(row, partner, duplicates);
        const changed = [
          ...Object.keys(changes.fields).map((f) => FIELD_WORDS[f as keyof typeof FIELD_WORDS]),
          ...(changes.tags ? ['tags'] : []),
        ];
        if (changed.length === 0) {
          const nothing =
            duplicates === 'skip' ? '' : duplicates === 'fill' ? '; nothing to fill' : '; nothing differs';
          return {
            value: { ...row, found: true },
            ...keys,
            note: `Already in the directory as ${partner.name} (${how})${nothing}`,
          };
        }
        return {
          value: { ...row, found: true, match: partner, changes },
          ...keys,
          storedId: partner.id,
          note:
            duplicates === 'fill'
              ? `Fills ${partner.name}'s empty ${list(changed)} (${how})`
              : `Overwrites ${partner.name}'s ${list(changed)} (${how})`,
        };
      });
    },

    async existingKeys(_db, rows) {
      // prepare looked them up: a row that found a stored partner (or several) is a stored duplicate.
      return new Set(rows.filter((r) => r.value.found).map((r) => r.duplicateKey));
    },

    write: (tx, batchId, rows) =>
      createPartners(
        tx,
        batchId,
        rows.map((r) => r.value),
      ),
    update: (tx, batchId, rows) =>
      updatePartners(
        tx,
        batchId,
        rows.map((r) => r.value),
      ),
    changedSince: (db, batchId) => editedSince(db, batchId),
    undoNote: (db, batchId) => partnerUndoNote(db, batchId, withRecords),
    removePiece: (tx, batchId, max) => removeCreated(tx, batchId, withRecords, max),
    undo: (tx, batchId) => undoPartnerImport(tx, batchId, withRecords),
    // No one partner: a whole batch changed.
    announce: () => partnersChanged(),
  };
}

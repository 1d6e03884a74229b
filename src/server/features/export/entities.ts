/**
 * What the complete export holds (issue 25 item 4, decision 0128): one entry per data file, each
 * a table (or part of one) with the columns a ministry may take to another system, and the
 * words the archive's README uses for them. Secrets are left out by naming columns, never by
 * leaving them out of a `select *`: a column added to a table later is not exported until it is
 * listed here (password hashes, two-factor secrets, session and link tokens, the auth secret).
 */
import { PLACEHOLDER_NAME } from '#shared/schemas/files';

/**
 * How a column is written: `timestamp` as ISO 8601 in UTC with microseconds, `date` as
 * YYYY-MM-DD, `decimal` as an exact decimal string, `json` as JSON (a JSON text in the CSV).
 */
export type ColumnType = 'text' | 'boolean' | 'integer' | 'number' | 'decimal' | 'timestamp' | 'date' | 'json';

export interface ExportColumn {
  name: string;
  type: ColumnType;
  about: string;
  /** The SQL giving the value, over the table aliased `t`; the column of the same name when absent. */
  expr?: string;
}

export interface ExportEntity {
  /** The data files' name: `data/<name>.json` and `data/<name>.csv`. */
  name: string;
  about: string;
  table: string;
  /** Rows of the table left out (the SQL condition over `t`). */
  where?: string;
  /** The primary key: rows are read in its order, one page after the other (keyset). */
  key: readonly string[];
  columns: readonly ExportColumn[];
  /** Files: each row's stored contents go into the archive too. */
  contents?: true;
}

/** A folder is a zero-size `.placeholder` file record (SPEC 3): the folders' file, not the files'. */
const PLACEHOLDER = `'${PLACEHOLDER_NAME}'`;

/** Settings that are the ministry's choices; the installation's secrets (auth_secret) are not among them. */
export const EXPORTED_SETTINGS = ['organization', 'organization_logo', 'audit_retention_days', 'two_factor_required'];

const id = (about: string): ExportColumn => ({ name: 'id', type: 'text', about });
const created = (about = 'When it was created.'): ExportColumn => ({ name: 'created_at', type: 'timestamp', about });
const userRef = (name: string, about: string): ExportColumn => ({ name, type: 'text', about: `${about} (users.id).` });

export const EXPORT_ENTITIES: readonly ExportEntity[] = [
  {
    name: 'users',
    about: 'Everyone who can sign in. No password hashes, two-factor secrets, sessions or tokens.',
    table: '"user"',
    key: ['id'],
    columns: [
      id('The account id, which other files name as user_id, created_by and so on.'),
      { name: 'name', type: 'text', about: 'Full name.' },
      { name: 'display_name', type: 'text', about: 'The name they chose to be shown under, if any.' },
      { name: 'email', type: 'text', about: 'Sign-in email address.' },
      {
        name: 'role',
        type: 'text',
        about: 'admin, coordinator, or none (signs in to Settings only).',
        expr: `coalesce((select r.role from user_roles r where r.user_id = t.id order by r.role = 'admin' desc limit 1), 'none')`,
      },
      { name: 'email_verified', type: 'boolean', about: 'Whether the address was confirmed.' },
      { name: 'email_notifications', type: 'boolean', about: 'Settings switch: email notifications.' },
      { name: 'partner_updates', type: 'boolean', about: 'Settings switch: partner updates.' },
      { name: 'donation_alerts', type: 'boolean', about: 'Settings switch: donation alerts.' },
      { name: 'email_frequency', type: 'text', about: 'immediately or daily (a digest).' },
      { name: 'two_factor_enabled', type: 'boolean', about: 'Whether they sign in with an authenticator app.' },
      { name: 'must_change_password', type: 'boolean', about: 'Whether the next sign-in must choose a new password.' },
      { name: 'deactivated_at', type: 'timestamp', about: 'When an admin deactivated the account; empty if active.' },
      {
        name: 'last_sign_in_at',
        type: 'timestamp',
        about: 'Their latest sign-in.',
        expr: '(select s.last_sign_in_at from user_sign_ins s where s.user_id = t.id)',
      },
      created('When the account was created.'),
      { name: 'updated_at', type: 'timestamp', about: 'Last change to the account.' },
    ],
  },
  {
    name: 'roles',
    about: 'The admin and coordinator roles (D4). A user without a row here has Settings only.',
    table: 'user_roles',
    key: ['user_id', 'role'],
    columns: [
      userRef('user_id', 'Who holds it'),
      { name: 'role', type: 'text', about: 'admin or coordinator.' },
      created('When it was given.'),
    ],
  },
  {
    name: 'permissions',
    about:
      'Per-coordinator feature switches set by an admin. A feature without a row has its default (on, except user_management and giving).',
    table: 'coordinator_permissions',
    key: ['user_id', 'feature'],
    columns: [
      userRef('user_id', 'The coordinator'),
      { name: 'feature', type: 'text', about: 'The feature key (dashboard, partners, giving, ...).' },
      { name: 'enabled', type: 'boolean', about: 'On or off.' },
      { name: 'updated_at', type: 'timestamp', about: 'When it was last switched.' },
    ],
  },
  {
    name: 'organization_settings',
    about:
      "The ministry's settings: its name, address, statement text and currency (organization), the logo's storage key, the audit retention and the two-factor policy.",
    table: 'app_settings',
    where: `t.key in (${EXPORTED_SETTINGS.map((k) => `'${k}'`).join(', ')})`,
    key: ['key'],
    columns: [
      { name: 'key', type: 'text', about: 'The setting.' },
      { name: 'value', type: 'text', about: 'Its value as stored (JSON text for organization).' },
    ],
  },
  {
    name: 'partners',
    about: 'The partner directory, archived partners included.',
    table: 'partners',
    key: ['id'],
    columns: [
      id('The partner id, which other files name as partner_id.'),
      { name: 'name', type: 'text', about: 'Name.' },
      { name: 'email', type: 'text', about: 'Email address.' },
      { name: 'phone', type: 'text', about: 'Phone.' },
      { name: 'location', type: 'text', about: 'Location.' },
      { name: 'status', type: 'text', about: 'active or inactive.' },
      { name: 'coordinator', type: 'text', about: 'The coordinator, as typed.' },
      { name: 'zone', type: 'text', about: 'Zone.' },
      { name: 'cardholder_status', type: 'boolean', about: 'Whether the partner is a VIP cardholder.' },
      { name: 'notes', type: 'text', about: 'Notes.' },
      { name: 'last_contact', type: 'date', about: 'The latest contact-log date.' },
      {
        name: 'tags',
        type: 'text',
        about: 'Tag names, separated by "; " (the links are in partner_tag_links).',
        expr: `(select string_agg(g.name, '; ' order by lower(g.name)) from partner_tag_links l join partner_tags g on g.id = l.tag_id where l.partner_id = t.id)`,
      },
      userRef('user_id', 'Who added the partner'),
      { name: 'archived_at', type: 'timestamp', about: 'When archived; empty while in the directory.' },
      userRef('archived_by', 'Who archived it'),
      { name: 'import_batch_id', type: 'text', about: 'The import that created it (import_batches.id).' },
      created(),
      { name: 'updated_at', type: 'timestamp', about: 'Last change.' },
    ],
  },
  {
    name: 'partner_tags',
    about: 'The tags partners may carry.',
    table: 'partner_tags',
    key: ['id'],
    columns: [
      id('The tag id.'),
      { name: 'name', type: 'text', about: 'Tag name.' },
      { name: 'colour', type: 'text', about: 'Its colour on screen.' },
      userRef('created_by', 'Who made it'),
      created(),
      { name: 'import_batch_id', type: 'text', about: 'The import that created it, if one did.' },
    ],
  },
  {
    name: 'partner_tag_links',
    about: 'Which partner carries which tag.',
    table: 'partner_tag_links',
    key: ['tag_id', 'partner_id'],
    columns: [
      { name: 'tag_id', type: 'text', about: 'The tag (partner_tags.id).' },
      { name: 'partner_id', type: 'text', about: 'The partner (partners.id).' },
    ],
  },
  {
    name: 'partner_contacts',
    about: "Each partner's contact log: calls, visits, emails, letters, meetings, prayer requests, notes.",
    table: 'partner_contacts',
    key: ['id'],
    columns: [
      id('The entry id.'),
      { name: 'partner_id', type: 'text', about: 'The partner (partners.id).' },
      { name: 'kind', type: 'text', about: 'call, visit, email, letter, meeting, prayer_request or note.' },
      { name: 'contact_date', type: 'date', about: 'The day of the contact.' },
      { name: 'body', type: 'text', about: 'What was said or done.' },
      userRef('created_by', 'Who logged it'),
      created(),
    ],
  },
  {
    name: 'partner_merges',
    about: 'Partners merged into another: the merged id and name, and the partner that kept their records.',
    table: 'partner_merges',
    key: ['id'],
    columns: [
      id('The merge id.'),
      { name: 'survivor_id', type: 'text', about: 'The partner kept (partners.id).' },
      { name: 'merged_id', type: 'text', about: "The merged partner's former id." },
      { name: 'merged_name', type: 'text', about: "The merged partner's name." },
      userRef('merged_by', 'Who merged them'),
      { name: 'merged_at', type: 'timestamp', about: 'When.' },
    ],
  },
  {
    name: 'gifts',
    about: 'Every gift recorded, voided ones included (voided = true; they count nowhere).',
    table: 'donations',
    key: ['id'],
    columns: [
      id('The gift id.'),
      { name: 'donation_date', type: 'timestamp', about: 'When it was given.' },
      { name: 'amount', type: 'decimal', about: 'Amount, an exact decimal with two places.' },
      { name: 'donation_type', type: 'text', about: 'one-time or monthly.' },
      { name: 'partner_id', type: 'text', about: 'The partner (partners.id); empty when only a name was typed.' },
      { name: 'partner_name', type: 'text', about: 'The giver as named on the gift.' },
      { name: 'method', type: 'text', about: 'cash, check, card, bank_transfer or online.' },
      { name: 'reference', type: 'text', about: "Check number or the giving service's id." },
      { name: 'notes', type: 'text', about: 'Notes.' },
      { name: 'voided', type: 'boolean', about: 'Whether the gift was voided.', expr: 't.voided_at is not null' },
      { name: 'voided_at', type: 'timestamp', about: 'When it was voided.' },
      userRef('voided_by', 'Who voided it'),
      { name: 'void_reason', type: 'text', about: 'Why.' },
      { name: 'version', type: 'integer', about: 'Raised by each correction (its history is in the audit log).' },
      userRef('user_id', 'Who recorded it'),
      { name: 'import_batch_id', type: 'text', about: 'The import it came from (import_batches.id).' },
    ],
  },
  {
    name: 'import_batches',
    about: 'Gift and partner imports.',
    table: 'import_batches',
    key: ['id'],
    columns: [
      id('The batch id.'),
      { name: 'kind', type: 'text', about: 'gifts or partners.' },
      { name: 'source', type: 'text', about: 'The source named by the importer.' },
      { name: 'file_name', type: 'text', about: 'The uploaded file.' },
      { name: 'rows', type: 'integer', about: 'Rows written.' },
      userRef('created_by', 'Who imported'),
      created(),
      { name: 'completed_at', type: 'timestamp', about: 'When its last row was written; empty while being written.' },
      { name: 'undone_at', type: 'timestamp', about: 'When it was undone, if it was.' },
      userRef('undone_by', 'Who undid it'),
    ],
  },
  {
    name: 'tasks',
    about: 'The task board.',
    table: 'tasks',
    key: ['id'],
    columns: [
      id('The task id.'),
      { name: 'title', type: 'text', about: 'Title.' },
      { name: 'description', type: 'text', about: 'Description.' },
      { name: 'priority', type: 'text', about: 'high, medium or low.' },
      { name: 'status', type: 'text', about: 'pending, in-progress or completed.' },
      { name: 'due_date', type: 'date', about: 'Due date.' },
      userRef('assigned_to', 'Assignee'),
      { name: 'partner_id', type: 'text', about: 'The partner a follow-up is about (partners.id).' },
      userRef('created_by', 'Who made it'),
      created(),
      { name: 'completed_at', type: 'timestamp', about: 'When it was completed.' },
    ],
  },
  {
    name: 'events',
    about:
      'Calendar events. A series has a recurrence rule; an occurrence changed on its own is a row with series_id and occurrence_start.',
    table: 'events',
    key: ['id'],
    columns: [
      id('The event id.'),
      { name: 'title', type: 'text', about: 'Title.' },
      { name: 'description', type: 'text', about: 'Description.' },
      { name: 'start_date', type: 'timestamp', about: 'Start (an all-day event: midnight UTC of its first day).' },
      { name: 'end_date', type: 'timestamp', about: 'End (an all-day event: midnight UTC of its last day).' },
      { name: 'all_day', type: 'boolean', about: 'Whether it lasts whole days.' },
      { name: 'time_zone', type: 'text', about: 'The IANA zone it was planned in.' },
      { name: 'location', type: 'text', about: 'Location.' },
      { name: 'recurrence', type: 'text', about: 'An RFC 5545 RRULE for a series; empty for a single event.' },
      { name: 'series_end', type: 'timestamp', about: "The end of a series' last occurrence." },
      { name: 'series_id', type: 'text', about: 'The series a changed occurrence belongs to (events.id).' },
      { name: 'occurrence_start', type: 'timestamp', about: 'The start of the occurrence it replaces.' },
      { name: 'image_url', type: 'text', about: "The image's storage key (the image itself is not in the archive)." },
      userRef('user_id', 'Who made it'),
      created(),
      { name: 'updated_at', type: 'timestamp', about: 'Last change.' },
    ],
  },
  {
    name: 'event_cancellations',
    about: 'Occurrences of a series deleted on their own.',
    table: 'event_cancellations',
    key: ['event_id', 'occurrence_start'],
    columns: [
      { name: 'event_id', type: 'text', about: 'The series (events.id).' },
      { name: 'occurrence_start', type: 'timestamp', about: 'The start of the cancelled occurrence.' },
      created('When it was cancelled.'),
    ],
  },
  {
    name: 'chat_messages',
    about:
      'Chat messages as they are now: an edited message has its final text and edited_at; a deleted one keeps its place with deleted_at and no text.',
    table: 'messages',
    key: ['id'],
    columns: [
      { name: 'id', type: 'number', about: 'The message id (the order within a channel).' },
      { name: 'chat_type', type: 'text', about: 'partner, coordinator or cardholder_success.' },
      {
        name: 'channel',
        type: 'text',
        about: "The channel's name (a cardholder's name for their channel).",
        expr: 't.partner',
      },
      userRef('user_id', 'The sender'),
      { name: 'content', type: 'text', about: 'The text.' },
      created('When it was sent.'),
      { name: 'edited_at', type: 'timestamp', about: 'When last edited.' },
      { name: 'deleted_at', type: 'timestamp', about: 'When deleted.' },
      userRef('deleted_by', 'Who deleted it'),
      { name: 'revision', type: 'number', about: 'Raised by every change to the message.' },
    ],
  },
  {
    name: 'chat_attachments',
    about: "Files sent with chat messages: their names and sizes (the files' contents are not in the archive).",
    table: 'message_attachments',
    key: ['id'],
    columns: [
      id('The attachment id.'),
      { name: 'message_id', type: 'number', about: 'The message (chat_messages.id).' },
      { name: 'name', type: 'text', about: 'File name.' },
      { name: 'size', type: 'number', about: 'Size in bytes.' },
      { name: 'mime_type', type: 'text', about: 'Type.' },
      created(),
    ],
  },
  {
    name: 'forms',
    about: "The team's forms. fields is the list of questions (id, label, type, required).",
    table: 'forms',
    key: ['id'],
    columns: [
      id('The form id.'),
      { name: 'title', type: 'text', about: 'Title.' },
      { name: 'description', type: 'text', about: 'Description.' },
      { name: 'fields', type: 'json', about: 'The questions, as JSON.' },
      { name: 'status', type: 'text', about: 'open or closed.' },
      { name: 'closes_at', type: 'timestamp', about: 'When it stops taking answers.' },
      { name: 'response_limit', type: 'integer', about: 'How many answers it takes at most.' },
      { name: 'thank_you_message', type: 'text', about: 'Shown after answering.' },
      { name: 'response_count', type: 'integer', about: 'Answers received.' },
      { name: 'version', type: 'integer', about: 'Raised by each change.' },
      userRef('user_id', 'Who made it'),
      created(),
      { name: 'updated_at', type: 'timestamp', about: 'Last change.' },
    ],
  },
  {
    name: 'form_recipients',
    about: 'Partners a form was sent to (their personal links are not exported).',
    table: 'form_recipients',
    key: ['id'],
    columns: [
      id('The recipient id.'),
      { name: 'form_id', type: 'text', about: 'The form (forms.id).' },
      { name: 'partner_id', type: 'text', about: 'The partner (partners.id).' },
      { name: 'name', type: 'text', about: 'Name sent to.' },
      { name: 'email', type: 'text', about: 'Address sent to.' },
      userRef('sent_by', 'Who sent it'),
      created('When it was sent.'),
      { name: 'responded_at', type: 'timestamp', about: 'When they answered.' },
    ],
  },
  {
    name: 'form_responses',
    about: 'Answers to forms. answers lists each answer with the label and type of its question when answered.',
    table: 'form_responses',
    key: ['id'],
    columns: [
      id('The response id.'),
      { name: 'form_id', type: 'text', about: 'The form (forms.id).' },
      { name: 'recipient_id', type: 'text', about: 'The personal link answered (form_recipients.id).' },
      { name: 'partner_id', type: 'text', about: 'The partner who answered (partners.id).' },
      { name: 'answers', type: 'json', about: 'The answers, as JSON.' },
      created('When it was answered.'),
    ],
  },
  {
    name: 'folders',
    about: "The shared drive's folders (each also a directory under files/ in this archive).",
    table: 'files',
    where: `t.name = ${PLACEHOLDER}`,
    key: ['id'],
    columns: [
      { name: 'folder_path', type: 'text', about: 'The folder, from the home folder: /Reports/2025/.' },
      { name: 'created_by', type: 'text', about: 'Who made it (users.id).', expr: 't.uploaded_by' },
      created(),
    ],
  },
  {
    name: 'files',
    about: "The shared drive's files. Each file's contents are in this archive at archive_path.",
    table: 'files',
    where: `t.name <> ${PLACEHOLDER}`,
    key: ['id'],
    contents: true,
    columns: [
      id('The file id.'),
      { name: 'name', type: 'text', about: 'File name.' },
      { name: 'folder_path', type: 'text', about: 'Its folder: / for the home folder, else /Reports/2025/.' },
      {
        name: 'archive_path',
        type: 'text',
        about: 'Where its contents are in this archive (empty if the stored file was missing).',
        expr: 'null::text',
      },
      { name: 'size', type: 'number', about: 'Size in bytes.' },
      { name: 'mime_type', type: 'text', about: 'Type.' },
      userRef('uploaded_by', 'Who uploaded it'),
      created('When it was uploaded.'),
    ],
  },
  {
    name: 'onboarding_steps',
    about: 'Coordinator onboarding steps, in order (uploaded videos themselves are not in the archive).',
    table: 'onboarding_steps',
    key: ['id'],
    columns: [
      id('The step id.'),
      { name: 'position', type: 'integer', about: 'Its place in the list.' },
      { name: 'title', type: 'text', about: 'Title.' },
      { name: 'description', type: 'text', about: 'Description.' },
      { name: 'video_link', type: 'text', about: 'A link to a video page.' },
      { name: 'video_name', type: 'text', about: "An uploaded video's file name." },
      { name: 'video_type', type: 'text', about: "An uploaded video's type." },
      { name: 'video_size', type: 'number', about: "An uploaded video's size in bytes." },
      created(),
      { name: 'updated_at', type: 'timestamp', about: 'Last change.' },
    ],
  },
  {
    name: 'onboarding_progress',
    about: 'How far each person got with each step.',
    table: 'onboarding_progress',
    key: ['user_id', 'step_id'],
    columns: [
      userRef('user_id', 'Who'),
      { name: 'step_id', type: 'text', about: 'The step (onboarding_steps.id).' },
      { name: 'watched_seconds', type: 'number', about: 'The furthest point watched, in seconds.' },
      { name: 'duration_seconds', type: 'number', about: "The video's length in seconds." },
      { name: 'completed_at', type: 'timestamp', about: 'When the step was done.' },
      { name: 'updated_at', type: 'timestamp', about: 'Last change.' },
    ],
  },
  {
    name: 'notifications',
    about: "People's notifications in the portal.",
    table: 'notifications',
    key: ['id'],
    columns: [
      { name: 'id', type: 'number', about: 'The notification id.' },
      userRef('recipient_id', 'Who it is for'),
      { name: 'kind', type: 'text', about: 'What it is about.' },
      { name: 'title', type: 'text', about: 'Title.' },
      { name: 'body', type: 'text', about: 'Text.' },
      { name: 'link', type: 'text', about: 'Where it leads in the portal.' },
      created(),
      { name: 'read_at', type: 'timestamp', about: 'When it was read.' },
    ],
  },
  {
    name: 'audit_log',
    about:
      'The audit log: every change, sign-in and refused admin action, with the values before and after (never a secret), chained by hash.',
    table: 'activity',
    key: ['id'],
    columns: [
      { name: 'id', type: 'number', about: 'The entry id.' },
      { name: 'seq', type: 'number', about: 'Its place in the hash chain.' },
      { name: 'at', type: 'timestamp', about: 'When.' },
      { name: 'actor_id', type: 'text', about: 'Who (users.id; a deleted account keeps its id here).' },
      { name: 'client_ip', type: 'text', about: 'From which address.' },
      { name: 'action', type: 'text', about: 'What, such as gift.voided.' },
      { name: 'subject_type', type: 'text', about: 'What kind of thing it was done to.' },
      { name: 'subject_id', type: 'text', about: 'Which one.' },
      { name: 'before', type: 'json', about: 'Values before, as JSON.' },
      { name: 'after', type: 'json', about: 'Values after, as JSON.' },
      { name: 'prev_hash', type: 'text', about: "The previous entry's hash." },
      { name: 'hash', type: 'text', about: "This entry's hash (npm run audit:verify checks the chain)." },
    ],
  },
];

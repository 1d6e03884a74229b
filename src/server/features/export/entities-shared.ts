import { PLACEHOLDER_NAME } from '#shared/schemas/files';
import { id, created, userRef, type ExportEntity } from './entity-shape';

/** A folder is a zero-size `.placeholder` file record (SPEC 3): the folders' file, not the files'. */
const PLACEHOLDER = `'${PLACEHOLDER_NAME}'`;

/** The complete export's shared drive, onboarding, notifications and audit log. */
export const SHARED_ENTITIES: readonly ExportEntity[] = [
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

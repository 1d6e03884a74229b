import { EXPORT_ENTITIES, type ColumnType } from './entities';

const TYPE_WORDS: Record<ColumnType, string> = {
  text: 'text',
  boolean: 'true or false',
  integer: 'whole number',
  number: 'number',
  decimal: 'exact decimal, as text',
  timestamp: 'date and time, ISO 8601 in UTC',
  date: 'date, YYYY-MM-DD',
  json: 'JSON',
};

/**
 * The archive's README.md: what the archive holds, how its files are written, and every data
 * file with its columns, from the same list the export writes (entities.ts), so they agree.
 */
export function exportReadme(exportedAt: Date, oneMoment: boolean): string {
  const lines = [
    '# Complete export of the ministry portal',
    '',
    `Exported ${exportedAt.toISOString()} (UTC) from the ministry portal.`,
    '',
    oneMoment
      ? 'Every file holds the data as it was at one moment.'
      : 'Read from the embedded database a page of rows at a time while the portal ran: a record changed during the export may appear as it was before or after the change.',
    '',
    '## What is here',
    '',
    '- `data/<name>.json`: a JSON array with one object per row, the columns below as its keys.',
    '- `data/<name>.csv`: the same rows as CSV (RFC 4180, UTF-8 with a byte order mark, comma separated, a header row).',
    '- `files/`: the shared drive, each file under its folder; empty folders are empty directories.',
    '- `manifest.json`: when the export was made and how many rows each data file holds.',
    '',
    '## How values are written',
    '',
    '- Empty cells (CSV) and `null` (JSON) mean no value.',
    '- Dates and times are ISO 8601 in UTC (`2026-03-01T14:30:00.000000Z`); dates alone are `YYYY-MM-DD`.',
    '- Amounts are exact decimals written as text (`125.00`), never rounded through floating point.',
    '- Columns of JSON (form questions, answers, audit values) are JSON in the JSON files and JSON text in the CSV.',
    "- In the CSV only, a cell that starts with `=`, `+`, `-`, `@` (or their full-width forms), a tab or a carriage return starts with an apostrophe (`'`) added",
    '  so that a spreadsheet shows it as text instead of running it as a formula; the JSON files hold the value unchanged.',
    '- Ids link the files together: `partner_id` is a row of partners, `user_id`, `created_by` and the like a row of users.',
    '- Left out on purpose: password hashes, two-factor secrets and backup codes, sessions, personal link and',
    '  calendar-feed tokens, the installation secret. Event images, onboarding videos and chat attachments are',
    '  listed with their names and sizes; their contents are in the portal\u2019s backup (`npm run backup`), not here.',
    '',
    '## Data files',
  ];
  for (const entity of EXPORT_ENTITIES) {
    lines.push('', `### ${entity.name}`, '', entity.about, '', '| column | type | meaning |', '|---|---|---|');
    for (const column of entity.columns) {
      lines.push(`| ${column.name} | ${TYPE_WORDS[column.type]} | ${column.about.replace(/\|/g, '\\|')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

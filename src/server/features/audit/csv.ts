import type { CsvExport } from '#server/http/csv-stream';
import type { exportAudit } from './service';

type Entries = ReturnType<typeof exportAudit>;
type Entry = Extract<Awaited<ReturnType<Entries['next']>>, { done?: false }>['value'];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log's CSV export: one row per entry, its subject named as on screen, before and after as JSON. */
export const auditCsv: CsvExport<Entry> = {
  columns: [
    'Time',
    'Person',
    'Email',
    'Person id',
    'Client address',
    'Action',
    'Subject type',
    'Subject',
    'Subject name',
    'Before',
    'After',
  ],
  row: (entry) => [
    entry.at.toISOString(),
    entry.actor?.name ?? '',
    entry.actor?.email ?? '',
    entry.actorId ?? '',
    entry.clientIp ?? '',
    entry.action,
    entry.subjectType,
    entry.subjectId,
    entry.subjectLabel ?? '',
    json(entry.before),
    json(entry.after),
  ],
};

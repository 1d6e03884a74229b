import type { AuditEntry } from '../api/list-audit';
import { subjectWords } from '../lib/audit-words';

/**
 * What an entry is about: its type in words, then its name where the server found one (decision 0182)
 * with the id beneath it, or else the id alone. The id stays: it is what the Subject filter takes.
 */
export function AuditSubject({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="text-muted-foreground">{subjectWords(entry.subjectType)}</span>{' '}
      {entry.subjectLabel ? (
        <>
          {entry.subjectLabel}
          <span className="block break-all font-mono text-xs text-muted-foreground">{entry.subjectId}</span>
        </>
      ) : (
        entry.subjectId
      )}
    </>
  );
}

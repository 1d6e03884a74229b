import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TableHead } from '@/components/ui/table-head';
import { DATE_SECONDS_FORMAT } from '#shared/format';
import type { AuditEntry } from '../api/list-audit';
import { actionWords } from '../lib/audit-words';
import { changedFields } from '../lib/changed-fields';
import { personOf } from '../lib/person-of';
import { AuditSubject } from './audit-subject';

const shown = (value: unknown) => (value === null || value === undefined ? 'None' : JSON.stringify(value, null, 2));

/** One entry whole: who, when, from where, what changed (an update), and the values before and after. */
export function AuditEntryDialog({
  entry,
  open,
  onClose,
  returnFocusTo,
}: {
  entry: AuditEntry;
  open: boolean;
  onClose: () => void;
  /** The entry's button: it opened the dialog without being its trigger, so focus goes back by hand. */
  returnFocusTo: HTMLElement;
}) {
  const changes = changedFields(entry.before, entry.after);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="max-w-3xl"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words pr-6">{actionWords(entry.action)}</DialogTitle>
          <DialogDescription>
            {personOf(entry)}, {format(new Date(entry.at), DATE_SECONDS_FORMAT)}
            {entry.clientIp ? `, from ${entry.clientIp}` : ''}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Action</dt>
            <dd className="break-all font-mono">{entry.action}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Subject</dt>
            <dd className="break-words">
              <AuditSubject entry={entry} />
            </dd>
          </div>
          {changes && changes.length > 0 && (
            <div>
              <dt className="text-muted-foreground">What changed</dt>
              <dd className="mt-1 overflow-x-auto rounded-md border">
                <table className="w-full text-sm">
                  <TableHead labels={['Field', 'Before', 'After']} />
                  <tbody>
                    {changes.map((change) => (
                      <tr key={change.field} className="border-t align-top">
                        <th scope="row" className="px-3 py-2 text-left font-medium">
                          {change.field}
                        </th>
                        <td className="break-all px-3 py-2">{change.before}</td>
                        <td className="break-all px-3 py-2">{change.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </dd>
            </div>
          )}
          {(['before', 'after'] as const).map((key) => (
            <div key={key}>
              <dt className="text-muted-foreground">{key === 'before' ? 'Before' : 'After'}</dt>
              <dd>
                {/* Long values scroll inside their box: focusable, so the keyboard scrolls it too. */}
                <pre
                  tabIndex={0}
                  aria-label={key === 'before' ? 'Values before' : 'Values after'}
                  className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {shown(entry[key])}
                </pre>
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DATE_SECONDS_FORMAT } from '#shared/format';
import type { AuditEntry } from '../api/list-audit';
import { actionWords } from '../lib/audit-words';
import { personOf } from '../lib/person-of';
import { AuditSubject } from './audit-subject';

const shown = (value: unknown) => (value === null || value === undefined ? 'None' : JSON.stringify(value, null, 2));

/** One entry whole: who, when, from where, and the values before and after the change. */
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
          {(['before', 'after'] as const).map((key) => (
            <div key={key}>
              <dt className="text-muted-foreground">{key === 'before' ? 'Before' : 'After'}</dt>
              <dd>
                <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs">
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

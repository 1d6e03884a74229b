import { format } from 'date-fns';
import { useState } from 'react';
import { TableHead } from '@/components/ui/table-head';
import { DATE_SECONDS_FORMAT } from '#shared/format';
import type { AuditEntry } from '../api/list-audit';
import { actionWords } from '../lib/audit-words';
import { personOf } from '../lib/person-of';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditSubject } from './audit-subject';

/** The entries, newest first; an entry's action, in words, opens its before and after values. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  // The button that opened the entry gets the focus back when it closes (keyboard users).
  // The dialog stays mounted while it closes, so its focus scope lets go before that.
  const [selected, setSelected] = useState<{ entry: AuditEntry; opener: HTMLElement } | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <div className="relative overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <TableHead labels={['Time', 'Person', 'Action', 'Subject', 'Client address']} />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t">
                <td className="whitespace-nowrap px-3 py-2">{format(new Date(entry.at), DATE_SECONDS_FORMAT)}</td>
                <td className="px-3 py-2">{personOf(entry)}</td>
                <td className="px-3 py-2">
                  <button
                    type="button"
                    className="text-left underline-offset-4 hover:underline focus-visible:underline"
                    onClick={(e) => {
                      setSelected({ entry, opener: e.currentTarget });
                      setIsOpen(true);
                    }}
                  >
                    {actionWords(entry.action)}
                  </button>
                  {/* The code too: what the CSV export and audit:verify name. */}
                  <span className="block break-all font-mono text-xs text-muted-foreground">{entry.action}</span>
                </td>
                <td className="break-words px-3 py-2">
                  <AuditSubject entry={entry} />
                </td>
                <td className="whitespace-nowrap px-3 py-2">{entry.clientIp ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected && (
        <AuditEntryDialog
          entry={selected.entry}
          open={isOpen}
          onClose={() => setIsOpen(false)}
          returnFocusTo={selected.opener}
        />
      )}
    </>
  );
}

import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DATE_TIME_FORMAT } from '#shared/format';
import type { FormResponse } from '../api/get-responses';
import { respondent } from '../lib/respondent';
import { responseRows } from '../lib/response-rows';

/**
 * One response, whole: every question of the form, each answer under the label it was given to
 * (so a question changed or removed since still reads as it was asked), and "No answer" where an
 * optional one was left blank. Answers are text, never HTML.
 */
export function ResponseDetails({
  response,
  fields,
  onClose,
}: {
  response: FormResponse | null;
  fields: readonly { id: string; label: string }[];
  onClose: () => void;
}) {
  const rows = response ? responseRows(response.answers, fields) : [];
  return (
    <Dialog open={response !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {response && (
          <>
            <DialogHeader>
              <DialogTitle>Response from {respondent(response)}</DialogTitle>
              <DialogDescription>Submitted {format(new Date(response.createdAt), DATE_TIME_FORMAT)}</DialogDescription>
            </DialogHeader>
            {rows.every((row) => row.shown === null) ? (
              <p className="text-sm text-muted-foreground">Every question was left unanswered.</p>
            ) : (
              <dl className="max-h-[60vh] space-y-3 overflow-y-auto">
                {rows.map((row) => (
                  <div key={row.fieldId}>
                    <dt className="text-sm font-medium break-words">{row.label}</dt>
                    {row.shown === null ? (
                      <dd className="text-sm text-muted-foreground italic">No answer</dd>
                    ) : (
                      <dd className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{row.shown}</dd>
                    )}
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

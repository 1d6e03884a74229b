import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { answerShown } from '#shared/form-answers';
import { DATE_TIME_FORMAT } from '#shared/format';
import type { FormResponse } from '../api/get-responses';

/** Who answered: the partner (personal link), else the person it was sent to, else the public link. */
export const respondent = (response: FormResponse) =>
  response.partner?.name ?? response.recipient?.name ?? 'Public link';

/**
 * One response, whole: every answer under the label it was given to (so a question changed or
 * removed since still reads as it was asked). Answers are text, never HTML.
 */
export function ResponseDetails({ response, onClose }: { response: FormResponse | null; onClose: () => void }) {
  return (
    <Dialog open={response !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {response && (
          <>
            <DialogHeader>
              <DialogTitle>Response from {respondent(response)}</DialogTitle>
              <DialogDescription>Submitted {format(new Date(response.createdAt), DATE_TIME_FORMAT)}</DialogDescription>
            </DialogHeader>
            {response.answers.length === 0 ? (
              <p className="text-sm text-muted-foreground">Every question was left unanswered.</p>
            ) : (
              <dl className="max-h-[60vh] space-y-3 overflow-y-auto">
                {response.answers.map((answer) => (
                  <div key={answer.fieldId}>
                    <dt className="text-sm font-medium break-words">{answer.label}</dt>
                    <dd className="text-sm break-words whitespace-pre-wrap text-muted-foreground">
                      {answerShown(answer)}
                    </dd>
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

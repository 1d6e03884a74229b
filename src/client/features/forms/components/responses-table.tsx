import { format } from 'date-fns';
import { Inbox, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { ConfirmButton } from '@/components/confirm-action';
import { EmptyState } from '@/components/empty-state';
import { ShowMore } from '@/components/show-more';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableHead } from '@/components/ui/table-head';
import { answerShown } from '#shared/form-answers';
import { useDeleteResponse, useResponses, type FormResponse } from '../api/get-responses';
import { DATE_TIME_FORMAT } from '#shared/format';
import { ResponseDetails } from './response-details';
import { respondent } from '../lib/respondent';

/** The first answers of a response, on one line, for the table. */
const preview = (response: FormResponse) =>
  response.answers
    .slice(0, 2)
    .map((answer) => answerShown(answer))
    .join(' · ');

/** A form's responses, newest first, 25 a page, live; each opens whole; the creator or an admin deletes one. */
export function ResponsesTable({
  formId,
  fields,
  canManage,
  headingId,
}: {
  formId: string;
  /** The list's heading: the focus goes there when the last response is deleted. */
  headingId?: string;
  /** The form's questions now: a response's details list those it left blank too. */
  fields: readonly { id: string; label: string }[];
  canManage: boolean;
}) {
  const responses = useResponses(formId);
  const remove = useDeleteResponse();
  const [open, setOpen] = useState<FormResponse | null>(null);

  if (responses.isPending)
    return (
      <div className="space-y-2" role="status" aria-label="Loading responses">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (responses.isError)
    return (
      <LoadError title="Failed to load responses" error={responses.error} onRetry={() => void responses.refetch()} />
    );
  const rows = responses.data.pages.flatMap((page) => page.responses);
  if (rows.length === 0)
    return <EmptyState icon={Inbox}>No responses yet. They appear here as they arrive.</EmptyState>;

  const destroy = (response: FormResponse) => {
    // The row goes with its Delete button: the focus goes to the next response's Delete, or the
    // one before, else to the list's heading. It fell to the page.
    const at = rows.indexOf(response);
    const neighbour = rows[at + 1] ?? rows[at - 1];
    remove.mutate(
      { formId, responseId: response.id },
      {
        onSuccess: () => {
          toast.success('Response deleted');
          void focusWhenDrawn(() => {
            const drawn = !document.querySelector(`tr[data-response-id="${response.id}"], [role="alertdialog"]`);
            if (!drawn) return null;
            return neighbour
              ? document.querySelector<HTMLElement>(
                  `tr[data-response-id="${neighbour.id}"] button[aria-label^="Delete"]`,
                )
              : headingId
                ? document.getElementById(headingId)
                : null;
          });
        },
        onError: (err) => toast.error('Failed to delete response', { description: err.message }),
      },
    );
  };

  return (
    <>
      <div className="relative overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" aria-label="Responses">
          <TableHead labels={['Submitted', 'From', 'Answers', 'Actions']} />
          <tbody className="divide-y">
            {rows.map((response) => (
              <tr key={response.id} data-testid="response-row" data-response-id={response.id}>
                <td className="px-3 py-2 whitespace-nowrap">
                  {format(new Date(response.createdAt), DATE_TIME_FORMAT)}
                </td>
                <td className="px-3 py-2 break-words">{respondent(response)}</td>
                <td className="max-w-64 truncate px-3 py-2 text-muted-foreground">{preview(response)}</td>
                <td className="px-3 py-2">
                  <div className="flex gap-1">
                    <Button variant="outline" size="sm" onClick={() => setOpen(response)}>
                      Open<span className="sr-only"> response from {respondent(response)}</span>
                    </Button>
                    {canManage && (
                      <ConfirmButton
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete response from ${respondent(response)}`}
                        disabled={remove.isPending}
                        title="Delete response?"
                        description={`The response from ${respondent(response)} will be removed for good.`}
                        confirmLabel="Delete"
                        onConfirm={() => destroy(response)}
                      >
                        <Trash2 aria-hidden="true" />
                      </ConfirmButton>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMore query={responses} label="Load more" />
      <ResponseDetails response={open} fields={fields} onClose={() => setOpen(null)} />
    </>
  );
}

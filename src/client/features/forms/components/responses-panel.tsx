import { BarChart3, Download, FilePlus2 } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useForms } from '../api/get-forms';
import { responsesCsvHref } from '../api/get-responses';
import { ResponsesSummaryView } from './responses-summary';
import { ResponsesTable } from './responses-table';

const countText = (n: number) => (n === 1 ? '1 response' : `${n} responses`);

/**
 * View Responses (issue 21 item 5): pick a form, then its count, the summary per field, the
 * responses newest first (live), and the CSV export.
 */
export function ResponsesPanel({
  formId,
  onPick,
  onCreate,
}: {
  formId: string | null;
  onPick: (formId: string) => void;
  /** With no form yet, the next step: the form builder. */
  onCreate: () => void;
}) {
  const id = useId();
  const forms = useForms();
  const chosen = forms.data?.find((form) => form.id === formId) ?? forms.data?.[0] ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">View Responses</CardTitle>
        <CardDescription>See how partners answered, as the answers arrive.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {forms.isPending ? (
          <Skeleton className="h-10 w-full" role="status" aria-label="Loading forms" />
        ) : forms.isError ? (
          <LoadError title="Failed to load forms" error={forms.error} onRetry={() => void forms.refetch()} />
        ) : !chosen ? (
          <EmptyState
            icon={BarChart3}
            action={
              <Button variant="outline" onClick={onCreate}>
                <FilePlus2 aria-hidden="true" />
                Create a form
              </Button>
            }
          >
            No forms yet. Create one, share its link, and its responses appear here.
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-56 flex-1 space-y-2">
                <Label htmlFor={`${id}-form`}>Show responses of</Label>
                <NativeSelect id={`${id}-form`} value={chosen.id} onChange={(e) => onPick(e.target.value)}>
                  {forms.data.map((form) => (
                    <option key={form.id} value={form.id}>
                      {form.title}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <p className="py-2 text-sm font-medium" aria-live="polite" data-testid="response-count">
                {countText(chosen.responseCount)}
              </p>
              <Button variant="outline" asChild>
                <a href={responsesCsvHref(chosen.id)} download>
                  <Download aria-hidden="true" />
                  Export CSV
                </a>
              </Button>
            </div>
            <section aria-labelledby={`${id}-summary`} className="space-y-3">
              <h3 id={`${id}-summary`} className="font-semibold">
                Summary
              </h3>
              <ResponsesSummaryView formId={chosen.id} />
            </section>
            <section aria-labelledby={`${id}-list`} className="space-y-3">
              <h3 id={`${id}-list`} tabIndex={-1} className="font-semibold focus-visible:outline-none">
                Responses, newest first
              </h3>
              <ResponsesTable
                key={chosen.id}
                formId={chosen.id}
                fields={chosen.fields}
                canManage={chosen.canManage}
                headingId={`${id}-list`}
              />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}

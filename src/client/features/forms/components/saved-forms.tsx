import { format } from 'date-fns';
import { FilePlus2, FileText } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { DATE_FORMAT } from '#shared/format';
import { useSavedForm } from '../api/get-form';
import { useForms, type SavedForm } from '../api/get-forms';
import { formState } from '../lib/form-state';
import { FormActions } from './form-actions';
import { FormPreview } from './form-preview';

const countText = (n: number) => (n === 1 ? '1 response' : `${n} responses`);

/** The team's forms, newest first: everyone with 'More (Forms)' sees every one. */
export function SavedForms({
  onEdit,
  onResponses,
  onCreate,
}: {
  onEdit: (form: SavedForm) => void;
  onResponses: (formId: string) => void;
  /** The empty list's next step: the form builder. */
  onCreate: () => void;
}) {
  const forms = useForms();
  const [viewing, setViewing] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Team Forms</CardTitle>
        <CardDescription>Every form of the team. Its creator or an admin can edit, close or delete it.</CardDescription>
      </CardHeader>
      <CardContent>
        {forms.isPending ? (
          <div className="space-y-2" role="status" aria-label="Loading forms">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : forms.isError ? (
          <LoadError title="Failed to load forms" error={forms.error} onRetry={() => void forms.refetch()} />
        ) : forms.data.length === 0 ? (
          <EmptyState
            icon={FileText}
            action={
              <Button variant="outline" onClick={onCreate}>
                <FilePlus2 aria-hidden="true" />
                Create a form
              </Button>
            }
          >
            No forms yet. Create the first one above.
          </EmptyState>
        ) : (
          <ul className="divide-y" aria-label="Team forms">
            {forms.data.map((form) => {
              const state = formState(form);
              return (
                <li key={form.id} className="flex flex-wrap items-start gap-3 py-3">
                  <FileText className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
                  {/* At least 320 px for the title and description: beside six buttons they had 170 px
                      at 1,280 px wide and the description was cut after a few words. */}
                  <div className="min-w-0 flex-1 basis-80">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                      {form.title}
                      <Badge variant={state.open ? 'success' : 'secondary'}>{state.label}</Badge>
                    </p>
                    {form.description && <p className="truncate text-sm text-muted-foreground">{form.description}</p>}
                    <p className="text-xs text-muted-foreground">
                      {form.fields.length === 1 ? '1 field' : `${form.fields.length} fields`} ·{' '}
                      {countText(form.responseCount)} · Created {format(new Date(form.createdAt), DATE_FORMAT)}
                      {form.createdBy ? ` by ${form.createdBy.name}` : ''}
                      {form.closesAt && ` · Closes ${format(new Date(form.closesAt), DATE_FORMAT)}`}
                      {form.responseLimit !== null && ` · Limit ${form.responseLimit}`}
                    </p>
                  </div>
                  <FormActions
                    form={form}
                    onView={() => setViewing(form.id)}
                    onEdit={() => onEdit(form)}
                    onResponses={() => onResponses(form.id)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>

      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        <DialogContent>{viewing && <ViewForm id={viewing} />}</DialogContent>
      </Dialog>
    </Card>
  );
}

function ViewForm({ id }: { id: string }) {
  const form = useSavedForm(id);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{form.data?.title ?? 'Form'}</DialogTitle>
        <DialogDescription>How partners will see this form.</DialogDescription>
      </DialogHeader>
      {form.isPending ? (
        <Spinner className="py-10" label="Loading form" />
      ) : form.isError ? (
        <LoadError title="Failed to load form" error={form.error} onRetry={() => void form.refetch()} />
      ) : (
        <FormPreview title={form.data.title} description={form.data.description} fields={form.data.fields} />
      )}
    </>
  );
}

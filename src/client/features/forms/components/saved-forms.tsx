import { format } from 'date-fns';
import { Eye, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { DATE_FORMAT } from '#shared/format';
import { useDeleteForm } from '../api/delete-form';
import { useSavedForm } from '../api/get-form';
import { useForms, type SavedForm } from '../api/get-forms';
import { FormPreview } from './form-preview';

/** The signed-in person's saved forms, newest first. */
export function SavedForms() {
  const forms = useForms();
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedForm | null>(null);
  const remove = useDeleteForm();

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, title } = deleting;
    remove.mutate(id, {
      onSuccess: () => toast.success('Form deleted', { description: title }),
      onError: (err) => toast.error('Failed to delete form', { description: err.message }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Your Forms</CardTitle>
        <CardDescription>Forms you have created. Only you can see them.</CardDescription>
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
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
            You have not created any forms yet.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Your forms">
            {forms.data.map((form) => (
              <li key={form.id} className="flex flex-wrap items-center gap-3 py-3">
                <FileText className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{form.title}</p>
                  {form.description && <p className="truncate text-sm text-muted-foreground">{form.description}</p>}
                  <p className="text-xs text-muted-foreground">
                    {form.fields.length === 1 ? '1 field' : `${form.fields.length} fields`} · Created{' '}
                    {format(new Date(form.createdAt), DATE_FORMAT)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`View ${form.title}`}
                  onClick={() => setViewing(form.id)}
                >
                  <Eye aria-hidden="true" />
                  View
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${form.title}`}
                  disabled={remove.isPending}
                  onClick={() => setDeleting(form)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        <DialogContent>{viewing && <ViewForm id={viewing} />}</DialogContent>
      </Dialog>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete form?</AlertDialogTitle>
            <AlertDialogDescription>
              {`This will permanently delete "${deleting?.title ?? ''}". This action cannot be undone.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirmDelete}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
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

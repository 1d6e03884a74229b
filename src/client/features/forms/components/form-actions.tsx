import { BarChart3, Copy, Eye, Link2, Lock, LockOpen, Pencil, Trash2 } from 'lucide-react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { ConfirmButton } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { publicFormPath } from '#shared/forms';
import { useDeleteForm } from '../api/delete-form';
import type { SavedForm } from '../api/get-forms';
import { useReplaceLink, useUpdateForm } from '../api/update-form';
import { formState } from '../lib/form-state';

const publicAddress = (token: string) => `${window.location.origin}${publicFormPath(token)}`;

/** Copies the address; where the clipboard is not allowed (plain http), the toast shows it to copy by hand. */
export async function copyLink(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast.success('Link copied', { description: address });
  } catch {
    toast.info('Copy this link', { description: address });
  }
}

/**
 * A saved form's buttons: everyone with 'More (Forms)' views it, copies its link and reads its
 * responses; its creator or an admin also edits, closes or opens it, replaces its link and
 * deletes it (the server checks the same).
 */
export function FormActions({
  form,
  onView,
  onEdit,
  onResponses,
}: {
  form: SavedForm;
  onView: () => void;
  onEdit: () => void;
  onResponses: () => void;
}) {
  const update = useUpdateForm();
  const replace = useReplaceLink();
  const remove = useDeleteForm();
  const busy = update.isPending || replace.isPending || remove.isPending;
  // Close only what takes answers now. A form stopped by its closing date or its limit says
  // Reopen, and one that its status alone would not reopen sends the person to the setting
  // that stops it: "Form reopened" over a form still closed by its limit was not true.
  const closing = formState(form).open;
  const unless = formState({ ...form, status: 'open' });
  const stoppedBy = unless.open ? null : unless.label === 'Closed (closing date passed)' ? 'date' : 'limit';

  const toggle = () => {
    if (busy) return;
    if (!closing && stoppedBy) {
      toast.info(stoppedBy === 'date' ? 'Move the closing date to reopen' : 'Raise the response limit to reopen', {
        description:
          stoppedBy === 'date'
            ? `"${form.title}" closed on its closing date.`
            : `"${form.title}" has the ${form.responseLimit} ${form.responseLimit === 1 ? 'response' : 'responses'} its limit allows.`,
      });
      onEdit();
      return;
    }
    update.mutate(
      {
        id: form.id,
        values: {
          version: form.version,
          title: form.title,
          description: form.description,
          fields: form.fields,
          status: closing ? 'closed' : 'open',
          closesAt: form.closesAt,
          responseLimit: form.responseLimit,
          thankYouMessage: form.thankYouMessage,
        },
      },
      {
        onSuccess: () => {
          toast.success(closing ? 'Form closed' : 'Form reopened', { description: form.title });
          // Close becomes Reopen (and back) once the list is read again: the focus stays with it.
          const next = `${closing ? 'Reopen' : 'Close'} ${form.title}`;
          void focusWhenDrawn(() => {
            const button = document.querySelector<HTMLElement>(`button[data-toggle-form="${form.id}"]`);
            return button?.getAttribute('aria-label') === next ? button : null;
          });
        },
        onError: (err) => toast.error(`Failed to ${closing ? 'close' : 'open'} form`, { description: err.message }),
      },
    );
  };
  const newLink = () =>
    replace.mutate(form.id, {
      onSuccess: (saved) => void copyLink(publicAddress(saved.publicToken)),
      onError: (err) => toast.error('Failed to make a new link', { description: err.message }),
    });
  const destroy = () =>
    remove.mutate(form.id, {
      onSuccess: () => toast.success('Form deleted', { description: form.title }),
      onError: (err) => toast.error('Failed to delete form', { description: err.message }),
    });

  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="outline" size="sm" aria-label={`View ${form.title}`} onClick={onView}>
        <Eye aria-hidden="true" />
        View
      </Button>
      <Button variant="outline" size="sm" aria-label={`Responses to ${form.title}`} onClick={onResponses}>
        <BarChart3 aria-hidden="true" />
        Responses
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Copy link of ${form.title}`}
        onClick={() => void copyLink(publicAddress(form.publicToken))}
      >
        <Copy aria-hidden="true" />
        Copy link
      </Button>
      {form.canManage && (
        <>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Edit ${form.title}`}
            data-edit-form={form.id}
            disabled={busy}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            // Reopen, not Open: beside the status badge 'Open' and a response's Open, the same word read as a state.
            aria-label={`${closing ? 'Close' : 'Reopen'} ${form.title}`}
            data-toggle-form={form.id}
            // Busy, not disabled, while it saves: a disabled button dropped the focus to the page.
            aria-busy={busy || undefined}
            onClick={toggle}
          >
            {closing ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
            {closing ? 'Close' : 'Reopen'}
          </Button>
          <ConfirmButton
            variant="outline"
            size="sm"
            aria-label={`New link for ${form.title}`}
            disabled={busy}
            title="Make a new link?"
            description={`The current link of "${form.title}" will stop working at once: anyone who has it can no longer answer. Personal links sent to partners keep working.`}
            confirmLabel="Make New Link"
            onConfirm={newLink}
          >
            <Link2 aria-hidden="true" />
            New link
          </ConfirmButton>
          <ConfirmButton
            variant="ghost"
            size="icon"
            aria-label={`Delete ${form.title}`}
            disabled={busy}
            title="Delete form?"
            description={`This will permanently delete "${form.title}" and all its responses. This action cannot be undone.`}
            confirmLabel="Delete"
            onConfirm={destroy}
          >
            <Trash2 aria-hidden="true" />
          </ConfirmButton>
        </>
      )}
    </div>
  );
}

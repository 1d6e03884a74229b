import { Plus } from 'lucide-react';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useCreatePartner } from '../api/create-partner';
import { EMPTY_PARTNER, PartnerForm } from './partner-form';

// One action's toasts: a save that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('add-partner');

/**
 * 'Add Partner' (SPEC.md sections 2, 5 and 8). Open and closed by the page, so the empty
 * directory's "Add a partner" opens it too.
 */
export function AddPartnerDialog({
  zones,
  open,
  onOpenChange: setOpen,
}: {
  zones: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createPartner = useCreatePartner();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Partner
        </Button>
      </DialogTrigger>
      <FormDialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Partner</DialogTitle>
          <DialogDescription>Add a ministry partner to the directory. Name and email are required.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from an empty form. */}
        {open && (
          <PartnerForm
            defaultValues={EMPTY_PARTNER}
            zones={zones}
            submitLabel="Add Partner"
            pendingLabel="Adding..."
            pending={createPartner.isPending}
            onCancel={() => setOpen(false)}
            onInvalid={(message) => toast.error('Failed to add partner', { description: message })}
            onSubmit={async (values) => {
              try {
                await createPartner.mutateAsync(values);
                toast.success('Partner added successfully');
                setOpen(false);
              } catch (err) {
                toast.error('Failed to add partner', { description: err instanceof Error ? err.message : undefined });
              }
            }}
          />
        )}
      </FormDialogContent>
    </Dialog>
  );
}

import { cn } from '@/lib/utils';
import { format } from 'date-fns';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useMe } from '@/features/auth/api/get-me';
import { PartnerGifts } from '@/features/giving/widgets/partner-gifts';
import { DATE_FORMAT } from '#shared/format';
import { usePartner } from '../api/get-partner';
import type { Partner } from '../api/list-partners';
import { useUpdatePartner } from '../api/update-partner';
import { LogContactForm } from './log-contact-form';
import { MergePartnersDialog } from './merge-partners-dialog';
import { formatDay, StatusBadge } from './partner-card';
import { PartnerArchiveControls } from './partner-archive-controls';
import { PartnerForm } from './partner-form';
import { PartnerOpenTasks } from './partner-open-tasks';
import { PartnerTimeline } from './partner-timeline';
import { PartnerTagPicker } from './partner-tag-picker';
import { ApiError } from '@/lib/api';

function Detail({ label, value, className }: { label: string; value: string | null; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {/* A long link or word breaks where it must: it widened the dialog past a phone's edge. */}
      <dd className="whitespace-pre-wrap wrap-anywhere">
        {value || <span className="text-muted-foreground">Not given</span>}
      </dd>
    </div>
  );
}

/** What the dialog holds for this reader: gifts and tasks only where they may see them. */
function detailsDescription(permissions: { giving?: boolean; tasks?: boolean } | undefined) {
  const parts = ['Partner details', permissions?.giving && 'gifts', permissions?.tasks && 'tasks', 'timeline'];
  const named = parts.filter((part): part is string => Boolean(part));
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}.`;
}

/** 'View Details' (D9): every field, editable, and the partner's gifts. */
export function PartnerDetailsDialog({
  partner: initial,
  zones,
  opener,
  onClose,
}: {
  partner: Partner;
  zones: string[];
  /** The button that opened it: the focus returns there when it closes (it has no trigger of its own). */
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const { data: partner = initial } = usePartner(initial.id, initial);
  const { data: me } = useMe();
  // When the edit began: the partner's updatedAt then, so a save over someone else's change
  // since is refused instead of silently undoing it (the details refresh live meanwhile).
  const [editedFrom, setEditedFrom] = useState<string | null>(null);
  const editing = editedFrom !== null;
  const updatePartner = useUpdatePartner();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <FormDialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words pr-6">{partner.name}</DialogTitle>
          <DialogDescription>
            {editing ? 'Edit the partner details.' : detailsDescription(me?.permissions)}
          </DialogDescription>
        </DialogHeader>
        {editing ? (
          <PartnerForm
            partnerId={partner.id}
            defaultValues={{
              ...partner,
              phone: partner.phone ?? '',
              location: partner.location ?? '',
              coordinator: partner.coordinator ?? '',
              notes: partner.notes ?? '',
              zone: partner.zone ?? '',
            }}
            zones={zones}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            pending={updatePartner.isPending}
            onCancel={() => setEditedFrom(null)}
            onInvalid={(message) => toast.error('Failed to update partner', { description: message })}
            onSubmit={async (values) => {
              try {
                await updatePartner.mutateAsync({
                  id: partner.id,
                  values: { ...values, editedFrom: editedFrom ?? undefined },
                });
                toast.success('Partner updated successfully');
                setEditedFrom(null);
              } catch (err) {
                toast.error(err instanceof ApiError && err.status === 409 ? 'Not saved' : 'Failed to update partner', {
                  description: err instanceof Error ? err.message : undefined,
                });
              }
            }}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={partner.status} />
              {partner.cardholderStatus && <Badge variant="warning">Cardholder</Badge>}
              {partner.archivedAt && <Badge variant="secondary">Archived</Badge>}
              <div className="ml-auto flex flex-wrap gap-2">
                {me?.role === 'admin' && !partner.archivedAt && <MergePartnersDialog partner={partner} />}
                <Button variant="outline" size="sm" onClick={() => setEditedFrom(partner.updatedAt)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              </div>
            </div>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail label="Email" value={partner.email} />
              <Detail label="Phone" value={partner.phone} />
              <Detail label="Location" value={partner.location} />
              <Detail label="Zone" value={partner.zone} />
              <Detail label="Coordinator" value={partner.coordinator} />
              <Detail label="Last contact" value={partner.lastContact ? formatDay(partner.lastContact) : null} />
              <Detail label="Added" value={format(new Date(partner.createdAt), DATE_FORMAT)} />
              <Detail label="Notes" value={partner.notes} className="sm:col-span-2" />
            </dl>
            <PartnerTagPicker partnerId={partner.id} tags={partner.tags} />
            {/* Follow-ups and their tasks are the task board's too (issue 20). */}
            {me?.permissions.tasks && <PartnerOpenTasks partner={partner} />}
            {/* Gift-level detail is for holders of Giving Records (D12, issue 19). */}
            {me?.permissions.giving && <PartnerGifts partnerId={partner.id} />}
            {/* The contact log and everything else that happened with the partner (issue 20). */}
            <div className="space-y-3 border-t pt-4">
              <LogContactForm partnerId={partner.id} />
              <PartnerTimeline partnerId={partner.id} />
            </div>
            {me?.role === 'admin' && <PartnerArchiveControls partner={partner} onDeleted={onClose} />}
          </>
        )}
      </FormDialogContent>
    </Dialog>
  );
}

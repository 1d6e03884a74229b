import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { usePartnerDonations } from '@/features/giving/api/get-partner-donations';
import { useDeletePartner, useSetArchived } from '../api/archive-partner';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Archive, bring back or delete a partner: admins only (the server checks too), each after a
 * confirmation. A partner with any gift, voided ones too, cannot be deleted (the server refuses,
 * partners/archive.ts): for them Delete is off and says why, instead of failing after its
 * confirmation. The gifts come from the query the dialog's Gifts section already holds.
 */
export function PartnerArchiveControls({
  partner,
  onDeleted,
}: {
  partner: { id: string; name: string; archivedAt: string | null };
  onDeleted: () => void;
}) {
  const setArchived = useSetArchived();
  const remove = useDeletePartner();
  const archived = partner.archivedAt !== null;
  const { data: gifts } = usePartnerDonations(partner.id);
  const keepsGifts = gifts !== undefined && gifts.count + gifts.voided > 0;
  const whyKept = `delete-why-${partner.id}`;

  const changeArchived = async () => {
    try {
      await setArchived.mutateAsync({ id: partner.id, archived: !archived });
      toast.success(archived ? 'Partner restored' : 'Partner archived', { description: partner.name });
    } catch (err) {
      toast.error(archived ? 'Failed to restore partner' : 'Failed to archive partner', { description: failure(err) });
    }
  };

  const deleteForGood = async () => {
    try {
      await remove.mutateAsync(partner.id);
      toast.success('Partner deleted', { description: partner.name });
      onDeleted();
    } catch (err) {
      toast.error('Failed to delete partner', { description: failure(err) });
    }
  };

  return (
    <div className="flex flex-wrap gap-2 border-t pt-4">
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" disabled={setArchived.isPending}>
            {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
            {archived ? 'Unarchive' : 'Archive'}
          </Button>
        }
        title={archived ? 'Restore partner?' : 'Archive partner?'}
        description={
          archived
            ? `"${partner.name}" will be back in the directory, the gift partner search and the cardholder list.`
            : `"${partner.name}" will leave the directory, the gift partner search and the cardholder list. Their gifts stay.`
        }
        confirmLabel={archived ? 'Restore' : 'Archive'}
        onConfirm={() => void changeArchived()}
      />
      {keepsGifts ? (
        <>
          <Button variant="ghost" size="sm" className="text-destructive" disabled aria-describedby={whyKept}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
          <p id={whyKept} className="basis-full text-sm text-muted-foreground">
            {archived
              ? 'A partner with gifts cannot be deleted: their gifts stay with them.'
              : 'A partner with gifts cannot be deleted: archive them instead, and their gifts stay.'}
          </p>
        </>
      ) : (
        <ConfirmAction
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete partner?"
          description={`This will permanently delete "${partner.name}". Only a partner without any gifts can be deleted. This action cannot be undone.`}
          confirmLabel="Delete for good"
          onConfirm={() => void deleteForGood()}
        />
      )}
    </div>
  );
}

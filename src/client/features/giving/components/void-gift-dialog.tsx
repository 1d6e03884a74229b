import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useMoney } from '@/features/organization/api/use-money';
import { giftVoidSchema, VOID_REASON_MAX } from '#shared/schemas/giving-ledger';
import { useVoidGift } from '../api/change-gift';
import type { Gift } from '../api/list-gifts';

/**
 * Voids a gift after asking why (issue 19): it stops counting everywhere and leaves the list,
 * which shows voided gifts, struck through, only with "Include voided gifts" ticked (the words
 * say so: they promised it would stay listed). Nothing is deleted; the reason and who voided it
 * stay in its history.
 */
export function VoidGiftDialog({
  gift,
  open,
  onClose,
  returnFocusTo,
}: {
  gift: Gift;
  open: boolean;
  onClose: () => void;
  /** Asked when the dialog has closed: the Void button that opened it is gone by then. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const voidGift = useVoidGift();
  const money = useMoney();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = giftVoidSchema.safeParse({ reason, version: gift.version });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please give a reason');
      return;
    }
    try {
      await voidGift.mutateAsync({ id: gift.id, values: parsed.data });
      toast.success('Gift voided', { description: 'It no longer counts in any total.' });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The gift could not be voided. Please try again.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <FormDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Void this gift?</DialogTitle>
          <DialogDescription>
            {money.format(gift.amount)} from {gift.partnerName} will stop counting in the dashboard, insights and
            statements. It stays in the records, and shows struck through when “Include voided gifts” is ticked. This
            cannot be undone from here.
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={VOID_REASON_MAX}
              placeholder="For example: recorded twice"
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={voidGift.isPending}>
              {voidGift.isPending ? 'Voiding...' : 'Void gift'}
            </Button>
          </DialogFooter>
        </form>
      </FormDialogContent>
    </Dialog>
  );
}

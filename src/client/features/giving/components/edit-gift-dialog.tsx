import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { browserTimeZone } from '@/lib/time-zone';
import { TYPE_LABELS } from '#shared/giving';
import { DONATION_LIMITS, DONATION_TYPES } from '#shared/schemas/giving';
import { giftCorrectionSchema, type GiftCorrection, type GiftCorrectionInput } from '#shared/schemas/giving-ledger';
import { AmountInput } from './amount-input';
import { useCorrectGift } from '../api/change-gift';
import type { Gift } from '../api/list-gifts';
import { GiftMethodFields, methodValue } from './gift-method-fields';
import { PartnerNameCombobox } from './partner-name-combobox';

// One action's toasts: a save that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('edit-gift');

const valuesOf = (gift: Gift): GiftCorrectionInput => ({
  partnerName: gift.partnerName,
  partnerId: gift.partnerId,
  amount: gift.amount,
  donationType: gift.donationType,
  method: gift.method,
  reference: gift.reference ?? '',
  notes: gift.notes ?? '',
  date: format(new Date(gift.donationDate), 'yyyy-MM-dd'),
  timeZone: browserTimeZone(),
  version: gift.version,
});

/**
 * Corrects a gift (issue 19): every field but who recorded it. The server keeps the gift before
 * and after as its history; an edit of a gift someone changed meanwhile is refused and says so.
 */
export function EditGiftDialog({
  gift,
  open,
  onClose,
  returnFocusTo,
}: {
  gift: Gift;
  open: boolean;
  onClose: () => void;
  /** Where the focus goes once the dialog closes, found then: the list was read again meanwhile. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const ids = useId();
  const correct = useCorrectGift();
  const form = useForm<GiftCorrectionInput, unknown, GiftCorrection>({
    resolver: zodResolver(giftCorrectionSchema),
    defaultValues: valuesOf(gift),
  });
  const { errors } = form.formState;
  const partnerId = useWatch({ control: form.control, name: 'partnerId' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { changed } = await correct.mutateAsync({ id: gift.id, values });
      // Saved as it was: the server wrote no correction, and the person is told so.
      if (changed) toast.success('Gift corrected', { description: 'The change is kept in the gift’s history.' });
      else toast.info('Nothing changed', { description: 'The gift is as it was.' });
      onClose();
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 409 ? 'Not saved' : 'The gift could not be saved', {
        description: err instanceof ApiError ? err.message : 'Please try again.',
      });
    }
  });

  const error = (message: string | undefined, id: string) =>
    message ? (
      <p id={id} className="text-sm text-destructive">
        {message}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <FormDialogContent
        className="max-h-[90dvh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit gift</DialogTitle>
          <DialogDescription>
            Correct what was recorded. Who changed what stays in the gift’s history.
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor={`${ids}-partner`}>Partner Name</Label>
            <Controller
              control={form.control}
              name="partnerName"
              render={({ field }) => (
                <PartnerNameCombobox
                  id={`${ids}-partner`}
                  value={field.value ?? ''}
                  linked={Boolean(partnerId)}
                  invalid={Boolean(errors.partnerName)}
                  onChange={(name, partner) => {
                    field.onChange(name);
                    form.setValue('partnerId', partner?.id ?? null);
                  }}
                />
              )}
            />
            {error(errors.partnerName?.message, `${ids}-partner-error`)}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={`${ids}-amount`}>Amount</Label>
              <AmountInput
                control={form.control}
                name="amount"
                id={`${ids}-amount`}
                invalid={Boolean(errors.amount)}
                describedBy={errors.amount ? `${ids}-amount-error` : undefined}
              />
              {error(errors.amount?.message, `${ids}-amount-error`)}
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${ids}-date`}>Date</Label>
              <DateInput
                id={`${ids}-date`}
                max={format(new Date(), 'yyyy-MM-dd')}
                aria-invalid={Boolean(errors.date) || undefined}
                aria-describedby={errors.date ? `${ids}-date-error` : undefined}
                {...form.register('date')}
              />
              {error(errors.date?.message, `${ids}-date-error`)}
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${ids}-type`}>Donation Type</Label>
              <NativeSelect id={`${ids}-type`} {...form.register('donationType')}>
                {DONATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <GiftMethodFields
            idPrefix={ids}
            method={form.register('method', methodValue)}
            reference={form.register('reference')}
            referenceError={errors.reference?.message}
          />
          <div className="space-y-2">
            <Label htmlFor={`${ids}-notes`}>Notes (optional)</Label>
            <Textarea id={`${ids}-notes`} maxLength={DONATION_LIMITS.notes} {...form.register('notes')} />
            {error(errors.notes?.message, `${ids}-notes-error`)}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={correct.isPending}>
              {correct.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </FormDialogContent>
    </Dialog>
  );
}

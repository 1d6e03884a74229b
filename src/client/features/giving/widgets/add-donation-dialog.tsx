import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useMoney } from '@/features/organization/api/use-money';
import { DONATION_LIMITS, donationSchema, type DonationInput, type DonationValues } from '#shared/schemas/giving';
import { useAddDonation } from '../api/add-donation';
import { AmountInput } from '../components/amount-input';
import { GiftMethodFields, methodValue } from '../components/gift-method-fields';
import { PartnerNameCombobox } from '../components/partner-name-combobox';

// One action's toasts: a save that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('add-donation');

const EMPTY: DonationInput = {
  partnerName: '',
  partnerId: null,
  amount: '',
  donationType: 'one-time',
  notes: '',
  method: null,
  reference: '',
};

/** The Add Donation dialog (admins): SPEC.md sections 2, 5 and 8. */
export function AddDonationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const ids = useId();
  const addDonation = useAddDonation();
  const money = useMoney();
  const form = useForm<DonationInput, unknown, DonationValues>({
    resolver: zodResolver(donationSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const partnerId = useWatch({ control: form.control, name: 'partnerId' });

  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const donation = await addDonation.mutateAsync(values);
        // A name typed, not picked, that one partner has: the server linked the gift to them (issue 27).
        const linked = donation.linkedByName ? ` Linked to the partner ${donation.partnerName}.` : '';
        toast.success('Donation added', {
          description: `Successfully added ${money.format(donation.amount)} donation.${linked}`,
        });
        close(false);
      } catch (err) {
        if (err instanceof ApiError && err.status === 400)
          toast.error('Validation error', { description: err.message });
        else toast.error('Error', { description: 'Failed to add donation. Please try again.' });
      }
    },
    (invalid) => {
      const first =
        invalid.partnerName ??
        invalid.amount ??
        invalid.donationType ??
        invalid.method ??
        invalid.reference ??
        invalid.notes ??
        invalid.partnerId;
      toast.error('Validation error', { description: first?.message ?? 'Please check the form.' });
    },
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <FormDialogContent>
        <DialogHeader>
          <DialogTitle>Add Donation</DialogTitle>
          <DialogDescription>Enter donation details. This will update across all accounts.</DialogDescription>
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
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${ids}-amount`}>Amount ({money.currency})</Label>
            <AmountInput control={form.control} name="amount" id={`${ids}-amount`} invalid={Boolean(errors.amount)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${ids}-type`}>Donation Type</Label>
            <NativeSelect id={`${ids}-type`} {...form.register('donationType')}>
              <option value="one-time">One-time</option>
              <option value="monthly">Monthly</option>
            </NativeSelect>
          </div>
          <GiftMethodFields
            idPrefix={ids}
            method={form.register('method', methodValue)}
            reference={form.register('reference')}
            referenceError={errors.reference?.message}
          />
          <div className="space-y-2">
            <Label htmlFor={`${ids}-notes`}>Notes (optional)</Label>
            <Textarea
              id={`${ids}-notes`}
              maxLength={DONATION_LIMITS.notes}
              aria-invalid={Boolean(errors.notes) || undefined}
              {...form.register('notes')}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={addDonation.isPending}>
              {addDonation.isPending ? 'Adding...' : 'Add Donation'}
            </Button>
          </DialogFooter>
        </form>
      </FormDialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { ComboboxOptions, useCombobox } from '@/components/combobox';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePartnerOptions, type PartnerOption } from '../api/get-partner-options';

const DEFAULT_HINTS = {
  linked: 'Linked to an existing partner.',
  unlinked: 'Type to pick an existing partner, or enter any name.',
};

/**
 * The partner name field of the Add Donation dialog (and of a gift's correction and the Giving
 * screen's partner filter): free text, with existing partners offered
 * as you type (ARIA combobox pattern). Picking one links the gift to that partner; typing
 * again unlinks it.
 */
export function PartnerNameCombobox({
  id,
  value,
  linked,
  invalid,
  onChange,
  hints = DEFAULT_HINTS,
}: {
  id: string;
  value: string;
  linked: boolean;
  invalid: boolean;
  onChange: (name: string, partner: PartnerOption | null) => void;
  /** The line under the field, for a linked and an unlinked name. */
  hints?: { linked: string; unlinked: string };
}) {
  const [open, setOpen] = useState(false);
  const text = useDebouncedValue(value.trim(), 200);
  const { data, isPlaceholderData } = usePartnerOptions(text, open);
  // Offer only answers for what is in the box now, never the previous search's while typing.
  const fresh = !isPlaceholderData && text === value.trim();
  const options = fresh ? (data ?? []) : [];
  const combobox = useCombobox({ options, open, setOpen, onPick: (option) => onChange(option.name, option) });

  return (
    <div className="relative">
      <Input
        id={id}
        {...combobox.inputProps}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value, null);
          combobox.typed();
        }}
        // The list opens on typing or the arrow keys, not on focus: the dialog focuses this
        // field first, and a list over the empty form would hide it.
      />
      <ComboboxOptions combobox={combobox} options={options} label="Existing partners" keyOf={(option) => option.id}>
        {(option) => (
          <>
            <span className="font-medium">{option.name}</span>
            {option.location && <span className="ml-2 text-muted-foreground">{option.location}</span>}
          </>
        )}
      </ComboboxOptions>
      <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
        {linked ? hints.linked : hints.unlinked}
      </p>
    </div>
  );
}

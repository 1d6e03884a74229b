import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
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
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = useDebouncedValue(value.trim(), 200);
  const { data, isPlaceholderData } = usePartnerOptions(text, open);
  // Offer only answers for what is in the box now, never the previous search's while typing.
  const fresh = !isPlaceholderData && text === value.trim();
  const options = fresh ? (data ?? []) : [];
  const showList = open && options.length > 0;

  const pick = (option: PartnerOption) => {
    onChange(option.name, option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i <= 0 ? options.length : i) - 1));
    } else if (event.key === 'Enter' && showList && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && showList) {
      // Close the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? `${listboxId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value, null);
          setOpen(true);
          setActive(-1);
        }}
        // The list opens on typing or the arrow keys, not on focus: the dialog focuses this
        // field first, and a list over the empty form would hide it.
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Existing partners"
        className={cn(
          'absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-md border bg-card py-1 shadow-lg',
          !showList && 'hidden',
        )}
      >
        {showList &&
          options.map((option, i) => (
            <li
              key={option.id}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input must not lose focus (and close the list) first.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn('cursor-pointer px-3 py-2 text-sm', i === active && 'bg-accent text-accent-foreground')}
            >
              <span className="font-medium">{option.name}</span>
              {option.location && <span className="ml-2 text-muted-foreground">{option.location}</span>}
            </li>
          ))}
      </ul>
      <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
        {linked ? hints.linked : hints.unlinked}
      </p>
    </div>
  );
}

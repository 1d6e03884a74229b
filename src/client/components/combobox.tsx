import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * An editable combobox's list (the ARIA combobox pattern, list autocomplete): what the partner
 * type-aheads of Add Donation and of Send to Partners share. The caller owns the text and the
 * options; this owns which option is highlighted, the keys (arrows move, Enter picks, Escape
 * closes the list and not the dialog around it), and the listbox's markup.
 */
export function useCombobox<T>({
  options,
  open,
  setOpen,
  onPick,
  enterPicksFirst = false,
}: {
  options: readonly T[];
  /** Whether the person wants the list (typing or an arrow opened it; leaving the field closes it). */
  open: boolean;
  setOpen: (open: boolean) => void;
  onPick: (option: T) => void;
  /** Enter with nothing highlighted picks the first option (a picker), rather than leaving the text as typed. */
  enterPicksFirst?: boolean;
}) {
  const listboxId = useId();
  const [active, setActive] = useState(-1);
  const showList = open && options.length > 0;

  const pick = (option: T) => {
    onPick(option);
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
    } else if (event.key === 'Enter' && showList && (active >= 0 || enterPicksFirst)) {
      // Enter picks, never submits the form around the field.
      event.preventDefault();
      const chosen = options[active >= 0 ? active : 0];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape' && showList) {
      // Close the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return {
    listboxId,
    active,
    setActive,
    showList,
    pick,
    /** Typing: the list opens and nothing is highlighted until an arrow key says so. */
    typed() {
      setOpen(true);
      setActive(-1);
    },
    /** Spread on the text input. */
    inputProps: {
      role: 'combobox',
      autoComplete: 'off',
      'aria-autocomplete': 'list' as const,
      'aria-expanded': showList,
      'aria-controls': listboxId,
      'aria-activedescendant': showList && active >= 0 ? `${listboxId}-${active}` : undefined,
      onBlur: () => setOpen(false),
      onKeyDown,
      // The dialog around the field leaves an Escape to it while its list is open: Radix hears the
      // key on the document before this field's handler can stop it (FormDialogContent).
      'data-own-escape': showList ? '' : undefined,
    },
  };
}

/** The listbox under a combobox's input: each option drawn by `children`, picked by mouse without losing the input's focus. */
export function ComboboxOptions<T>({
  combobox,
  options,
  label,
  keyOf,
  children,
}: {
  combobox: ReturnType<typeof useCombobox<T>>;
  options: readonly T[];
  label: string;
  keyOf: (option: T) => string;
  children: (option: T) => ReactNode;
}) {
  const { listboxId, showList, active, setActive, pick } = combobox;
  return (
    <ul
      id={listboxId}
      role="listbox"
      aria-label={label}
      className={cn(
        'absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-md border bg-card py-1 shadow-lg',
        !showList && 'hidden',
      )}
    >
      {showList &&
        options.map((option, i) => (
          <li
            key={keyOf(option)}
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
            {children(option)}
          </li>
        ))}
    </ul>
  );
}

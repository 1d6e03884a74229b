import { MoreHorizontal } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** One entry of a row's menu. */
export interface RowMenuEntry {
  label: string;
  destructive?: boolean;
  disabled?: boolean;
  /**
   * Whether the entry opens a dialog (the default): the dialog then gives the focus back to the
   * menu's button when it closes. An entry that acts at once ('Send password link') lets the
   * menu give it back as it closes.
   */
  opensDialog?: boolean;
  onSelect: (menuButton: HTMLElement) => void;
}

/**
 * A row's "More actions" menu: its entries, then after a separator the destructive ones (the
 * accounts of decision 0159; files and folders, decision 0169). Buttons for every action left a
 * row's name a sliver at 390 px and put a Tab stop per action on every row. An entry that opens
 * a dialog keeps the menu from taking the focus back to its button as it closes (the dialog
 * would lose it); the dialog gives it back there when it closes.
 */
export function RowActionsMenu({
  name,
  entries,
  size = 'icon',
  variant = 'ghost',
}: {
  /** Whose actions: the button is "More actions for {name}". */
  name: string;
  entries: RowMenuEntry[];
  size?: 'icon' | 'sm';
  variant?: 'ghost' | 'outline';
}) {
  const button = useRef<HTMLButtonElement>(null);
  const openingDialog = useRef(false);
  if (entries.length === 0) return null;
  const item = (entry: RowMenuEntry) => (
    <DropdownMenuItem
      key={entry.label}
      destructive={entry.destructive}
      disabled={entry.disabled}
      onSelect={() => {
        openingDialog.current = entry.opensDialog ?? true;
        if (button.current) entry.onSelect(button.current);
      }}
    >
      {entry.label}
    </DropdownMenuItem>
  );
  const plain = entries.filter((entry) => !entry.destructive);
  const destructive = entries.filter((entry) => entry.destructive);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={button} variant={variant} size={size} aria-label={`More actions for ${name}`} title="More actions">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          if (openingDialog.current) event.preventDefault();
          openingDialog.current = false;
        }}
      >
        {plain.map(item)}
        {plain.length > 0 && destructive.length > 0 && <DropdownMenuSeparator />}
        {destructive.map(item)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

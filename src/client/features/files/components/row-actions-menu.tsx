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

/** One entry of a row's menu; it opens a dialog, which gives the focus back to the menu's button. */
export interface RowMenuEntry {
  label: string;
  destructive?: boolean;
  onSelect: (menuButton: HTMLElement) => void;
}

/**
 * A file's or folder's "More actions" menu: Rename…, Move… and, after a separator, Delete…
 * (decision 0169, after the accounts' menu of decision 0159). Five icon buttons a row left a
 * name about 70 px at 390 px, broken mid-word, and put five Tab stops on every row. Every entry
 * opens a dialog: the menu does not take the focus back to its button as it closes (the dialog
 * would lose it), and the dialog gives it back there when it closes.
 */
export function RowActionsMenu({ name, entries }: { name: string; entries: RowMenuEntry[] }) {
  const button = useRef<HTMLButtonElement>(null);
  const openingDialog = useRef(false);
  if (entries.length === 0) return null;
  const item = (entry: RowMenuEntry) => (
    <DropdownMenuItem
      key={entry.label}
      destructive={entry.destructive}
      onSelect={() => {
        openingDialog.current = true;
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
        <Button ref={button} variant="ghost" size="icon" aria-label={`More actions for ${name}`} title="More actions">
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

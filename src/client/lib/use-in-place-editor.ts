import { useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * An editor drawn in place of, or beside, the button that opens it (New Folder, Edit tags, a
 * chat message's Edit). Closed (saved, cancelled or left with Escape), the focus goes back to
 * that button rather than to the page's body. The button is hidden or disabled while the editor
 * is open, so the page is drawn without the editor first (flushSync) and only then focused.
 * A tuple, as useState's, so each screen names the four for what they are.
 */
export function useInPlaceEditor(): [
  open: boolean,
  setOpen: (open: boolean) => void,
  close: () => void,
  opener: RefObject<HTMLButtonElement | null>,
] {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    flushSync(() => setOpen(false));
    opener.current?.focus();
  };
  return [open, setOpen, close, opener];
}

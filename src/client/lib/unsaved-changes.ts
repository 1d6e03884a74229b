import { createContext, useCallback, useContext, useEffect, useId } from 'react';
import { useLocation } from 'react-router';

/**
 * Unsaved work on a page (decision 0157). A form on a page, not in a dialog, says whether it holds
 * changes with `useUnsavedChanges(dirty)`. Inside the signed-in shell, `UnsavedChangesGuard`
 * (components/unsaved-changes-guard.tsx) then asks before the page is left; closing or reloading
 * the tab gets the browser's own question. Dialogs ask in their own way (decision 0156). This
 * module stays small: the public form page uses it without the guard's dialog.
 */
/** `pathname` is the page the work is on: the guard asks only while that page is the one shown. */
export type RegisterUnsaved = (id: string, dirty: boolean, pathname: string) => void;

export const UnsavedChangesRegistry = createContext<RegisterUnsaved | null>(null);

/**
 * Says to the portal whether this component holds changes that are not saved. Returns a
 * release that lets go of the page at once, for a component whose work ends before its next
 * render (a dialog's content leaving the page as it closes).
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const register = useContext(UnsavedChangesRegistry);
  const id = useId();
  const { pathname } = useLocation();
  const release = useCallback(() => register?.(id, false, pathname), [register, id, pathname]);
  useEffect(() => {
    if (!register) return;
    register(id, dirty, pathname);
    return () => register(id, false, pathname);
  }, [register, id, dirty, pathname]);
  // Outside the signed-in shell (a partner answering a public form) only the tab can be left.
  useEffect(() => (register || !dirty ? undefined : askBeforeUnload()), [register, dirty]);
  return release;
}

let inFlight = 0;
let stopAsking: (() => void) | null = null;

/**
 * Work under way that closing the tab would cut off (an upload): while any is held, the browser
 * asks before the tab closes or reloads. Moving to another page of the portal lets it go on, so
 * the portal itself does not ask. Returns the release; releasing twice is harmless.
 */
export function holdWhileSending(): () => void {
  if (inFlight++ === 0) stopAsking = askBeforeUnload();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--inFlight === 0) {
      stopAsking?.();
      stopAsking = null;
    }
  };
}

/** The browser's own question when the tab is closed or reloaded; returns its removal. */
export function askBeforeUnload() {
  const ask = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older Chromium and Safari ask only when returnValue is set.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', ask);
  return () => window.removeEventListener('beforeunload', ask);
}

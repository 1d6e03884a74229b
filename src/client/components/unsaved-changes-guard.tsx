import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type Location } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-action';
import { askBeforeUnload, UnsavedChangesRegistry, type RegisterUnsaved } from '@/lib/unsaved-changes';

/** Pages one is sent to when the session has ended or needs a step: nothing can be saved there. */
const SENT_AWAY = new Set(['/', '/auth', '/account-setup']);

/**
 * Keeps count of the page's unsaved work (`useUnsavedChanges`) and, while there is some, asks
 * "Leave this page?" before the portal goes to another page (a sidebar link, a notification, the
 * browser's Back), and lets the browser ask before the tab closes or reloads (decision 0157). One
 * for the signed-in shell: React Router allows one blocker at a time, and a page can hold several
 * forms.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  // Each piece of unsaved work with the page it is on.
  const dirtyWork = useRef(new Map<string, string>());
  const [dirty, setDirty] = useState(false);
  const register = useCallback<RegisterUnsaved>((id, isDirty, pathname) => {
    if (isDirty) dirtyWork.current.set(id, pathname);
    else dirtyWork.current.delete(id);
    setDirty(dirtyWork.current.size > 0);
  }, []);

  useEffect(() => (dirty ? askBeforeUnload() : undefined), [dirty]);

  // Read at the moment of navigating, so a save that just finished is already counted. Only a
  // new page counts: a tab or filter in the address keeps the page, and its forms, where they are.
  // Only work on the page being left counts: after Leave the address changes before the old page
  // has unmounted, and a Back pressed in between is not a second leaving of that work.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      [...dirtyWork.current.values()].includes(currentLocation.pathname) &&
      currentLocation.pathname !== nextLocation.pathname &&
      !SENT_AWAY.has(nextLocation.pathname),
  );

  return (
    <UnsavedChangesRegistry.Provider value={register}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title="Leave this page?"
        description="Changes you made on this page have not been saved."
        cancelLabel="Stay on this page"
        confirmLabel="Leave"
        onConfirm={() => {
          if (blocker.state === 'blocked') blocker.proceed();
        }}
      />
    </UnsavedChangesRegistry.Provider>
  );
}

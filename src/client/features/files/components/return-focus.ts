import { focusWhenDrawn } from '@/lib/focus-when-drawn';

/**
 * A dialog opened from a row's button (no Radix trigger) gives the focus back to that button
 * when it closes, if the button is still on the page (a renamed row is drawn again; then the
 * focus stays where the browser puts it).
 */
export function returnFocus(event: Event, opener: HTMLElement | null) {
  if (opener?.isConnected) {
    event.preventDefault();
    opener.focus();
  }
}

/**
 * Where the focus goes once a row leaves the list (its file or folder deleted, or moved away),
 * as the tasks board does: the next row's "More actions" button, or the previous row's when it
 * was the last, else Upload Files. It fell to the page with the row's button. Worked out before
 * the change, while the row still has its neighbours; `focus` moves it there once the list is
 * drawn again (to New Folder while an upload holds Upload Files).
 */
export function focusAfterRowGoes(opener: HTMLElement | null): { focus: () => void } {
  const row = opener?.closest('tr');
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  // A row without a menu (someone else's file) offers its name's button instead.
  const next =
    neighbour?.querySelector<HTMLElement>('button[aria-label^="More actions"]') ??
    neighbour?.querySelector<HTMLElement>('button');
  return {
    focus: () =>
      void focusWhenDrawn(() => {
        if (next?.isConnected) return next;
        return ['upload', 'new-folder']
          .map((control) => document.querySelector<HTMLButtonElement>(`main button[data-files-control="${control}"]`))
          .find((button) => button && !button.disabled);
      }),
  };
}

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

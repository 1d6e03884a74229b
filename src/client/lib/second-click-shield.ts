/** How long after a dialog closes its double-click's second click can still arrive (the OS's interval is about 500 ms). */
const SHIELD_MS = 800;
const SHIELDED = ['mousedown', 'mouseup', 'click', 'dblclick', 'auxclick'] as const;

/**
 * Swallows the second click of a double-click whose first click closed a dialog. The dialog and
 * its overlay are gone by then, so that click landed on whatever the dialog covered: a
 * double-click on "Start the export" flipped the coordinator switch under it. Only clicks the
 * browser counts as the second of a pair (`detail` 2 or more) are swallowed, within SHIELD_MS; a
 * single click, a key press or a test's click goes through.
 */
export function shieldSecondClick(): void {
  const swallow = (event: MouseEvent) => {
    if (event.detail < 2) return;
    event.preventDefault();
    event.stopPropagation();
  };
  for (const type of SHIELDED) window.addEventListener(type, swallow, true);
  window.setTimeout(() => {
    for (const type of SHIELDED) window.removeEventListener(type, swallow, true);
  }, SHIELD_MS);
}

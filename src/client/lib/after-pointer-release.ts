/**
 * Whether a pointer button is held down anywhere on the page. A field that shows its error when
 * left is left on the press of the next thing clicked; an error drawn then pushes that thing down
 * before the release, and the click lands beside it (a public form lost the first click on a
 * choice under a number box). `afterPointerRelease` waits until the click has happened.
 */
let pressed = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  for (const type of ['pointerup', 'pointercancel'] as const) {
    window.addEventListener(type, () => (pressed = false), true);
  }
}

/** Runs `then` now, or once the pointer held down is released and its click dispatched. */
export function afterPointerRelease(then: () => void): void {
  if (!pressed) {
    then();
    return;
  }
  const released = () => {
    window.removeEventListener('pointerup', released, true);
    window.removeEventListener('pointercancel', released, true);
    // The click follows the release in the same task: a timeout runs after it.
    window.setTimeout(then, 0);
  };
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
}

/** Frames to wait for an element that a change is about to draw (a list read again, an entry moved). */
const FRAMES = 20;

/**
 * Focuses what `find` returns once it is on the page: after a change that redraws a list, the
 * button pressed has gone and the element to go on to may not be drawn yet. Gives up after
 * about a third of a second; the focus then stays where the browser put it.
 */
export async function focusWhenDrawn(find: () => HTMLElement | null | undefined): Promise<void> {
  for (let frame = 0; frame < FRAMES; frame++) {
    const element = find();
    if (element) return element.focus();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

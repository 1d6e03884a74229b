/**
 * Where toasts go so that they never lie over what a person clicks next (docs/decisions/0127,
 * 0154). With no dialog in the way the toaster is in the middle of the top: every screen's
 * header has its title on the left and its actions on the right (New Folder, Add Partner, the
 * chat's search), and a toast in the top right corner lay over them for the seconds it lasted.
 * A dialog that reaches into that band (issue 27 item 8: a toast covered a dialog's close
 * button) sends the toasts beside it, in the top right corner, or else to the bottom. The close
 * button is in every dialog's top right corner, so the bottom is also where a dialog too tall
 * to leave room anywhere (a long form on a phone) is covered least: at most the end of its
 * scrolled content, for the few seconds a toast lasts.
 */
export type ToastPosition = 'top-center' | 'top-right' | 'bottom-right';
export interface ToastPlacement {
  position: ToastPosition;
  /** A narrower toast that fits beside the dialog; sonner's own width otherwise. */
  width?: number;
}
export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** sonner's toast width, its distance from the window's edge on a desk, and its phone breakpoint (where it spans the toast across the window, whatever the position). */
export const TOAST_WIDTH = 356;
export const TOAST_EDGE = 24;
export const PHONE_MAX_WIDTH = 600;
/** Height kept for the toasts: the front one with a two-line description and the edges of the two behind it. */
export const TOAST_BAND = 150;
/** Narrower than this, a toast's text wraps into a column too thin to read. */
export const MIN_SIDE_WIDTH = 240;

export function toastPlacement(view: { width: number; height: number }, dialog: Box | null): ToastPlacement {
  if (!dialog || dialog.top >= TOAST_BAND) return { position: 'top-center' };
  // On a phone sonner spans the toast across the window, so a side is never free there.
  const side = view.width - dialog.right - 2 * TOAST_EDGE;
  if (view.width > PHONE_MAX_WIDTH && side >= MIN_SIDE_WIDTH) {
    return { position: 'top-right', width: Math.min(TOAST_WIDTH, Math.floor(side)) };
  }
  return { position: 'bottom-right' };
}

/** The box around every open dialog (a confirmation over a details dialog counts as both). */
export function unionOf(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  return boxes.reduce((a, b) => ({
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
    left: Math.min(a.left, b.left),
  }));
}

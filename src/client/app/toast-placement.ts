/**
 * Where toasts go so that they never lie over an open dialog's controls (issue 27 item 8: a toast
 * covered a dialog's close button). The toaster sits in the top right corner; while a dialog is
 * open it stays there only if it fits above the dialog or beside it, else it moves to the
 * bottom. The close button is in every dialog's top right corner, so the bottom is also where a
 * dialog too tall to leave room anywhere (a long form on a phone) is covered least: at most the
 * end of its scrolled content, for the few seconds a toast lasts.
 */
export type ToastPosition = 'top-right' | 'bottom-right';
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

/** sonner's toast width, its distance from the window's edge on a desk, and its phone breakpoint. */
export const TOAST_WIDTH = 356;
export const TOAST_EDGE = 24;
export const PHONE_MAX_WIDTH = 600;
/** Height kept for the toasts: the front one with a two-line description and the edges of the two behind it. */
export const TOAST_BAND = 150;
/** Narrower than this, a toast's text wraps into a column too thin to read. */
export const MIN_SIDE_WIDTH = 240;

export function toastPlacement(view: { width: number; height: number }, dialog: Box | null): ToastPlacement {
  if (!dialog || dialog.top >= TOAST_BAND) return { position: 'top-right' };
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

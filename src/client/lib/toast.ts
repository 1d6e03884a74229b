import type { ExternalToast } from 'sonner';

/**
 * The portal's one way to raise a toast (every screen imports this, not sonner). Two rules keep
 * the corner readable (issue 27 item 8), where older error toasts stayed stacked under new ones:
 * - an error replaces the open error with the same title (or the same `id`): the same failure
 *   twice shows once, the newest in front;
 * - at most `MAX_OPEN_TOASTS` stay open: a new one closes the oldest.
 *
 * sonner is loaded here on demand, never imported statically, because the sign-in screen's
 * download must not carry it (docs/decisions/0056-sign-in-bundle.md). It is the chunk the lazily
 * mounted toaster loads (app/lazy-toaster.tsx), so it is usually there already; a toast raised
 * before that toaster mounts is kept in sonner's state and shown when the toaster subscribes.
 */
export const MAX_OPEN_TOASTS = 3;

type Kind = 'success' | 'error' | 'info';

let sonner: Promise<typeof import('sonner')> | null = null;
// One promise for every call, so toasts show in the order they were raised.
const loadSonner = () => (sonner ??= import('sonner'));

/** The open toasts, oldest first: sonner's id, and the key an error is replaced by. */
const open: { id: string; key: string | null }[] = [];
let sequence = 0;

function forget(id: string) {
  const at = open.findIndex((t) => t.id === id);
  if (at >= 0) open.splice(at, 1);
}

function show(kind: Kind, message: string, data: ExternalToast = {}) {
  const { id: callerId, onDismiss, onAutoClose, ...options } = data;
  const key = callerId !== undefined ? `id:${String(callerId)}` : kind === 'error' ? `error:${message}` : null;
  void loadSonner().then(({ toast }) => {
    const replaced = key === null ? [] : open.filter((t) => t.key === key);
    for (const old of replaced) {
      forget(old.id);
      toast.dismiss(old.id);
    }
    // A fresh id each time: updating the old toast in place would leave it behind newer ones.
    const id = `toast-${++sequence}`;
    open.push({ id, key });
    while (open.length > MAX_OPEN_TOASTS) toast.dismiss(open.shift()!.id);
    toast[kind](message, {
      ...options,
      id,
      onDismiss: (t) => {
        forget(id);
        onDismiss?.(t);
      },
      onAutoClose: (t) => {
        forget(id);
        onAutoClose?.(t);
      },
    });
  });
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
  info: (message: string, data?: ExternalToast) => show('info', message, data),
};

/**
 * The toasts of one action, a dialog's save: each replaces the one before, whatever its kind,
 * so the success of a second try closes the error the first raised instead of showing in front
 * of it ("Validation error" behind "Donation added"). Raised with the action's `id`.
 */
export function actionToasts(id: string) {
  const raise = (kind: Kind) => (message: string, data?: Omit<ExternalToast, 'id'>) =>
    show(kind, message, { ...data, id });
  return {
    success: raise('success'),
    error: raise('error'),
    info: raise('info'),
    /** Closes the action's open toast: its success is said by someone else (the form's screen). */
    dismiss: () => dismissKey(`id:${id}`),
  };
}

function dismissKey(key: string) {
  void loadSonner().then(({ toast }) => {
    for (const old of open.filter((t) => t.key === key)) {
      forget(old.id);
      toast.dismiss(old.id);
    }
  });
}

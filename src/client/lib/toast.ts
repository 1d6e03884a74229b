import type { ExternalToast } from 'sonner';

/**
 * sonner's toast.error for the modules of the sign-in screen's download, which must not carry
 * sonner itself (docs/decisions/0056-sign-in-bundle.md); signed-in pages import sonner directly.
 * sonner is the chunk the lazily mounted toaster loads (app/lazy-toaster.tsx), so it is
 * usually there already. A toast raised before that toaster mounts is kept in sonner's state
 * and shown when the toaster subscribes.
 */
export const toast = {
  error(message: string, data?: ExternalToast): void {
    void import('sonner').then((sonner) => sonner.toast.error(message, data));
  },
  info(message: string, data?: ExternalToast): void {
    void import('sonner').then((sonner) => sonner.toast.info(message, data));
  },
};

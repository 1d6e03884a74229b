import { toast } from '@/lib/toast';

/**
 * Registers the service worker (vite-plugin-pwa, Workbox) after the page has loaded, from a
 * chunk of its own: the first page's JavaScript does not grow (issue 24). A new version waits
 * until the person chooses "Reload to update", so a page never runs old and new code together.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh() {
          toast.info('A new version of the portal is ready.', {
            duration: Infinity,
            action: { label: 'Reload to update', onClick: () => void update(true) },
          });
        },
      });
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

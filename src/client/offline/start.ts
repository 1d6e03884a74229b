import type { QueryClient } from '@tanstack/react-query';
import { watchConnection } from './connection';
import { keepOfflineCache, restoreOfflineCache } from './persist-cache';
import { startOfflineQueue } from './queue';
import { registerServiceWorker } from './register-worker';

/**
 * Everything offline (issue 24, decision 0129), before the first render: the answers saved on
 * this device are back in the cache, the queue of waiting writes is loaded and sent when the
 * connection allows, and the service worker is registered once the page has loaded.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  watchConnection();
  await restoreOfflineCache(queryClient);
  keepOfflineCache(queryClient);
  await startOfflineQueue(queryClient).catch(() => undefined);
  registerServiceWorker();
}

import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is online. TanStack Query's onlineManager starts "online"
 * whatever the browser says; told the truth at start, a reload while offline pauses the
 * queries (keeping the answers restored from this device) instead of failing each of them.
 */
export function watchConnection() {
  onlineManager.setOnline(navigator.onLine);
}

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

import { useCallback, useState } from 'react';

/**
 * A choice of how a screen looks (cards or a table, a calendar's view) remembered in this
 * browser. A value this version does not know, or storage the browser refuses (private
 * windows may), falls back to the default: remembering is a convenience, never an error.
 */
export function useStoredChoice<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      return stored !== null && (allowed as readonly string[]).includes(stored) ? (stored as T) : fallback;
    } catch {
      return fallback;
    }
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Not remembered; the choice still applies for now.
      }
    },
    [key],
  );
  return [value, choose];
}

import { useCallback, useState } from 'react';

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const stored = window.localStorage.getItem(key);
    return stored !== null && (allowed as readonly string[]).includes(stored) ? (stored as T) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A choice of how a screen looks (cards or a table, a calendar's view) remembered in this
 * browser. A value this version does not know, or storage the browser refuses (private
 * windows may), falls back to the default: remembering is a convenience, never an error.
 * When the key changes (a choice kept per person, once the person is known), the choice
 * stored under the new key applies.
 */
export function useStoredChoice<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [state, setState] = useState<{ key: string; value: T }>(() => ({ key, value: read(key, allowed, fallback) }));
  const value = state.key === key ? state.value : read(key, allowed, fallback);
  const choose = useCallback(
    (next: T) => {
      setState({ key, value: next });
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

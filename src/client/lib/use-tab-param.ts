import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a tabbed screen, kept in the address (`?tab=security`), so a reload, Back and
 * Forward, and a link someone shares open the same tab (issue 27 item 8). A tab the screen does
 * not have (a mistyped link, the admins' tab for someone else) shows the first. Switching
 * replaces the history entry: arrowing along the tabs must not fill Back with every tab passed.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const first = tabs[0]!;
  const tab = tabs.find((t) => t === requested) ?? first;
  const select = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          // The first tab is the screen's plain address.
          if (next === first) updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams, first],
  );
  return [tab, select];
}

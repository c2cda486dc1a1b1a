import { useCallback, useEffect, useMemo } from 'react';
import { useNavigation, useSearchParams } from 'react-router-dom';
import { readListState, writeListState, type ListState } from './list-url-state';

/**
 * The list state of the current URL and a setter that writes it back. Replaces the history entry rather
 * than pushing one per keystroke or sort click: Back leaves the list instead of replaying it.
 */
export function useListUrlState(sortable: readonly string[]): [ListState, (patch: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const key = sortable.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `sortable`'s contents
  const state = useMemo(() => readListState(params, sortable), [params, key]);
  const update = useCallback(
    (patch: Partial<ListState>) =>
      setParams(
        () => {
          // The address bar as it is now, not the parameters of the last render: a debounced search landing
          // right after a filter change (another writer of the same URL) must not undo it.
          const current = new URLSearchParams(window.location.search);
          return writeListState(current, readListState(current, sortable), patch);
        },
        { replace: true },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
    [setParams, key],
  );
  return [state, update];
}

/**
 * Writes a settled search into the list's URL. Only a settled keystroke writes it; the URL changing by itself
 * (Back) is not undone. Nor is it written while the router is on its way somewhere else: a row clicked within
 * the debounce, whose screen is still loading, would otherwise be cancelled by this replace and the user left
 * on the list, their click lost.
 */
export function useSettledSearch(settled: string, current: string, update: (patch: Partial<ListState>) => void): void {
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (settled !== current && !navigating) update({ search: settled });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly settled search writes the URL
  }, [settled]);
}

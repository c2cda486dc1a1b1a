import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
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

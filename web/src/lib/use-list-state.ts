import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, withChanges, type ListChanges, type ListOptions } from './list-params';

/**
 * A paged list's search, sort, page and size, read from the query string (lib/list-params.ts), `update` to
 * change them, and `controls`, the props of `ListControls` (the typed search, applied on submit; a new
 * size or sort starts again at page 1). `params` is the whole query string, for a list's own parameters.
 */
export function useListState<S extends string>(options: ListOptions<S>) {
  const [params, setParams] = useSearchParams();
  const state = readListState(params, options);
  const update = useCallback(
    // The address bar, not this render's copy: two quick changes in a row must not lose the first.
    (changes: ListChanges) => setParams(withChanges(window.location.search, changes)),
    [setParams],
  );
  const [draft, setDraft] = useState(state.search);
  // Back, forward or a link changes the search: the box shows the address's one.
  useEffect(() => setDraft(state.search), [state.search]);

  // Stable handlers, so the memoised controls skip the renders an answer causes.
  const onSearch = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      update({ search: draft.trim(), page: null });
    },
    [update, draft],
  );
  const onSize = useCallback((value: string) => update({ size: value, page: null }), [update]);
  const onSort = useCallback((value: string) => update({ sort: value, page: null }), [update]);
  const controls = {
    draft,
    onDraftChange: setDraft,
    onSearch,
    sizes: options.sizes,
    size: state.size,
    onSize,
    sorts: options.sorts,
    sort: state.sort,
    onSort,
  };
  return { ...state, params, update, controls };
}

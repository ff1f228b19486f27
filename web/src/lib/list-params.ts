/**
 * The query string of a paged list (the product list, the streaming list): search, sort, page and size
 * live in the URL, so back, forward and reload keep them. Pure, so the rules are tested without a browser.
 */

/** The page sizes and sorts a list offers, and what it shows when the address names none (or a wrong one). */
export interface ListOptions<S extends string> {
  sizes: readonly number[];
  defaultSize: number;
  sorts: readonly S[];
  defaultSort: S;
}

export interface ListState<S extends string> {
  search: string;
  sort: S;
  /** 1 or more; a missing, broken or fractional page reads as its whole part, at least 1. */
  page: number;
  size: number;
}

/** A parameter's new value; null or '' removes it from the address. */
export type ListChanges = Record<string, string | number | null>;

export function readListState<S extends string>(params: URLSearchParams, options: ListOptions<S>): ListState<S> {
  const sizeParam = Number(params.get('size'));
  const sortParam = params.get('sort');
  return {
    search: params.get('search') ?? '',
    sort: options.sorts.find((sort) => sort === sortParam) ?? options.defaultSort,
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
    size: options.sizes.includes(sizeParam) ? sizeParam : options.defaultSize,
  };
}

/** The query string `search` with `changes` applied; the other parameters (e.g. a category) stay. */
export function withChanges(search: string, changes: ListChanges): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

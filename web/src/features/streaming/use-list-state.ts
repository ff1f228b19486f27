import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_STREAM_PAGE_SIZE,
  DEFAULT_STREAM_PAGE_SIZE_MOBILE,
  DEFAULT_STREAM_SORT,
  STREAM_CATEGORY_ALL,
  STREAM_PAGE_SIZES,
  STREAM_PAGE_SIZES_MOBILE,
  STREAM_SORTS,
  type StreamSort,
} from '@contracts/streaming';

/** Phones get 96 per page with 48/96/144 (signed-in section 9). */
export const PHONE_QUERY = '(max-width:599.95px)';

/** Category, search, sort, page and size live in the URL, so back, forward and reload keep them. */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const sizes: readonly number[] = phone ? STREAM_PAGE_SIZES_MOBILE : STREAM_PAGE_SIZES;
  const sizeParam = Number(params.get('size'));
  const size = sizes.includes(sizeParam)
    ? sizeParam
    : phone
      ? DEFAULT_STREAM_PAGE_SIZE_MOBILE
      : DEFAULT_STREAM_PAGE_SIZE;
  const sortParam = params.get('sort') as StreamSort | null;
  const sort = sortParam && STREAM_SORTS.includes(sortParam) ? sortParam : DEFAULT_STREAM_SORT;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const categoryParam = Number(params.get('category'));
  const category = Number.isInteger(categoryParam) ? categoryParam : STREAM_CATEGORY_ALL;
  const search = params.get('search') ?? '';

  const update = (changes: Record<string, string | number | null>) => {
    // The address bar, not this render's copy: two quick changes in a row must not lose the first.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  return { category, search, sort, page, size, sizes, update };
}

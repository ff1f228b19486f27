import { DEFAULT_PRODUCT_SORT, type ProductListItem } from '@contracts/catalog';
import { useProductsQuery } from '@/lib/catalog-api';
import type { Featured } from './components/home-card';

/** Newest first, the smallest page the list API offers: a few featured items need no more. */
const FEATURED_PAGE = { search: '', sort: DEFAULT_PRODUCT_SORT, page: 1, size: 24 } as const;

/** The newest products of a category, picked by `pick` (three by default), as a card's featured items. */
export function useFeatured(
  category: number,
  pick: (items: ProductListItem[]) => ProductListItem[] = (items) => items.slice(0, 3),
): Featured {
  const query = useProductsQuery({ category, ...FEATURED_PAGE });
  return {
    items: pick(query.data?.data ?? []),
    loading: query.isLoading,
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}

import { skipToken } from '@reduxjs/toolkit/query/react';
import { DEFAULT_PRODUCT_SORT, ELEARNING_CATEGORY_ID, type ProductListItem } from '@contracts/catalog';
import { useProductsQuery } from '@/lib/catalog-api';
import type { Featured } from './components/home-card';

const isSubscription = (product: ProductListItem) => product.TYPE === 'elearning' && product.TERMS.length > 0;

/**
 * The eLearning subscription product (TYPE elearning): looked up in the eLearning category, then by
 * search; and the category's courses (the card's featured items).
 */
export function useElearningProduct(): { product: ProductListItem | undefined; courses: Featured } {
  const inCategory = useProductsQuery({
    category: ELEARNING_CATEGORY_ID,
    search: '',
    sort: DEFAULT_PRODUCT_SORT,
    page: 1,
    size: 96,
  });
  const found = inCategory.data?.data.find(isSubscription);
  const searched = useProductsQuery(
    (inCategory.isSuccess && !found) || inCategory.isError
      ? { category: 0, search: 'elearning', sort: DEFAULT_PRODUCT_SORT, page: 1, size: 96 }
      : skipToken,
  );
  return {
    product: found ?? searched.data?.data.find(isSubscription),
    courses: {
      items: (inCategory.data?.data ?? []).filter((p) => !isSubscription(p)).slice(0, 3),
      loading: inCategory.isLoading,
      failed: inCategory.isError,
      retry: () => void inCategory.refetch(),
    },
  };
}

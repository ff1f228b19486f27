import { DEFAULT_PRODUCT_SORT, isCmePackage, isCompletePackage, type ProductListItem } from '@contracts/catalog';
import { useProductsQuery } from '@/lib/catalog-api';

/** The Subscriptions & Apps category of the demo catalog (categories.csv): where the packages are listed. */
const SUBSCRIPTIONS_CATEGORY_ID = 11;
const PACKAGES_PAGE = {
  category: SUBSCRIPTIONS_CATEGORY_ID,
  search: '',
  sort: DEFAULT_PRODUCT_SORT,
  page: 1,
  size: 24,
} as const;

/**
 * The Complete package and the CME package the home's cards sell, known by what the catalog says of
 * them (TYPE qmpcomplete; TYPE cme with the year's credits), as the server knows them: never by an id.
 * One read for both cards (RTK Query shares it); undefined while it loads or when the catalog lacks one.
 */
export function usePackages(): { complete: ProductListItem | undefined; cme: ProductListItem | undefined } {
  const items = useProductsQuery(PACKAGES_PAGE).data?.data ?? [];
  return { complete: items.find(isCompletePackage), cme: items.find(isCmePackage) };
}

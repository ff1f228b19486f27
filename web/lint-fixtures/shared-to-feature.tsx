// Linted as web/src/lib/fixture.ts: shared code importing a feature.
import { useCategoriesQuery } from '@/features/catalog/api/catalog-api';

export const fixture = useCategoriesQuery;

import Pagination from '@mui/material/Pagination';
import type { ListChanges } from '@/lib/list-params';

/**
 * The pages of a paged list (the product list, the streaming list), shown when there is more than one;
 * page 1 leaves the address without a page parameter. `update` is the one of `useListState`.
 */
export function ListPagination({
  pages,
  page,
  update,
  siblingCount,
}: {
  pages: number;
  page: number;
  update: (changes: ListChanges) => void;
  /** Pages shown beside the current one (0 keeps a phone's row short). */
  siblingCount?: number;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      // 44 px page buttons: a finger hits them on a phone (MUI's are 32 px).
      sx={{ mt: 3, '& .MuiPaginationItem-root': { minWidth: 44, height: 44 } }}
      count={pages}
      page={Math.min(page, pages)}
      siblingCount={siblingCount}
      onChange={(_, value) => update({ page: value === 1 ? null : value })}
      getItemAriaLabel={(type, value, selected) =>
        type === 'page' ? `${selected ? '' : 'Go to '}page ${value}` : `Go to ${type} page`
      }
    />
  );
}

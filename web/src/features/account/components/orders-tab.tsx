import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderHistoryEntry } from '@contracts/cart';
import { LoadError } from '@/components/load-error';
import { AppLink } from '@/components/router-link';
import { formatUsd } from '@/lib/money';
import { productImage } from '@/lib/product-image';
import { useOrdersInfiniteQuery } from '../api/account-api';

/** TYPEs that open the streaming pages (signed-in section 2, compared case-insensitively). */
const STREAM_TYPES = new Set(['streaming', 'both', 'streaming_all', 'qmpcomplete', 'elearning']);

type Product = OrderHistoryEntry['PRODUCTS'][number];

function ProductLink({ product }: { product: Product }) {
  const type = product.TYPE.toLowerCase();
  if (STREAM_TYPES.has(type)) {
    return (
      <AppLink to="/streaming" aria-label={`Stream ${product.PRODUCTNAME}`}>
        Stream
      </AppLink>
    );
  }
  if (type === 'iflap') {
    return (
      <Link href="/iflap/home" target="_blank" rel="noopener" aria-label={`Open App ${product.PRODUCTNAME}`}>
        Open App
      </Link>
    );
  }
  return null;
}

function OrderCard({ order }: { order: OrderHistoryEntry }) {
  const date = order.DATE.split('T')[0];
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} aria-label={`Order ${order.ONUM}`}>
      <Typography component="h3" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
        {date} · Order <AppLink to={`/checkout/confirm/${encodeURIComponent(order.ONUM)}`}>{order.ONUM}</AppLink>
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, mt: 1.5 }}>
        {order.PRODUCTS.map((product, index) => (
          <Box
            component="li"
            key={`${product.PRODUCTID}-${index}`}
            sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}
          >
            <Box
              component="img"
              src={productImage(product.PRODUCTID)}
              alt={product.PRODUCTNAME}
              loading="lazy"
              width={64}
              height={64}
              sx={{ objectFit: 'cover', flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover' }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{product.PRODUCTNAME}</Typography>
              <ProductLink product={product} />
            </Box>
          </Box>
        ))}
      </Stack>
      {order.REFUNDS.map((refund, index) => (
        <Typography key={`${refund.DATE}-${index}`} sx={{ mt: 1.5 }}>
          Refunded {formatUsd(refund.AMOUNT)} on {refund.DATE.split('T')[0]}
        </Typography>
      ))}
    </Paper>
  );
}

/**
 * The Orders tab (signed-in sections 2 and 4): the newest orders when the tab is first chosen, then
 * cached; "Show more orders" adds the next page below, and says when it is loading or failed.
 */
export function OrdersTab({ token }: { token: string }) {
  const { data, isLoading, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useOrdersInfiniteQuery(token);
  const orders = data?.pages.flatMap((page) => page.data) ?? [];
  const list = useRef<HTMLUListElement>(null);
  /**
   * After "Show more orders", the focus goes on the first order the page added (its number's link),
   * once it is drawn: the button itself goes away after the last page, and a keyboard user goes on
   * reading where the new orders begin.
   */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || orders.length <= focusFrom) return;
    list.current?.children[focusFrom]?.querySelector<HTMLAnchorElement>('h3 a')?.focus();
    setFocusFrom(null);
  }, [focusFrom, orders.length]);
  const showMore = () => {
    setFocusFrom(orders.length);
    void fetchNextPage();
  };

  if (isLoading) return <LinearProgress aria-label="Loading orders" />;
  if (!data) return <LoadError what="Your orders" onRetry={() => void refetch()} retrying={isFetching} />;
  if (orders.length === 0)
    return (
      <Typography>
        You have no orders yet. <AppLink to="/products/0">Start shopping</AppLink>
      </Typography>
    );
  return (
    <Stack spacing={2}>
      <Stack component="ul" ref={list} spacing={2} sx={{ p: 0, m: 0 }} aria-label="Orders">
        {orders.map((order) => (
          <OrderCard key={order.ONUM} order={order} />
        ))}
      </Stack>
      {isFetchNextPageError ? (
        <LoadError what="More orders" onRetry={showMore} retrying={isFetchingNextPage} />
      ) : hasNextPage ? (
        <Button
          variant="outlined"
          onClick={showMore}
          disabled={isFetchingNextPage}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 44 }}
        >
          {isFetchingNextPage ? 'Loading more orders…' : 'Show more orders'}
        </Button>
      ) : null}
      <Typography role="status" sx={{ color: 'text.secondary' }}>
        {hasNextPage
          ? `Showing your ${orders.length} newest orders.`
          : `All ${orders.length} of your orders are shown.`}
      </Typography>
    </Stack>
  );
}

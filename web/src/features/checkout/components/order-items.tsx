import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CartLine } from '@contracts/cart';
import { formatUsd } from '@/lib/money';
import { typeWords } from '@/lib/product-words';

/** What is being paid for, above the totals: name, kind, quantity and line total. */
export function OrderItems({ items }: { items: readonly CartLine[] }) {
  return (
    <section aria-labelledby="items-heading">
      <Typography id="items-heading" variant="h6" component="h2" gutterBottom>
        Items
      </Typography>
      <Box component="ul" aria-label="Items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((line) => (
          <Box
            component="li"
            key={line.KEY}
            sx={{ display: 'flex', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'baseline' }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{line.NAME}</Typography>
              <Typography variant="body2" color="text.secondary">
                {typeWords(line.TYPE)}
              </Typography>
            </Box>
            <Typography sx={{ whiteSpace: 'nowrap' }}>Qty {line.QTY}</Typography>
            <Typography sx={{ whiteSpace: 'nowrap', minWidth: '5.5em', textAlign: 'right' }}>
              {formatUsd(line.LINE_TOTAL)}
            </Typography>
          </Box>
        ))}
      </Box>
    </section>
  );
}

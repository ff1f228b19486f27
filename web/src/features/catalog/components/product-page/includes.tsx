import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import type { ProductDetail } from '@contracts/catalog';

/** What a subscription includes, by its TYPE, with the library's counts from the API. */
export function includedIn(product: Pick<ProductDetail, 'TYPE' | 'CREDITS' | 'LIBRARY'>): string[] {
  const videos = product.LIBRARY ? `${product.LIBRARY.VIDEO_SERIES} video series` : 'every video series';
  const courses = product.LIBRARY ? `${product.LIBRARY.ELEARNING_COURSES} eLearning courses` : 'every eLearning course';
  switch (product.TYPE) {
    case 'qmpcomplete':
      return [
        `Streaming of the whole library: ${videos}, new releases included`,
        `The full eLearning curriculum: ${courses} with self-assessment`,
        'Recordings of our meetings',
        '20% off live meeting registration',
      ];
    case 'STREAMING_ALL':
      return [
        `Unlimited streaming of ${videos}`,
        'New releases as they are published',
        'A record of your viewing time',
      ];
    case 'elearning':
      return [`${courses}`, 'Narrated cases with operative video', 'Self-assessment questions', 'On any device'];
    case 'cme':
      return [
        `Up to ${product.CREDITS || 20} AMA PRA Category 1 credits this calendar year`,
        'Four questions after each video, answered online',
        'A certificate to download from the CME Center',
      ];
    case 'pulse':
      return ['A yearly subscription, renewed on your terms'];
    default:
      return [];
  }
}

export function SubscriptionIncludes({ product }: { product: ProductDetail }) {
  const items = includedIn(product);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="includes-heading">
      <Typography id="includes-heading" variant="h5" component="h2" gutterBottom>
        What it includes
      </Typography>
      <List dense>
        {items.map((item) => (
          <ListItem key={item} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckIcon color="success" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={item} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}

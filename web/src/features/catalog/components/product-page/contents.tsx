import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ProductTitle } from '@contracts/catalog';
import { runningTime, runningTimeWords } from './format';

/** The table of contents of a video series (or a book's companion videos): titles and running times. */
export function Contents({ titles, book }: { titles: ProductTitle[]; book: boolean }) {
  if (titles.length === 0) return null;
  const total = titles.reduce((sum, t) => sum + (t.DURATION ?? 0), 0);
  return (
    <section aria-labelledby="contents-heading">
      <Typography id="contents-heading" variant="h5" component="h2" gutterBottom>
        {book ? 'Companion videos' : 'Contents'}
      </Typography>
      <Typography color="text.secondary">
        {titles.length} video{titles.length === 1 ? '' : 's'}
        {total > 0 ? `, ${runningTime(total)} in all` : ''}
      </Typography>
      <List component="ol" dense aria-label="Videos" sx={{ listStyle: 'none', pl: 0 }}>
        {titles.map((title) => (
          <ListItem key={title.TITLEID} component="li" divider sx={{ gap: 2 }}>
            <Typography component="span" color="text.secondary" sx={{ minWidth: '1.5em' }}>
              {title.POSITION}.
            </Typography>
            <ListItemText primary={title.TITLE} />
            {title.DURATION !== null ? (
              <Typography
                component="span"
                color="text.secondary"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
                aria-label={runningTimeWords(title.DURATION)}
              >
                {runningTime(title.DURATION)}
              </Typography>
            ) : null}
          </ListItem>
        ))}
      </List>
    </section>
  );
}

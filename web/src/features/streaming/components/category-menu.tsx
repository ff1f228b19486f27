import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { StreamCategory } from '@contracts/streaming';
import { categoryPath } from '../paths';

/**
 * The stream categories as a side menu: a list of links from 900 px, a select on phones and tablets
 * (no sideways scrolling at 390 px). `selected` null marks none (user/home).
 */
export function CategoryMenu({ entries, selected }: { entries: StreamCategory[]; selected: number | null }) {
  const navigate = useNavigate();
  return (
    <Box component="nav" aria-label="Stream categories">
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <List dense disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.ID} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={categoryPath(entry.ID)}
                selected={entry.ID === selected}
                aria-current={entry.ID === selected ? 'page' : undefined}
              >
                <ListItemText primary={entry.NAME} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <TextField
          select
          fullWidth
          size="small"
          label="Category"
          value={selected ?? ''}
          onChange={(event) => navigate(categoryPath(Number(event.target.value)))}
          slotProps={{ select: { native: true } }}
        >
          {selected === null ? <option value="">Choose a category</option> : null}
          {entries.map((entry) => (
            <option key={entry.ID} value={entry.ID}>
              {entry.NAME}
            </option>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}

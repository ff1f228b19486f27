import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useNavigate } from 'react-router';

interface Category {
  ID: number;
  NAME: string;
}

/**
 * The categories of a list (the product list, the streaming list) as a side menu of links from 900 px and
 * a select below (no sideways scrolling, no screen-long list before the items on a phone). Only the one
 * for the screen's size is rendered, not both with one hidden: a phone's renders (several on arrival of
 * each answer) skip the links (Lighthouse total blocking time). `placeholder` is the select's entry when
 * `selected` is none of `entries`.
 */
export function CategoryMenu({
  label,
  entries,
  selected,
  pathOf,
  placeholder,
}: {
  /** The side menu's name (a navigation landmark). */
  label: string;
  entries: readonly Category[];
  selected: number | null;
  pathOf: (id: number) => string;
  placeholder: string;
}) {
  const navigate = useNavigate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  if (wide) {
    return (
      <Box component="nav" aria-label={label}>
        <List dense disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.ID} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={pathOf(entry.ID)}
                selected={entry.ID === selected}
                aria-current={entry.ID === selected ? 'page' : undefined}
              >
                <ListItemText primary={entry.NAME} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    );
  }
  const listed = entries.some((entry) => entry.ID === selected);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label="Category"
      value={listed ? selected : ''}
      onChange={(event) => navigate(pathOf(Number(event.target.value)))}
      // A native select shows its first option even when the value is empty: the label sits above it.
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {listed ? null : <option value="">{placeholder}</option>}
      {entries.map((entry) => (
        <option key={entry.ID} value={entry.ID}>
          {entry.NAME}
        </option>
      ))}
    </TextField>
  );
}

import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import type { NavEntry } from './nav-menu';

export interface NavMenuListProps {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  entries: NavEntry[];
  onClose: () => void;
}

/** The open part of a navigation dropdown, loaded on first use to keep the first download small. */
export default function NavMenuList({ id, labelledBy, anchor, entries, onClose }: NavMenuListProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {entries.map((entry) =>
        entry.newWindow && entry.to ? (
          <MenuItem key={entry.label} component="a" href={entry.to} target="_blank" rel="noopener" onClick={onClose}>
            {entry.label}
          </MenuItem>
        ) : entry.to ? (
          <MenuItem key={entry.label} component={RouterLink} to={entry.to} onClick={onClose}>
            {entry.note ? <ListItemText primary={entry.label} secondary={entry.note} /> : entry.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={entry.label}
            onClick={() => {
              onClose();
              entry.onSelect?.();
            }}
          >
            {entry.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}

import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { Link as RouterLink } from 'react-router';
import { HeaderSearch } from './header-search';
import type { NavEntry } from './nav-menu';

/** A heading of the phone navigation: a direct link (Home, Stream for a streaming user) or a list of entries. */
export interface NavSection {
  label: string;
  to?: string;
  entries?: NavEntry[];
}

function Entry(props: { entry: NavEntry; onClose: () => void; inset: boolean }) {
  return (
    <ListItem disablePadding>
      <EntryButton {...props} />
    </ListItem>
  );
}

function EntryButton({ entry, onClose, inset }: { entry: NavEntry; onClose: () => void; inset: boolean }) {
  const text = <ListItemText primary={entry.label} secondary={entry.note} sx={inset ? { pl: 2 } : undefined} />;
  if (entry.newWindow && entry.to)
    return (
      <ListItemButton component="a" href={entry.to} target="_blank" rel="noopener" onClick={onClose}>
        {text}
      </ListItemButton>
    );
  if (entry.to)
    return (
      <ListItemButton component={RouterLink} to={entry.to} onClick={onClose}>
        {text}
      </ListItemButton>
    );
  return (
    <ListItemButton
      onClick={() => {
        onClose();
        entry.onSelect?.();
      }}
    >
      {text}
    </ListItemButton>
  );
}

/** The navigation of signed-in section 2 on a phone: a drawer with the search and every entry, loaded on first use. */
export default function NavDrawer({
  id,
  open,
  sections,
  onClose,
}: {
  id: string;
  open: boolean;
  sections: NavSection[];
  onClose: () => void;
}) {
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id, sx: { width: 300, maxWidth: '85vw' } } }}
    >
      <Box component="nav" aria-label="Menu" sx={{ py: 1 }}>
        <Box sx={{ px: 2, py: 1 }}>
          <HeaderSearch fullWidth onDone={onClose} />
        </Box>
        {/* The dividers lie between the lists: inside one, a separator is not an item of it (axe: list). */}
        {sections.map((section) => (
          <Fragment key={section.label}>
            <List dense subheader={section.entries ? <ListSubheader>{section.label}</ListSubheader> : undefined}>
              {section.entries ? (
                section.entries.map((entry) => <Entry key={entry.label} entry={entry} onClose={onClose} inset />)
              ) : (
                <Entry entry={{ label: section.label, to: section.to }} onClose={onClose} inset={false} />
              )}
            </List>
            <Divider />
          </Fragment>
        ))}
      </Box>
    </Drawer>
  );
}

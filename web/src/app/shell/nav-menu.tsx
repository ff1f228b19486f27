import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Link as RouterLink } from 'react-router';

export interface NavEntry {
  label: string;
  to?: string;
  /** Opens in a new window (iFlap). */
  newWindow?: boolean;
  onSelect?: () => void;
}

/** A navigation dropdown: a button that opens a keyboard-usable menu of links. */
export function NavMenu({ label, entries }: { label: string; entries: NavEntry[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-controls={open ? `${id}-menu` : undefined}
        aria-expanded={open}
        endIcon={<ArrowDropDown />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {entries.map((entry) =>
          entry.newWindow && entry.to ? (
            <MenuItem key={entry.label} component="a" href={entry.to} target="_blank" rel="noopener" onClick={close}>
              {entry.label}
            </MenuItem>
          ) : entry.to ? (
            <MenuItem key={entry.label} component={RouterLink} to={entry.to} onClick={close}>
              {entry.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={entry.label}
              onClick={() => {
                close();
                entry.onSelect?.();
              }}
            >
              {entry.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';

export interface NavEntry {
  label: string;
  to?: string;
  /** Opens in a new window (iFlap). */
  newWindow?: boolean;
  onSelect?: () => void;
  /** A second line, e.g. "Past meeting". */
  note?: string;
}

const loadList = () => import('./nav-menu-list');
// The menu (popover, modal, focus trap) is fetched on first hover, focus or open, not with the shell.
const NavMenuList = lazy(loadList);
const prefetch = () => void loadList();

/** A navigation dropdown: a button that opens a keyboard-usable menu of links. */
export function NavMenu({ label, entries }: { label: string; entries: NavEntry[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const id = useId();
  const open = anchor !== null;

  return (
    <>
      <Button
        color="inherit"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-controls={open ? `${id}-menu` : undefined}
        aria-expanded={open}
        endIcon={<ArrowDropDown />}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <NavMenuList
            id={`${id}-menu`}
            labelledBy={`${id}-button`}
            anchor={anchor}
            entries={entries}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Shown to assistive technology only (the usual clip pattern). */
const hidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Words a screen reader reads and a link's name includes, not drawn: " about {card}", " (opens in a new window)". */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={hidden}>
      {children}
    </Box>
  );
}

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

/** Submit disabled with a spinner while the call runs (storefront section 4); a 44 px tap target on every form. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      sx={{ minHeight: 44, minWidth: 44 }}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Working" /> : undefined}
    >
      {children}
    </Button>
  );
}

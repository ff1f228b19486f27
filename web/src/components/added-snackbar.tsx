import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

/** Snackbar duration of storefront section 9. */
export const SNACKBAR_MS = 6000;

/** The "... has been added to the cart" confirmation: 6 seconds, with a Close button. */
export function useAddedSnackbar() {
  const [message, setMessage] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const show = useCallback((text: string) => {
    setMessage(text);
    setKey((k) => k + 1);
  }, []);
  const close = () => setMessage(null);
  const element = (
    <Snackbar
      key={key}
      open={message !== null}
      autoHideDuration={SNACKBAR_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') close();
      }}
      message={message}
      action={
        <Button color="inherit" size="small" onClick={close}>
          Close
        </Button>
      }
    />
  );
  return { show, element };
}

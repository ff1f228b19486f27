import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

export const LOAD_ERROR_TITLE = 'This could not be loaded.';
export const LOAD_ERROR_TEXT = 'Check your connection and try again.';

/**
 * The panel shown where a load failed: what failed, and a Retry button that runs the load again
 * (`refetch` of the RTK Query hook). Disabled while the retry is in flight.
 */
export function LoadError({
  what,
  onRetry,
  retrying = false,
}: {
  /** Names what failed to load, e.g. "The product"; the default title says "This". */
  what?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{what ? `${what} could not be loaded.` : LOAD_ERROR_TITLE}</AlertTitle>
      {LOAD_ERROR_TEXT}
    </Alert>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PLAYBACK_ELSEWHERE } from '@contracts/streaming';
import { PLAYER_MAX_WIDTH } from '../player-frame';

/** Another device of the account started playing: this page stopped; "Play here" takes the playback back. */
export function PlaybackElsewhere({ busy, onPlayHere }: { busy: boolean; onPlayHere: () => void }) {
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mt: 2, alignItems: 'center', maxWidth: PLAYER_MAX_WIDTH }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          onClick={onPlayHere}
          disabled={busy}
          sx={{ minHeight: 44, minWidth: 44 }}
        >
          Play here
        </Button>
      }
    >
      {PLAYBACK_ELSEWHERE}
    </Alert>
  );
}

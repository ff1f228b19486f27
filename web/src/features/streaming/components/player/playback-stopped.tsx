import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PLAYBACK_ELSEWHERE } from '@contracts/streaming';
import { PLAYER_MAX_WIDTH } from '../player-frame';

/** A notice under the player that stopped, with the one button that goes on (a 44 px target). */
export function PlayerNotice({
  message,
  action,
  onAction,
  busy = false,
}: {
  message: string;
  action: string;
  onAction: () => void;
  busy?: boolean;
}) {
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mt: 2, alignItems: 'center', maxWidth: PLAYER_MAX_WIDTH }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          onClick={onAction}
          disabled={busy}
          sx={{ minHeight: 44, minWidth: 44 }}
        >
          {action}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** Another device of the account started playing: this page stopped; "Play here" takes the playback back. */
export function PlaybackElsewhere({ busy, onPlayHere }: { busy: boolean; onPlayHere: () => void }) {
  return <PlayerNotice message={PLAYBACK_ELSEWHERE} action="Play here" onAction={onPlayHere} busy={busy} />;
}

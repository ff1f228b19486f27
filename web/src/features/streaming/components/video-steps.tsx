import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Link as RouterLink } from 'react-router';
import { PLAYER_MAX_WIDTH } from './player-frame';

export interface Step {
  to: string;
  title: string;
}

/**
 * The previous and next video of the product (in the order of its list) and the "Autoplay next
 * video" switch. Each link names its video, so a screen reader hears where it goes.
 */
export function VideoSteps({
  previous,
  next,
  autoplay,
  onAutoplay,
}: {
  previous: Step | null;
  next: Step | null;
  autoplay: boolean;
  onAutoplay: (on: boolean) => void;
}) {
  return (
    <Box
      component="nav"
      aria-label="Videos of this stream"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2, maxWidth: PLAYER_MAX_WIDTH }}
    >
      {previous ? (
        <Button
          component={RouterLink}
          to={previous.to}
          variant="outlined"
          startIcon={<NavigateBeforeIcon />}
          aria-label={`Previous video: ${previous.title}`}
          sx={{ minHeight: 44 }}
        >
          Previous
        </Button>
      ) : null}
      {next ? (
        <Button
          component={RouterLink}
          to={next.to}
          variant="outlined"
          endIcon={<NavigateNextIcon />}
          aria-label={`Next video: ${next.title}`}
          sx={{ minHeight: 44 }}
        >
          Next
        </Button>
      ) : null}
      <FormControlLabel
        sx={{ ml: { xs: 0, sm: 'auto' }, mr: 0, minHeight: 44 }}
        control={<Switch checked={autoplay} onChange={(event) => onAutoplay(event.target.checked)} />}
        label="Autoplay next video"
      />
    </Box>
  );
}

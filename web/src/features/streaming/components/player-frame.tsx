import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** On a desktop the whole player, its controls and the steps below it fit the window's height. */
export const PLAYER_MAX_WIDTH = { md: 'max(480px, calc((100vh - 300px) * 16 / 9))' } as const;

/** The player's box: 16:9, black, rounded; the placeholder and the player share it, so nothing moves. */
export const FRAME = { aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 1 } as const;

/**
 * The copyright line under the player, naming the customer. One string, so one text node: the first view
 * (public/boot.js) draws the same line, and split text nodes measured larger as a paint (Lighthouse LCP).
 */
export function PlayerCaption({ viewerName }: { viewerName: string }) {
  const year = new Date().getFullYear();
  return (
    <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
      {`© ${year} MedShop. All rights reserved. Licensed to ${viewerName} for personal viewing only; recording or sharing is not permitted.`}
    </Typography>
  );
}

/**
 * The player's place while it is set up (signed-in section 4: 750 ms after load) and while its code and
 * its playback load: the same figure, frame and caption, so nothing moves when the video comes (layout
 * shift), and the first view of the page (public/boot.js) draws the very same boxes.
 */
export function PlayerPlaceholder({ viewerName }: { viewerName: string }) {
  return (
    <Box component="figure" sx={{ m: 0, maxWidth: PLAYER_MAX_WIDTH }}>
      <Box sx={{ ...FRAME, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Preparing the player" />
      </Box>
      <PlayerCaption viewerName={viewerName} />
    </Box>
  );
}

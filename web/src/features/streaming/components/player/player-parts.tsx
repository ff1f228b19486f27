import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, type RefObject } from 'react';
import { NOT_AUTHORIZED, PLAYBACK_STALLED, type PlaybackResponse } from '@contracts/streaming';
import { FRAME, PLAYER_MAX_WIDTH } from '../player-frame';
import { PlayerNotice } from './playback-stopped';

/** Shown when the playback cannot be opened or keeps being refused (decided in docs/decisions.md). */
export const PLAYBACK_FAILED = 'The video could not be loaded. Reload the page to try again.';

/** The player's source: the master playlist, or the title's single MP4. */
export function source(answer: PlaybackResponse) {
  return { src: answer.SRC, type: answer.KIND === 'hls' ? ('application/x-mpegurl' as const) : ('video/mp4' as const) };
}

/** The customer's name over the picture, inside the player element (so inside its full screen). */
export function Watermark({ viewerName }: { viewerName: string }) {
  return (
    <Box
      data-testid="watermark"
      aria-hidden="true"
      sx={{
        position: 'absolute',
        top: { xs: '24%', sm: '12%' },
        right: '4%',
        maxWidth: '70%',
        zIndex: 1,
        color: 'common.white',
        opacity: 0.45,
        fontSize: { xs: '0.75rem', sm: '1rem' },
        pointerEvents: 'none',
        userSelect: 'none',
        textShadow: '0 0 3px rgba(0,0,0,0.8)',
        overflowWrap: 'anywhere',
      }}
    >
      {viewerName}
    </Box>
  );
}

/** The playback could not be opened: no access (the spec's words), or another failure. */
export function FailedPlayback({ status }: { status: number | null }) {
  return (
    <Box sx={{ maxWidth: PLAYER_MAX_WIDTH }}>
      <Box sx={FRAME} />
      <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
        {status === 404 ? NOT_AUTHORIZED : PLAYBACK_FAILED}
      </Alert>
    </Box>
  );
}

/** A stall past STALL_MESSAGE_SECONDS: the message, and a retry that loads the video again where it stood. */
export function StalledPlayback({ onRetry }: { onRetry: () => void }) {
  return <PlayerNotice message={PLAYBACK_STALLED} action="Try again" onAction={onRetry} />;
}

/**
 * The time slider's preview thumbnail is a still of the frame under the pointer, beside its time in
 * text: decorative. Vidstack writes its <img> without an `alt`, which axe reports (a critical image
 * without text) whenever the preview is in the page; it gets an empty one as it appears.
 */
export function useDecorativeThumbnails(root: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    const element = root.current;
    if (!ready || !element) return;
    const mark = () => {
      for (const img of element.querySelectorAll('.vds-slider-thumbnail img:not([alt])')) img.setAttribute('alt', '');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, ready]);
}

import { useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import type { StreamVideo } from '@contracts/streaming';
import { useFullScreen } from './use-full-screen';
import { useWatchTracking } from './use-watch-tracking';

interface Props {
  productId: number;
  video: StreamVideo;
  /** The signed-in customer named by the watermark. */
  viewerName: string;
  /** Start playing once loaded (the next video of an autoplay). */
  autoPlay?: boolean;
  onEnded?: () => void;
}

/** On a desktop the whole player, its controls and the steps below it fit the window's height. */
export const PLAYER_MAX_WIDTH = { md: 'max(480px, calc((100vh - 300px) * 16 / 9))' } as const;

/** Letterboxed video filling the frame while it is full screen. */
const FILLING = {
  borderRadius: 0,
  display: 'flex',
  alignItems: 'center',
  '& video': { height: '100%', aspectRatio: 'auto', objectFit: 'contain' },
} as const;

/**
 * The HTML5 player of the video page: native controls (keyboard operable), captions when the video
 * has them, resume at POSITION, a watermark naming the customer and the copyright footer. Full screen
 * takes the frame (video and watermark), not the video alone; the frame stays mounted from one video
 * of the product to the next, so an autoplay keeps full screen. A fresh signed URL (the page refetches
 * before expiry) keeps the position and the playing state.
 */
export function VideoPlayer({ productId, video, viewerName, autoPlay = false, onEnded }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(frame);

  return (
    <Box component="figure" sx={{ m: 0, maxWidth: PLAYER_MAX_WIDTH }}>
      <Box
        ref={frame}
        data-testid="player-frame"
        sx={{
          position: 'relative',
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
          '&:fullscreen': FILLING,
          ...(fullScreen.covering ? { ...FILLING, position: 'fixed', inset: 0, zIndex: 'modal' } : {}),
        }}
      >
        <VideoElement
          key={video.ID}
          productId={productId}
          video={video}
          autoPlay={autoPlay}
          onEnded={onEnded}
          onDoubleClick={fullScreen.toggle}
        />
        <Typography
          data-testid="watermark"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            top: '12%',
            right: '4%',
            maxWidth: '70%',
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
        </Typography>
        <IconButton
          onClick={fullScreen.toggle}
          aria-label={fullScreen.active ? 'Exit full screen' : 'Full screen'}
          aria-pressed={fullScreen.active}
          sx={{
            position: 'absolute',
            top: 4,
            left: 4,
            width: 44,
            height: 44,
            color: 'common.white',
            bgcolor: 'rgba(0,0,0,0.55)',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
          }}
        >
          {fullScreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Box>
      <PlayerCaption viewerName={viewerName} />
    </Box>
  );
}

/**
 * The copyright line under the player, naming the customer. One string, so one text node: the first view
 * (public/boot.js) draws the same line, and split text nodes measured larger as a paint (Lighthouse LCP).
 */
function PlayerCaption({ viewerName }: { viewerName: string }) {
  const year = new Date().getFullYear();
  return (
    <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
      {`© ${year} MedShop. All rights reserved. Licensed to ${viewerName} for personal viewing only; recording or sharing is not permitted.`}
    </Typography>
  );
}

/**
 * The player's place while it is set up (signed-in section 4: 750 ms after load): the same figure, frame
 * and caption, so nothing moves when the video comes (layout shift), and the first view of the page
 * (public/boot.js) draws the very same boxes.
 */
export function PlayerPlaceholder({ viewerName }: { viewerName: string }) {
  return (
    <Box component="figure" sx={{ m: 0, maxWidth: PLAYER_MAX_WIDTH }}>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          bgcolor: 'common.black',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <CircularProgress aria-label="Preparing the player" />
      </Box>
      <PlayerCaption viewerName={viewerName} />
    </Box>
  );
}

/** One video of the product: its own watch tracking (a viewing per video), resume and autoplay. */
function VideoElement({
  productId,
  video,
  autoPlay,
  onEnded,
  onDoubleClick,
}: {
  productId: number;
  video: StreamVideo;
  autoPlay: boolean;
  onEnded?: () => void;
  onDoubleClick: () => void;
}) {
  const tracking = useWatchTracking(productId, video.ID);
  const loadedOnce = useRef(false);
  const lastTime = useRef(0);
  const playing = useRef(false);

  const onLoadedMetadata = (element: HTMLVideoElement) => {
    const target = loadedOnce.current ? lastTime.current : video.POSITION;
    if (target > 0 && (!Number.isFinite(element.duration) || target < element.duration - 1)) {
      element.currentTime = target;
    }
    // A browser refusing to start without a tap leaves the video paused, with its play control.
    const resume = loadedOnce.current ? playing.current : autoPlay;
    if (resume) void element.play().catch(() => undefined);
    loadedOnce.current = true;
  };

  return (
    <Box
      component="video"
      controls
      // The browser's own full-screen button would take the video without the watermark.
      controlsList="nofullscreen"
      preload="metadata"
      playsInline
      src={video.URL}
      aria-label={video.TITLE}
      onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
      onDoubleClick={(event) => {
        event.preventDefault();
        onDoubleClick();
      }}
      onPlay={() => {
        playing.current = true;
        tracking.onPlay();
      }}
      onPause={(event) => {
        if (event.currentTarget.readyState > 0) playing.current = false;
        tracking.onPauseOrEnd(event.currentTarget);
      }}
      onEnded={(event) => {
        tracking.onPauseOrEnd(event.currentTarget);
        onEnded?.();
      }}
      onSeeked={(event) => tracking.onSeeked(event.currentTarget)}
      onTimeUpdate={(event) => {
        if (event.currentTarget.readyState > 0) lastTime.current = event.currentTarget.currentTime;
        tracking.onTimeUpdate(event.currentTarget);
      }}
      sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}
    >
      {video.CAPTIONS ? <track kind="captions" src={video.CAPTIONS} srcLang="en" label="English" default /> : null}
    </Box>
  );
}

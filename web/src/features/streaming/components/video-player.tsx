import { useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { StreamVideo } from '@contracts/streaming';
import { useWatchTracking } from './use-watch-tracking';

interface Props {
  productId: number;
  video: StreamVideo;
  /** The signed-in customer named by the watermark. */
  viewerName: string;
}

/**
 * The HTML5 player of the video page: native controls (keyboard operable), captions when the video
 * has them, resume at POSITION, a watermark naming the customer and the copyright footer. A fresh
 * signed URL (the page refetches before expiry) keeps the position and the playing state.
 */
export function VideoPlayer({ productId, video, viewerName }: Props) {
  const tracking = useWatchTracking(productId, video.ID);
  const loadedOnce = useRef(false);
  const lastTime = useRef(0);
  const playing = useRef(false);
  const year = new Date().getFullYear();

  const onLoadedMetadata = (element: HTMLVideoElement) => {
    const target = loadedOnce.current ? lastTime.current : video.POSITION;
    if (target > 0 && (!Number.isFinite(element.duration) || target < element.duration - 1)) {
      element.currentTime = target;
    }
    if (loadedOnce.current && playing.current) void element.play().catch(() => undefined);
    loadedOnce.current = true;
  };

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden' }}>
        <Box
          component="video"
          controls
          preload="metadata"
          playsInline
          src={video.URL}
          aria-label={video.TITLE}
          onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget)}
          onPlay={() => {
            playing.current = true;
            tracking.onPlay();
          }}
          onPause={(event) => {
            if (event.currentTarget.readyState > 0) playing.current = false;
            tracking.onPauseOrEnd(event.currentTarget);
          }}
          onEnded={(event) => tracking.onPauseOrEnd(event.currentTarget)}
          onSeeked={(event) => tracking.onSeeked(event.currentTarget)}
          onTimeUpdate={(event) => {
            if (event.currentTarget.readyState > 0) lastTime.current = event.currentTarget.currentTime;
            tracking.onTimeUpdate(event.currentTarget);
          }}
          sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}
        >
          {video.CAPTIONS ? <track kind="captions" src={video.CAPTIONS} srcLang="en" label="English" default /> : null}
        </Box>
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
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        © {year} MedShop. All rights reserved. Licensed to {viewerName} for personal viewing only; recording or sharing
        is not permitted.
      </Typography>
    </Box>
  );
}

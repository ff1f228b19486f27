import { lazy, Suspense } from 'react';
import type { StreamVideo } from '@contracts/streaming';
import { PlayerPlaceholder } from './player-frame';

export interface VideoPlayerProps {
  productId: number;
  video: StreamVideo;
  /** The signed-in customer named by the watermark. */
  viewerName: string;
  /** Start playing once loaded (the next video of an autoplay). */
  autoPlay?: boolean;
  onEnded?: () => void;
}

// The player library and hls.js are the video page's alone: their own chunks, loaded for a player only.
const loadPlayer = () => import('./player/media-player');
const MediaPlayerChunk = lazy(loadPlayer);

/** Starts loading the player's code while the page waits to set the player up (the module is fetched once). */
export function preloadVideoPlayer(): void {
  void loadPlayer().catch(() => undefined);
}

/** The video page's player (components/player/media-player.tsx); the placeholder holds its place while it loads. */
export function VideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense fallback={<PlayerPlaceholder viewerName={props.viewerName} />}>
      <MediaPlayerChunk {...props} />
    </Suspense>
  );
}

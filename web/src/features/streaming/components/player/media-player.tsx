import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  isHLSProvider,
  MediaPlayer,
  type MediaPlayerInstance,
  MediaProvider,
  type MediaProviderAdapter,
  Poster,
  Track,
} from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
import { NOT_AUTHORIZED, PLAYBACK_ACCESS_ENDED, PLAYBACK_SPEEDS, type PlaybackResponse } from '@contracts/streaming';
import { FRAME, PLAYER_MAX_WIDTH, PlayerCaption, PlayerPlaceholder } from '../player-frame';
import type { VideoPlayerProps } from '../video-player';
import { ChapterList, chapterAt } from './chapter-list';
import { PlaybackElsewhere } from './playback-stopped';
import { useHeartbeats } from './use-heartbeats';
import { usePlayerChoices } from './use-player-preferences';
import { usePlayback } from './use-playback';

/** Shown when the playback cannot be opened or keeps being refused (decided in docs/decisions.md). */
export const PLAYBACK_FAILED = 'The video could not be loaded. Reload the page to try again.';
/** A renewal by heartbeat is tried once in this window; a refusal again soon after reopens the playback. */
const RENEWAL_WINDOW_MS = 20_000;
/** More reopens than this within a minute: the server keeps refusing, the page says so instead. */
const MAX_REOPENS_PER_MINUTE = 3;
/** The player's own words that differ from the shop's. */
const TRANSLATIONS = {
  'Enter Fullscreen': 'Full screen',
  'Exit Fullscreen': 'Exit full screen',
  Fullscreen: 'Full screen',
};

/** hls.js comes from the shop's own bundle, loaded when the first HLS title plays (never from a CDN). */
function onProviderChange(provider: MediaProviderAdapter | null): void {
  if (isHLSProvider(provider)) provider.library = () => import('hls.js/light');
}

/** Where to be once the source can play: the resume point (or the time before a reload) and whether to play on. */
interface Pending {
  time: number;
  play: boolean;
}

/**
 * The video page's player (Vidstack's default video layout): HLS through hls.js with a quality menu, or
 * the title's single file; speed (PLAYBACK_SPEEDS) and captions from the account's preferences, saved
 * again on change; chapters on the timeline and as a list under it; thumbnails while scrubbing; the
 * poster; resume at POSITION. The watermark is inside the player element, so full screen (of that
 * element) keeps it over every rendition. The element stays mounted from one video of the product to the
 * next, so an autoplay keeps full screen. Access: heartbeats renew it; a media answer of 403 first tries
 * a heartbeat, then reopens the playback and goes on at the same time; another device's playback stops
 * this one with the message and "Play here".
 */
export default function MediaPlayerChunk({
  productId,
  video,
  viewerName,
  autoPlay = false,
  onEnded,
}: VideoPlayerProps) {
  const { playback, reopen, playHere } = usePlayback(productId, video.ID);
  const choices = usePlayerChoices();
  const { keepSpeed } = choices;
  const player = useRef<MediaPlayerInstance>(null);
  const [elsewhere, setElsewhere] = useState(false);
  const stoppedHere = useRef(false);
  const [takingBack, setTakingBack] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const [chapter, setChapter] = useState(-1);
  const pending = useRef<Pending | null>(null);
  const recovery = useRef({ busy: false, renewedAt: 0, reopens: [] as number[] });
  const shown = useRef(false);
  const captionsAtStart = useRef<boolean | null>(null);
  const [attached, setAttached] = useState(false);

  const heartbeats = useHeartbeats({
    productId,
    videoId: video.ID,
    viewingId: playback.viewingId,
    position: () => player.current?.currentTime ?? 0,
    onElsewhere: () => {
      const media = player.current;
      media?.pause().catch(() => undefined);
      if (media?.state.fullscreen) void media.exitFullscreen().catch(() => undefined);
      stoppedHere.current = true;
      setElsewhere(true);
    },
  });

  // Each video starts at its resume point; the next one of an autoplay plays at once.
  useEffect(() => {
    pending.current = { time: video.POSITION, play: autoPlay };
    recovery.current = { busy: false, renewedAt: 0, reopens: [] };
    setChapter(-1);
    setGaveUp(false);
    keepSpeed();
  }, [video.ID, video.POSITION, autoPlay, keepSpeed]);

  const recover = useCallback(async () => {
    const media = player.current;
    const state = recovery.current;
    if (!media || state.busy || elsewhere) return;
    state.busy = true;
    const at = { time: media.currentTime, play: !media.paused };
    try {
      const beat = await heartbeats.beat();
      if (beat === 'elsewhere') return;
      const provider = media.provider;
      const now = Date.now();
      // First a renewal: the heartbeat extended the access, hls.js loads on from where it stopped.
      if (beat === 'ok' && isHLSProvider(provider) && provider.instance && now - state.renewedAt > RENEWAL_WINDOW_MS) {
        state.renewedAt = now;
        provider.instance.startLoad(at.time);
        return;
      }
      state.reopens = [...state.reopens.filter((t) => now - t < 60_000), now];
      if (state.reopens.length > MAX_REOPENS_PER_MINUTE) {
        setGaveUp(true);
        return;
      }
      pending.current = at;
      if (!(await reopen())) setGaveUp(true);
    } finally {
      state.busy = false;
    }
  }, [elsewhere, heartbeats, reopen]);

  const takeBack = () => {
    const media = player.current;
    pending.current = { time: media?.currentTime ?? 0, play: true };
    setTakingBack(true);
    stoppedHere.current = false;
    void playHere().then((ok) => {
      setTakingBack(false);
      if (ok) setElsewhere(false);
      else setGaveUp(true);
    });
  };

  const jump = (start: number) => {
    const media = player.current;
    if (!media) return;
    media.currentTime = start;
    if (media.paused) media.play().catch(() => undefined);
  };

  const answer = playback.answer;
  // One object per answer: a new object would be a new source to the player.
  const src = useMemo(() => (answer ? source(answer) : undefined), [answer]);
  const chapters = video.MEDIA?.CHAPTERS ?? [];
  if (answer && choices.initial) shown.current = true;
  // The source is given once the player is mounted: given at its first render, the player writes <source>
  // elements, and a browser that plays HLS itself starts fetching the stream before hls.js takes over.
  useEffect(() => {
    if (shown.current) setAttached(true);
  });
  if (!shown.current) {
    if (playback.failed) return <FailedPlayback status={playback.status} />;
    return <PlayerPlaceholder viewerName={viewerName} />;
  }
  // Captions start as the account left them; later changes are the player's own (a changed `default` would
  // make the track anew).
  captionsAtStart.current ??= choices.initial?.CAPTIONS ?? false;

  return (
    <>
      <Box component="figure" sx={{ m: 0, maxWidth: PLAYER_MAX_WIDTH }}>
        <MediaPlayer
          ref={player}
          data-testid="player-frame"
          title={video.TITLE}
          src={attached ? src : undefined}
          poster={answer?.POSTER ?? undefined}
          aspectRatio="16/9"
          load="eager"
          // hls.js loads the stream itself; "none" keeps a browser that plays HLS natively from fetching it too
          // from the <source> the player adds beside it.
          preload={answer?.KIND === 'hls' ? 'none' : 'metadata'}
          playsInline
          preferNativeHLS={false}
          playbackRate={choices.speed}
          onProviderChange={onProviderChange}
          onCanPlay={() => {
            const media = player.current;
            const next = pending.current;
            pending.current = null;
            if (!media || !next) return;
            // Resume unless that is the very end (the server already starts over once a video was finished).
            if (next.time > 0 && (!Number.isFinite(media.duration) || next.time < media.duration - 1)) {
              media.currentTime = next.time;
            }
            // A browser refusing to start without a tap leaves the video paused, with its play control.
            if (next.play) media.play().catch(() => undefined);
          }}
          onPlay={() => {
            // Stopped for another device: only "Play here" plays on this page again.
            if (stoppedHere.current) player.current?.pause().catch(() => undefined);
            else heartbeats.onPlay();
          }}
          onTimeUpdate={({ currentTime }) => {
            const media = player.current;
            if (media && !media.paused && !media.state.seeking && !media.state.waiting)
              heartbeats.onPlaying(currentTime, media.playbackRate);
            const at = chapterAt(chapters, currentTime);
            if (at !== chapter) setChapter(at);
          }}
          onSeeking={() => heartbeats.onInterrupted()}
          onWaiting={() => heartbeats.onInterrupted()}
          onPause={() => heartbeats.onStopped()}
          onEnded={() => {
            heartbeats.onStopped();
            onEnded?.();
          }}
          onRateChange={choices.onRate}
          onTextTrackChange={(track) => {
            if (answer?.CAPTIONS) choices.onCaptions(track !== null && track.mode === 'showing');
          }}
          onHlsError={(detail) => {
            const status = detail.response?.code;
            if (status === 403 || status === 401) void recover();
          }}
          onError={() => {
            if (answer?.KIND === 'progressive') void recover();
          }}
          // 44 px buttons (tap targets); a block box with the placeholder's corners, so the caption stays in place.
          style={{
            '--media-button-size': '44px',
            '--video-sm-button-size': '44px',
            '--media-fullscreen-button-size': '44px',
            '--media-sm-fullscreen-button-size': '44px',
            '--video-sm-play-button-size': '48px',
            '--video-border-radius': '4px',
            display: 'flex',
          }}
          className="shop-player"
        >
          <MediaProvider>
            {/* A still of the video the player names already (its title): hidden from assistive technology. */}
            {answer?.POSTER ? <Poster className="vds-poster" aria-hidden="true" /> : null}
            {answer?.CAPTIONS ? (
              <Track
                key={`captions-${answer.CAPTIONS}`}
                kind="captions"
                src={answer.CAPTIONS}
                label="English"
                language="en-US"
                default={captionsAtStart.current}
              />
            ) : null}
            {answer?.CHAPTERS ? (
              <Track
                key={`chapters-${answer.CHAPTERS}`}
                kind="chapters"
                src={answer.CHAPTERS}
                language="en-US"
                default
              />
            ) : null}
          </MediaProvider>
          <Watermark viewerName={viewerName} />
          <DefaultVideoLayout
            icons={defaultLayoutIcons}
            thumbnails={answer?.THUMBNAILS ?? undefined}
            playbackRates={[...PLAYBACK_SPEEDS]}
            translations={TRANSLATIONS}
            colorScheme="dark"
            noAudioGain
            // Casting would load Google's sender script from its servers: the shop's CSP allows its own origin only.
            slots={{ googleCastButton: null }}
          />
        </MediaPlayer>
        <PlayerCaption viewerName={viewerName} />
      </Box>
      {elsewhere ? <PlaybackElsewhere busy={takingBack} onPlayHere={takeBack} /> : null}
      {gaveUp ? (
        <Alert severity="warning" role="alert" sx={{ mt: 2, maxWidth: PLAYER_MAX_WIDTH }}>
          {PLAYBACK_ACCESS_ENDED}
        </Alert>
      ) : null}
      <ChapterList chapters={chapters} current={chapter} onJump={jump} />
    </>
  );
}

/** The player's source: the master playlist, or the title's single MP4. */
function source(answer: PlaybackResponse) {
  return { src: answer.SRC, type: answer.KIND === 'hls' ? ('application/x-mpegurl' as const) : ('video/mp4' as const) };
}

/** The customer's name over the picture, inside the player element (so inside its full screen). */
function Watermark({ viewerName }: { viewerName: string }) {
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
function FailedPlayback({ status }: { status: number | null }) {
  return (
    <Box sx={{ maxWidth: PLAYER_MAX_WIDTH }}>
      <Box sx={FRAME} />
      <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
        {status === 404 ? NOT_AUTHORIZED : PLAYBACK_FAILED}
      </Alert>
    </Box>
  );
}

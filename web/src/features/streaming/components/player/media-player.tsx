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
import { PLAYBACK_ACCESS_ENDED, PLAYBACK_SPEEDS } from '@contracts/streaming';
import { PLAYER_MAX_WIDTH, PlayerCaption, PlayerPlaceholder } from '../player-frame';
import type { VideoPlayerProps } from '../video-player';
import { ChapterList, chapterAt } from './chapter-list';
import { PlaybackElsewhere } from './playback-stopped';
import { FailedPlayback, source, StalledPlayback, useDecorativeThumbnails, Watermark } from './player-parts';
import { useHeartbeats } from './use-heartbeats';
import { usePlayerChoices } from './use-player-preferences';
import { usePlayback } from './use-playback';
import { useStall } from './use-stall';
import { useMenuTransitionsEnd } from './use-menu-transitions';
import { useSpeedFollowsSlider } from './use-speed-slider';

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

/**
 * Captions scale with the picture (4.5 % of a 16:9 box's height, as the player's default) but never
 * below 14 px: on a 390 px phone the default was 8.6 px. In a portrait full screen the picture's box is
 * the width's 16:9, not the screen's height. (The overlay's size is set by the player on this element.)
 */
const CAPTIONS_SIZE = {
  '--media-cue-font-size': 'max(14px, calc(min(var(--overlay-height), var(--overlay-width) * 9 / 16) * 0.045))',
};
/**
 * Every control is reachable by keyboard at every size. The player hides its controls with `visibility`
 * while a video plays (and, under 576 px, all but the play button before the first play); a hidden control
 * cannot take the focus that would show it, so Tab skipped them. Here they stay in the page (focusable,
 * named for a screen reader) but unseen and untouchable, and a keyboard in the player shows them all.
 */
const PLAYER = '& [data-media-player]';
const KEYBOARD = `${PLAYER}:is(:focus-visible, :has(:focus-visible))`;
const IDLE = ' .vds-controls:not([data-visible])';
const BEFORE_START = ':not([data-started]) .vds-video-layout[data-sm] .vds-controls-group:not(:nth-child(3))';
const PLAYER_STYLES = {
  '& .vds-captions': CAPTIONS_SIZE,
  [`${PLAYER}${IDLE}, ${PLAYER}${BEFORE_START}`]: { visibility: 'visible' },
  [`${PLAYER}${IDLE} *, ${PLAYER}${BEFORE_START} *`]: { pointerEvents: 'none' },
  [`${KEYBOARD} .vds-controls, ${KEYBOARD}${BEFORE_START}`]: { opacity: 1 },
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
  const frame = useRef<HTMLElement>(null);
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
  const stall = useStall();
  useSpeedFollowsSlider(player);
  useMenuTransitionsEnd();

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
    stall.onStopped();
    keepSpeed();
  }, [video.ID, video.POSITION, autoPlay, keepSpeed, stall.onStopped]);

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

  /** The stall message's retry: the playback loads again (a fresh source) where it stood, and plays. */
  const retry = () => {
    const media = player.current;
    stall.onStopped();
    pending.current = { time: media?.currentTime ?? 0, play: true };
    void reopen().then((ok) => {
      if (!ok) setGaveUp(true);
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
  useDecorativeThumbnails(frame, attached);
  if (!shown.current) {
    if (playback.failed) return <FailedPlayback status={playback.status} />;
    return <PlayerPlaceholder viewerName={viewerName} />;
  }
  // Captions start as the account left them; later changes are the player's own (a changed `default` would
  // make the track anew).
  captionsAtStart.current ??= choices.initial?.CAPTIONS ?? false;

  return (
    <>
      <Box ref={frame} component="figure" sx={{ m: 0, maxWidth: PLAYER_MAX_WIDTH, ...PLAYER_STYLES }}>
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
          // A keyboard in the player keeps its controls shown: left idle they would fade while focused, and
          // the player would move the focus to itself and spend the next key on bringing it back.
          onFocus={(event) => {
            if ((event.target as Element).matches(':focus-visible')) player.current?.controls.pause();
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) player.current?.controls.resume();
          }}
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
            if (media && !media.paused && !media.state.seeking && !media.state.waiting) {
              heartbeats.onPlaying(currentTime, media.playbackRate);
              stall.onProgress();
            }
            const at = chapterAt(chapters, currentTime);
            if (at !== chapter) setChapter(at);
          }}
          onSeeking={() => heartbeats.onInterrupted()}
          onWaiting={() => {
            heartbeats.onInterrupted();
            if (!player.current?.paused) stall.onWaiting();
          }}
          onPause={() => {
            heartbeats.onStopped();
            stall.onStopped();
          }}
          onEnded={() => {
            heartbeats.onStopped();
            stall.onStopped();
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
      {stall.stalled && !elsewhere && !gaveUp ? <StalledPlayback onRetry={retry} /> : null}
      {gaveUp ? (
        <Alert severity="warning" role="alert" sx={{ mt: 2, maxWidth: PLAYER_MAX_WIDTH }}>
          {PLAYBACK_ACCESS_ENDED}
        </Alert>
      ) : null}
      <ChapterList chapters={chapters} current={chapter} onJump={jump} />
    </>
  );
}

import { useCallback, useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import {
  HEARTBEAT_SECONDS,
  LEASE_CHECK_SECONDS,
  MAX_HEARTBEAT_INTERVALS,
  PLAYBACK_ELSEWHERE,
  type WatchReportRequest,
} from '@contracts/streaming';
import { errorBody, errorStatus } from '@/lib/api';
import { selectToken } from '@/lib/session';
import { useLazyPlaybackStateQuery, useReportViewingMutation, useStartViewingMutation } from '../../api/streaming-api';
import { PlayedIntervals } from './played-intervals';

/** What a heartbeat came to: renewed, another device took over, not sent (no viewing yet), or failed. */
export type Beat = 'ok' | 'elsewhere' | 'idle' | 'failed';

interface Options {
  productId: number;
  videoId: number;
  viewingId: string;
  /** The player's position now (the resume point the heartbeat carries). */
  position: () => number;
  /** Another device of the account started playing: this page must stop. */
  onElsewhere: () => void;
}

const isElsewhere = (error: unknown): boolean =>
  errorStatus(error) === 409 && errorBody(error)?.error === PLAYBACK_ELSEWHERE;

/**
 * Watch evidence (issue 22): the first play of a viewing records its start (POST /api/streaming/viewings,
 * which also makes it the account's one playback); from then on a heartbeat every HEARTBEAT_SECONDS,
 * paused too, carries the media intervals played since the last one and the position, and renews the
 * playback's access. A pause, the end and hiding the page send one at once. A heartbeat that did not
 * arrive hands its intervals to the next; 409 PLAYBACK_ELSEWHERE stops this page (onElsewhere). Between
 * heartbeats, every LEASE_CHECK_SECONDS, the page asks whether its playback is still the account's
 * one, so another device's play stops it within seconds (and a login elsewhere, whose 401 ends this
 * session, sends it to the login page with the one-device message).
 */
export function useHeartbeats({ productId, videoId, viewingId, position, onElsewhere }: Options) {
  const [start] = useStartViewingMutation();
  const [report] = useReportViewingMutation();
  const [checkLease] = useLazyPlaybackStateQuery();
  const token = useSelector(selectToken);
  const intervals = useRef(new PlayedIntervals(MAX_HEARTBEAT_INTERVALS));
  const started = useRef<Promise<boolean> | null>(null);
  const stopped = useRef(false);
  const latest = useRef({ position, onElsewhere, token });
  latest.current = { position, onElsewhere, token };

  const body = (): WatchReportRequest => ({
    INTERVALS: intervals.current.take(),
    POSITION: Math.max(0, Math.floor(latest.current.position())),
  });

  const beat = useCallback(async (): Promise<Beat> => {
    if (!started.current || stopped.current) return 'idle';
    if (!(await started.current)) return 'failed';
    const sent = body();
    try {
      await report({ viewingId, report: sent }).unwrap();
      return 'ok';
    } catch (error) {
      if (isElsewhere(error)) {
        stopped.current = true;
        latest.current.onElsewhere();
        return 'elsewhere';
      }
      // Intervals the server refused (400) are not sent again; anything else goes with the next heartbeat.
      if (errorStatus(error) !== 400) intervals.current.giveBack(sent.INTERVALS);
      return 'failed';
    }
    // body() reads refs only.
  }, [report, viewingId]);

  /** The lease check: stops this page once another one took the account's playback. */
  const check = useCallback(async (): Promise<void> => {
    if (!started.current || stopped.current || document.visibilityState === 'hidden') return;
    if (!(await started.current)) return;
    try {
      await checkLease(viewingId).unwrap();
    } catch (error) {
      if (stopped.current || !isElsewhere(error)) return;
      stopped.current = true;
      latest.current.onElsewhere();
    }
  }, [checkLease, viewingId]);

  /** Leaving the page: a request the browser delivers after the page is gone (keepalive), with the session. */
  const farewell = useCallback(() => {
    const { token: bearer } = latest.current;
    if (!started.current || stopped.current || !bearer) return;
    void fetch(`/api/streaming/viewings/${encodeURIComponent(viewingId)}/progress`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body()),
    }).catch(() => undefined);
  }, [viewingId]);

  // A new viewing (another video, "Play here") counts from nothing; the old one says goodbye.
  useEffect(() => {
    intervals.current.reset();
    started.current = null;
    stopped.current = false;
    return () => {
      intervals.current.close();
      farewell();
    };
  }, [viewingId, farewell]);

  // Every HEARTBEAT_SECONDS while the page shows the player, once the viewing started.
  useEffect(() => {
    const timer = window.setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
    const checks = window.setInterval(() => void check(), LEASE_CHECK_SECONDS * 1000);
    // Hidden: what was played goes now. Shown again: a heartbeat at once tells whether another device took over.
    const onHide = () => {
      if (document.visibilityState === 'hidden') farewell();
      else void beat();
    };
    window.addEventListener('pagehide', farewell);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.clearInterval(timer);
      window.clearInterval(checks);
      window.removeEventListener('pagehide', farewell);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [beat, check, farewell]);

  const onPlay = useCallback(() => {
    if (started.current) return;
    started.current = start({ PRODUCTID: productId, VIDEOID: videoId, VIEWINGID: viewingId })
      .unwrap()
      .then(
        () => true,
        () => {
          // Not recorded: the next play tries again.
          started.current = null;
          return false;
        },
      );
  }, [start, productId, videoId, viewingId]);

  return {
    beat,
    onPlay,
    /** A time update while the media plays at `rate`. */
    onPlaying: (time: number, rate: number) => intervals.current.played(time, rate, performance.now()),
    /** Playing stopped for a seek or a stall: nothing is sent. */
    onInterrupted: () => intervals.current.close(),
    /** Pause or end: what was played goes now. */
    onStopped: () => {
      intervals.current.close();
      void beat();
    },
  };
}

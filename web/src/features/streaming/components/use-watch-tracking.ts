import { useEffect, useRef } from 'react';
import { WATCH_REPORT_INTERVAL_SECONDS } from '@contracts/streaming';
import { uuid } from '@/lib/uuid';
import { useReportViewingMutation, useStartViewingMutation } from '../api/streaming-api';

/** A jump larger than this between two time updates is a seek, not watching. */
const MAX_STEP_SECONDS = 2;
const MAX_REPORT_SECONDS = 120;

/**
 * Watch tracking (signed-in sections 4 and 7): the first play of this page load records a start
 * (one uuid per page load), every 60 seconds of playing reports the seconds watched and the position,
 * until the server answers STOP (the long view is recorded). A pause, the end or leaving the page
 * reports what was watched since the last report, so the resume point follows short viewings too.
 * Every failure is ignored (section 8).
 */
export function useWatchTracking(productId: number, videoId: number) {
  const [start] = useStartViewingMutation();
  const [report] = useReportViewingMutation();
  const viewingId = useRef(uuid());
  const started = useRef<Promise<unknown> | null>(null);
  const stopped = useRef(false);
  const watched = useRef(0);
  const last = useRef<number | null>(null);
  const position = useRef(0);

  const send = (force: boolean) => {
    if (!started.current || stopped.current) return;
    const seconds = Math.round(watched.current);
    if (seconds < 1 || (!force && watched.current < WATCH_REPORT_INTERVAL_SECONDS)) return;
    watched.current = 0;
    const body = { SECONDS: Math.min(seconds, MAX_REPORT_SECONDS), POSITION: Math.floor(position.current) };
    void started.current
      .then(() => report({ viewingId: viewingId.current, report: body }).unwrap())
      .then((answer) => {
        if (answer.STOP) stopped.current = true;
      })
      .catch(() => undefined);
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  // Leaving the page reports the remainder.
  useEffect(() => () => sendRef.current(true), []);

  const onPlay = () => {
    if (started.current) return;
    started.current = start({ PRODUCTID: productId, VIDEOID: videoId, VIEWINGID: viewingId.current })
      .unwrap()
      .catch(() => undefined);
  };

  const onTimeUpdate = (video: HTMLVideoElement) => {
    if (video.readyState === 0) return;
    const now = video.currentTime;
    const before = last.current;
    last.current = now;
    position.current = now;
    if (before === null || video.paused || video.seeking) return;
    const step = now - before;
    if (step > 0 && step < MAX_STEP_SECONDS) {
      watched.current += step;
      send(false);
    }
  };

  const onSeeked = (video: HTMLVideoElement) => {
    last.current = video.currentTime;
    position.current = video.currentTime;
  };

  const onPauseOrEnd = (video: HTMLVideoElement) => {
    if (video.readyState === 0) return;
    position.current = video.currentTime;
    send(true);
  };

  return { onPlay, onTimeUpdate, onSeeked, onPauseOrEnd };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaybackResponse } from '@contracts/streaming';
import { errorStatus } from '@/lib/api';
import { uuid } from '@/lib/uuid';
import { useOpenPlaybackMutation } from '../../api/streaming-api';

export interface Playback {
  /** The viewing this page load plays under (the viewing calls use the same id). */
  viewingId: string;
  answer: PlaybackResponse | null;
  /** The playback could not be opened (no access, or the server did not answer). */
  failed: boolean;
  /** A status the opening answered with, when it failed (404: no access; 403: terms due). */
  status: number | null;
}

/**
 * The playback of one video on this page (POST /api/streaming/playbacks): its addresses, which carry an
 * opaque token that works for this browser only and as long as heartbeats renew it. A new video is a new
 * viewing. `reopen` asks again for the same viewing (access that ended, a token the server no longer
 * takes); `playHere` starts a new viewing (after another device took the account's playback over).
 */
export function usePlayback(productId: number, videoId: number) {
  const [open] = useOpenPlaybackMutation();
  const [playback, setPlayback] = useState<Playback>(() => ({
    viewingId: uuid(),
    answer: null,
    failed: false,
    status: null,
  }));
  const current = useRef(playback);
  current.current = playback;
  /** Bumped by every reopen: the same address again must still make the player load it again. */
  const generation = useRef(0);

  const request = useCallback(
    async (viewingId: string): Promise<Playback> => {
      try {
        const answer = await open({ PRODUCTID: productId, VIDEOID: videoId, VIEWINGID: viewingId }).unwrap();
        const previous = current.current.answer;
        generation.current += 1;
        // A fragment never reaches the server; it only makes an unchanged address a new source for the player.
        const src =
          previous && previous.SRC === answer.SRC && previous.VIEWINGID === answer.VIEWINGID
            ? `${answer.SRC}#reload-${generation.current}`
            : answer.SRC;
        return { viewingId, answer: { ...answer, SRC: src }, failed: false, status: null };
      } catch (error) {
        return { viewingId, answer: null, failed: true, status: errorStatus(error) };
      }
    },
    [open, productId, videoId],
  );

  // Each video of the page is a viewing of its own.
  useEffect(() => {
    let live = true;
    const viewingId = uuid();
    setPlayback({ viewingId, answer: null, failed: false, status: null });
    void request(viewingId).then((next) => {
      if (live) setPlayback(next);
    });
    return () => {
      live = false;
    };
  }, [request]);

  const reopen = useCallback(async (): Promise<boolean> => {
    const next = await request(current.current.viewingId);
    if (next.failed) return false;
    setPlayback(next);
    return true;
  }, [request]);

  const playHere = useCallback(async (): Promise<boolean> => {
    const next = await request(uuid());
    setPlayback(next);
    return !next.failed;
  }, [request]);

  return { playback, reopen, playHere };
}

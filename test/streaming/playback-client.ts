import { randomUUID } from 'node:crypto';
import type { PlaybackResponse, ViewingResponse } from '#libs/contracts/streaming.js';
import { streamingClient } from '../support/streaming-client.js';

/** Calls of the playback tests: open a playback, play, heartbeats, and its media with the cookie. */
export function playbackClient(baseUrl: () => string) {
  const client = streamingClient(baseUrl);
  const { call } = client;

  /** Opens the playback of a page load; `base` is its media prefix (`/api/hls/{token}/`). */
  const open = async (token: string, productId: number, videoId: number, viewingId: string = randomUUID()) => {
    const result = await call<PlaybackResponse>(token, 'POST', '/streaming/playbacks', {
      PRODUCTID: productId,
      VIDEOID: videoId,
      VIEWINGID: viewingId,
    });
    const base = (result.body.SRC ?? '').replace(/(master\.m3u8|progressive)$/, '');
    return { ...result, viewingId, base };
  };
  const play = (token: string, productId: number, videoId: number, viewingId: string) =>
    call<ViewingResponse>(token, 'POST', '/streaming/viewings', {
      PRODUCTID: productId,
      VIDEOID: videoId,
      VIEWINGID: viewingId,
    });
  const heartbeat = (token: string, viewingId: string, intervals: [number, number][], position?: number) =>
    call<ViewingResponse>(token, 'POST', `/streaming/viewings/${viewingId}/progress`, {
      INTERVALS: intervals,
      ...(position === undefined ? {} : { POSITION: position }),
    });
  /** A media request; the answer's text too (the error bodies are checked for the token). */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl()}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
  };
  return { ...client, open, play, heartbeat, get };
}

import type { Decider, DomainEvent } from '../kernel/decider.js';

/**
 * The adaptive media of one video, stream `video-media-{videoId}`: `npm run media:import` (and the demo
 * data at first start) transcodes a source file into an HLS ladder with a poster and a thumbnail
 * track, then records VideoMediaImported. The newest import is the one played; importing the same
 * files again (same media id) appends nothing.
 */
export interface ImportedRendition {
  /** '360p', '720p', '1080p'. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, as the master playlist states it. */
  bandwidth: number;
  segments: number;
}

export interface ImportedFile {
  /** Path inside the media folder, e.g. `720p/seg_00001.m4s`. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface ImportedChapter {
  start: number;
  title: string;
}

export type VideoMediaImported = DomainEvent<
  'VideoMediaImported',
  {
    productId: number;
    videoId: number;
    /** The folder under the imported media root (HLS_DIR) that holds every file below. */
    mediaId: string;
    durationSeconds: number;
    renditions: ImportedRendition[];
    chapters: ImportedChapter[];
    captions: boolean;
    /** The source file as given: its name, size and SHA-256. */
    source: { name: string; bytes: number; sha256: string };
    files: ImportedFile[];
    importedAt: string;
  }
>;

export type VideoMediaEvent = VideoMediaImported;

export const VIDEO_MEDIA_EVENT_TYPES = ['VideoMediaImported'] as const satisfies readonly VideoMediaEvent['type'][];

export const videoMediaStreamId = (videoId: number): string => `video-media-${videoId}`;

export interface ImportVideoMedia {
  type: 'ImportVideoMedia';
  media: Omit<VideoMediaImported['data'], 'importedAt'>;
  now: string;
}

export interface VideoMediaState {
  mediaId: string | null;
}

export const videoMediaDecider: Decider<ImportVideoMedia, VideoMediaState, VideoMediaEvent> = {
  initialState: { mediaId: null },
  decide(command, state) {
    if (state.mediaId === command.media.mediaId) return [];
    return [{ type: 'VideoMediaImported', data: { ...command.media, importedAt: command.now } }];
  },
  evolve(state, event) {
    return event.type === 'VideoMediaImported' ? { mediaId: event.data.mediaId } : state;
  },
};

import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import {
  type ImportVideoMedia,
  type VideoMediaImported,
  videoMediaDecider,
  videoMediaStreamId,
} from './video-media.js';

const now = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T10:00:00.000Z';

const media = (mediaId: string): ImportVideoMedia['media'] => ({
  productId: 250,
  videoId: 5001,
  mediaId,
  durationSeconds: 36,
  renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 1_095_600, segments: 9 }],
  chapters: [{ start: 0, title: 'Positioning' }],
  captions: true,
  source: { name: 'osteotomy.mp4', bytes: 1000, sha256: 'a'.repeat(64) },
  files: [{ path: 'master.m3u8', bytes: 120, sha256: 'b'.repeat(64) }],
});

const imported = (mediaId: string, at = now): VideoMediaImported => ({
  type: 'VideoMediaImported',
  data: { ...media(mediaId), importedAt: at },
});

describe('video media decider', () => {
  const given = givenWhenThen(videoMediaDecider);

  it('records the first import of a video, stamped with the command time', () => {
    given()
      .when({ type: 'ImportVideoMedia', media: media('0123456789abcdef'), now })
      .then(imported('0123456789abcdef'));
  });
  it('the same media again records nothing (an import run twice)', () => {
    given(imported('0123456789abcdef'))
      .when({ type: 'ImportVideoMedia', media: media('0123456789abcdef'), now: later })
      .then();
  });
  it('another media replaces it: the newest import is the one played', () => {
    given(imported('0123456789abcdef'))
      .when({ type: 'ImportVideoMedia', media: media('fedcba9876543210'), now: later })
      .then(imported('fedcba9876543210', later));
  });
  it('going back to an earlier media records it again (only the latest counts)', () => {
    given(imported('0123456789abcdef'), imported('fedcba9876543210', later))
      .when({ type: 'ImportVideoMedia', media: media('0123456789abcdef'), now: later })
      .then(imported('0123456789abcdef', later));
  });
  it('one stream per video', () => {
    expect(videoMediaStreamId(5001)).toBe('video-media-5001');
  });
});

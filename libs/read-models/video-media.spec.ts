import type { VideoMediaImported } from '#libs/domain/streaming/video-media.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';
import { importedVideoCount, videoMediaOf, videoMediaReadModel } from './video-media.js';

const imported = (videoId: number, mediaId: string, durationSeconds = 36): VideoMediaImported => ({
  type: 'VideoMediaImported',
  data: {
    productId: 250,
    videoId,
    mediaId,
    durationSeconds,
    renditions: [
      { name: '360p', width: 640, height: 360, bandwidth: 1_095_600, segments: 9 },
      { name: '720p', width: 1280, height: 720, bandwidth: 3_405_600, segments: 9 },
    ],
    chapters: [
      { start: 0, title: 'Positioning' },
      { start: 8, title: 'Incision' },
    ],
    captions: videoId % 2 === 1,
    source: { name: 'x.mp4', bytes: 1, sha256: 'a'.repeat(64) },
    files: [{ path: 'master.m3u8', bytes: 1, sha256: 'b'.repeat(64) }],
    importedAt: '2026-03-01T10:00:00.000Z',
  },
});

describe('video media read model', () => {
  const db = readModelDatabase(videoMediaReadModel);

  it('holds the newest import of each video: renditions, chapters, captions, duration', async () => {
    await projectInto(db.pool, videoMediaReadModel, [
      imported(5001, '0123456789abcdef'),
      imported(5002, '1111111111111111', 12.5),
      imported(5001, 'fedcba9876543210', 40),
    ]);
    expect(await videoMediaOf(db.pool, 5001)).toEqual({
      videoId: 5001,
      productId: 250,
      mediaId: 'fedcba9876543210',
      durationSeconds: 40,
      renditions: imported(5001, '').data.renditions,
      chapters: [
        { start: 0, title: 'Positioning' },
        { start: 8, title: 'Incision' },
      ],
      captions: true,
    });
    expect(await videoMediaOf(db.pool, 5002)).toMatchObject({ mediaId: '1111111111111111', captions: false });
    expect(await importedVideoCount(db.pool)).toBe(2);
  });

  it('a video without an import has no media (it plays its progressive file)', async () => {
    await projectInto(db.pool, videoMediaReadModel, [imported(5001, '0123456789abcdef')]);
    expect(await videoMediaOf(db.pool, 5003)).toBeNull();
    expect(await importedVideoCount(db.pool)).toBe(1);
  });
});

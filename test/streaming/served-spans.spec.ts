import { mp4Duration } from '#apps/api/streaming/media-files.js';
import { segmentSpans } from '#apps/api/streaming/served-media.js';

describe('what a served file covers of its video', () => {
  it('segment spans come from the EXTINF sums of the rendition playlist', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:4.000000,',
      'seg_00000.m4s',
      '#EXTINF:4.004,',
      'seg_00001.m4s',
      '',
      '#EXTINF:1.5,',
      'seg_00002.m4s',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const spans = segmentSpans(playlist);
    expect([...spans.keys()]).toEqual(['seg_00000.m4s', 'seg_00001.m4s', 'seg_00002.m4s']);
    expect(spans.get('seg_00001.m4s')).toEqual([4, 8.004]);
    expect(spans.get('seg_00002.m4s')?.[1]).toBeCloseTo(9.504);
    expect(spans.get('init.mp4')).toBeUndefined();
  });

  it("a progressive file's duration is read from its MP4 movie header; another file has none", async () => {
    expect(await mp4Duration('media/video/sample-1.mp4')).toBeCloseTo(4, 1);
    expect(await mp4Duration('media/video/sample-1.vtt')).toBeNull();
    expect(await mp4Duration('media/video/no-such.mp4')).toBeNull();
  });
});

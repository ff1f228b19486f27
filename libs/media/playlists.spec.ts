import { parseMasterPlaylist, parseMediaPlaylist, PlaylistProblem } from './playlists.js';

const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=1095600,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"
360p/index.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=3405600,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
720p/index.m3u8
`;

const MEDIA = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:4.000000,
seg_00000.m4s
#EXTINF:2.040000,
seg_00001.m4s
#EXT-X-ENDLIST
`;

const problem = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof PlaylistProblem) return error.message;
    throw error;
  }
  throw new Error('no problem found');
};

describe('master playlist', () => {
  it('lists each variant with its rendition, bandwidth, resolution and codecs', () => {
    expect(parseMasterPlaylist(MASTER)).toEqual([
      {
        uri: '360p/index.m3u8',
        rendition: '360p',
        bandwidth: 1095600,
        width: 640,
        height: 360,
        codecs: 'avc1.64001e,mp4a.40.2',
      },
      expect.objectContaining({ rendition: '720p', width: 1280, height: 720 }),
    ]);
  });

  it('refuses absolute or climbing URIs, unknown rendition names and missing attributes', () => {
    expect(problem(() => parseMasterPlaylist(MASTER.replace('360p/index', 'https://cdn.test/360p/index')))).toMatch(
      /not a relative path/,
    );
    expect(problem(() => parseMasterPlaylist(MASTER.replace('360p/index', '/360p/index')))).toMatch(/not a relative/);
    expect(problem(() => parseMasterPlaylist(MASTER.replace('360p/index', '../360p/index')))).toMatch(/not a relative/);
    expect(problem(() => parseMasterPlaylist(MASTER.replace('360p/index', '240p/index')))).toMatch(
      /not \{360p\|480p\|720p\|1080p\}/,
    );
    expect(problem(() => parseMasterPlaylist(MASTER.replace(',CODECS="avc1.64001e,mp4a.40.2"', '')))).toMatch(
      /lacks BANDWIDTH, RESOLUTION or CODECS for 360p/,
    );
    expect(problem(() => parseMasterPlaylist('#EXTM3U\n'))).toBe('master.m3u8 lists no variant');
    expect(problem(() => parseMasterPlaylist('hello'))).toBe('master.m3u8 does not start with #EXTM3U');
  });
});

describe('media playlist', () => {
  it('gives the init segment, the segments and their summed duration', () => {
    expect(parseMediaPlaylist(MEDIA, '360p/index.m3u8')).toEqual({
      map: 'init.mp4',
      segments: [
        { uri: 'seg_00000.m4s', duration: 4 },
        { uri: 'seg_00001.m4s', duration: 2.04 },
      ],
      durationSeconds: 6.04,
    });
  });

  it('refuses an unfinished playlist, a missing init segment, odd segment names and absolute URIs', () => {
    const what = '360p/index.m3u8';
    expect(problem(() => parseMediaPlaylist(MEDIA.replace('#EXT-X-ENDLIST', ''), what))).toMatch(/not a finished VOD/);
    expect(problem(() => parseMediaPlaylist(MEDIA.replace(/#EXT-X-MAP.*\n/, ''), what))).toMatch(/no #EXT-X-MAP/);
    expect(problem(() => parseMediaPlaylist(MEDIA.replace('seg_00001.m4s', 'seg_1.ts'), what))).toMatch(
      /names seg_1.ts, not seg_NNNNN.m4s/,
    );
    expect(problem(() => parseMediaPlaylist(MEDIA.replace('init.mp4', '/init.mp4'), what))).toMatch(/not a relative/);
    expect(
      problem(() => parseMediaPlaylist(MEDIA.replace('seg_00000.m4s', 'http://x.test/seg_00000.m4s'), what)),
    ).toMatch(/not a relative/);
  });
});

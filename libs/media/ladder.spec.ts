import {
  IMPORT_SETTINGS,
  ladderFor,
  posterSecond,
  thumbnailArguments,
  thumbnailGrid,
  transcodeArguments,
} from './ladder.js';

const names = (size: { width: number; height: number }) => ladderFor(size).map((r) => r.name);

describe('the ladder', () => {
  it('always has 360p, and 720p and 1080p when the source has the lines', () => {
    expect(names({ width: 1920, height: 1080 })).toEqual(['360p', '720p', '1080p']);
    expect(names({ width: 3840, height: 2160 })).toEqual(['360p', '720p', '1080p']);
    expect(names({ width: 1280, height: 720 })).toEqual(['360p', '720p']);
    expect(names({ width: 1600, height: 900 })).toEqual(['360p', '720p']);
    expect(names({ width: 854, height: 480 })).toEqual(['360p']);
    expect(names({ width: 1278, height: 718 })).toEqual(['360p']);
    // A small source still gets its 360p rung (scaled up): every title plays the same way.
    expect(names({ width: 320, height: 240 })).toEqual(['360p']);
  });

  it('counts the short side of an upright (phone) video', () => {
    expect(names({ width: 1080, height: 1920 })).toEqual(['360p', '720p', '1080p']);
    expect(names({ width: 720, height: 1280 })).toEqual(['360p', '720p']);
  });

  it('takes a thumbnail every 2 s, fewer for long videos (at most about 300), ten to a row', () => {
    expect(thumbnailGrid(6, { width: 1920, height: 1080 })).toEqual({
      interval: 2,
      count: 3,
      columns: 3,
      rows: 1,
      width: 160,
      height: 90,
    });
    const operation = thumbnailGrid(90 * 60, { width: 1920, height: 1080 });
    expect(operation).toMatchObject({ interval: 18, count: 300, columns: 10, rows: 30 });
    expect(thumbnailGrid(10, { width: 1080, height: 1920 })).toMatchObject({ width: 160, height: 284 });
  });

  it('takes the poster a tenth in, at most 10 s in', () => {
    expect(posterSecond(36)).toBe(3.6);
    expect(posterSecond(3600)).toBe(10);
  });
});

describe('the transcode arguments', () => {
  const plan = (hasAudio: boolean, width = 1920, height = 1080) => {
    const source = { width, height, hasAudio };
    return transcodeArguments({
      input: 'in.mp4',
      output: '/hls/.incoming-x',
      rungs: ladderFor(source),
      source,
      settings: IMPORT_SETTINGS,
    });
  };
  const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

  it('decodes once, scales per rung, and names each rendition in the stream map', () => {
    const args = plan(true);
    expect(after(args, '-filter_complex')).toBe(
      '[0:v]split=3[v0][v1][v2];[v0]scale=-2:360[o0];[v1]scale=-2:720[o1];[v2]scale=-2:1080[o2]',
    );
    expect(after(args, '-var_stream_map')).toBe('v:0,a:0,name:360p v:1,a:1,name:720p v:2,a:2,name:1080p');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
    expect(after(args, '-hls_segment_type')).toBe('fmp4');
    expect(after(args, '-hls_segment_filename')).toBe('/hls/.incoming-x/%v/seg_%05d.m4s');
    expect(after(args, '-maxrate:v:2')).toBe('5400k');
    expect(args.filter((a) => a === '0:a:0')).toHaveLength(3);
    expect(args.at(-1)).toBe('/hls/.incoming-x/%v/index.m3u8');
  });

  it('tiles one picture per interval of the 360p rendition into one sprite', () => {
    const args = thumbnailArguments(
      '/m/360p/index.m3u8',
      '/m/thumbnails.jpg',
      thumbnailGrid(36, { width: 1920, height: 1080 }),
    );
    expect(after(args, '-i')).toBe('/m/360p/index.m3u8');
    expect(after(args, '-vf')).toBe('fps=1/2,scale=160:90,tile=10x2');
    expect(after(args, '-frames:v')).toBe('1');
    expect(args.at(-1)).toBe('/m/thumbnails.jpg');
  });

  it('leaves the audio out of a silent source, and scales the width of an upright one', () => {
    const silent = plan(false);
    expect(after(silent, '-var_stream_map')).toBe('v:0,name:360p v:1,name:720p v:2,name:1080p');
    expect(silent).not.toContain('0:a:0');
    expect(silent).not.toContain('aac');
    expect(after(plan(true, 720, 1280), '-filter_complex')).toContain('[v1]scale=720:-2[o1]');
  });
});

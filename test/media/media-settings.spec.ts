import { parseConfig } from '#libs/config/config.js';

describe('media settings', () => {
  it('keeps imported media in DATA_DIR/hls unless HLS_DIR says otherwise', () => {
    expect(parseConfig({}).HLS_DIR).toBe('data/hls');
    expect(parseConfig({ DATA_DIR: '/var/lib/shop' }).HLS_DIR).toBe('/var/lib/shop/hls');
    expect(parseConfig({ DATA_DIR: '/var/lib/shop', HLS_DIR: '/srv/hls' }).HLS_DIR).toBe('/srv/hls');
    expect(parseConfig({ HLS_DIR: '  ' }).HLS_DIR).toBe('data/hls');
  });

  it('imports the demo videos with the demo data unless DEMO_VIDEOS=false', () => {
    expect(parseConfig({}).DEMO_VIDEOS).toBe(true);
    expect(parseConfig({ DEMO_VIDEOS: 'false' }).DEMO_VIDEOS).toBe(false);
    expect(() => parseConfig({ DEMO_VIDEOS: 'no' })).toThrow(/^Invalid configuration: DEMO_VIDEOS /);
  });
});

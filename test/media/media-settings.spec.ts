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

  it('hands media to nginx only with MEDIA_ACCEL_REDIRECT, a path of plain parts', () => {
    expect(parseConfig({}).MEDIA_ACCEL_REDIRECT).toBeUndefined();
    expect(parseConfig({ MEDIA_ACCEL_REDIRECT: ' ' }).MEDIA_ACCEL_REDIRECT).toBeUndefined();
    expect(parseConfig({ MEDIA_ACCEL_REDIRECT: '/internal-media' }).MEDIA_ACCEL_REDIRECT).toBe('/internal-media');
    expect(parseConfig({ MEDIA_ACCEL_REDIRECT: '/x/protected_1' }).MEDIA_ACCEL_REDIRECT).toBe('/x/protected_1');
    for (const bad of ['internal-media', '/internal-media/', '/../etc', '/a b', 'http://nginx/x']) {
      expect(() => parseConfig({ MEDIA_ACCEL_REDIRECT: bad })).toThrow(/^Invalid configuration: MEDIA_ACCEL_REDIRECT /);
    }
  });
});

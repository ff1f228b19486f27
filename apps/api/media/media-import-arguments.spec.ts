import { parseMediaImportArguments } from './media-import-arguments.js';

describe('media:import arguments', () => {
  const parse = (...argv: string[]) => parseMediaImportArguments(argv, 'ann');

  it('reads the file, the product and video ids, the optional captions and chapters, and the operator', () => {
    expect(parse('op.mp4', '--product', '250', '--video', '5001')).toEqual({
      file: 'op.mp4',
      productId: 250,
      videoId: 5001,
      captions: null,
      chapters: null,
      by: 'ann',
    });
    expect(
      parse(
        '--video',
        '5001',
        'op.mp4',
        '--product',
        '250',
        '--captions',
        'c.vtt',
        '--chapters',
        'toc.txt',
        '--by',
        'ben',
      ),
    ).toMatchObject({ file: 'op.mp4', captions: 'c.vtt', chapters: 'toc.txt', by: 'ben' });
  });

  it('refuses a missing or second file, missing or malformed ids, unknown options and a reason', () => {
    expect(parse('--product', '250', '--video', '5001')).toEqual({ error: 'Give one video file.' });
    expect(parse('a.mp4', 'b.mp4', '--product', '250', '--video', '5001')).toEqual({ error: 'Give one video file.' });
    expect(parse('a.mp4', '--video', '5001')).toEqual({ error: '--product is required.' });
    expect(parse('a.mp4', '--product', '250')).toEqual({ error: '--video is required.' });
    for (const bad of ['0', '-1', '1.5', '0250', 'x', '9999999999']) {
      expect(parse('a.mp4', '--product', bad, '--video', '5001')).toEqual({
        error: '--product must be a positive whole number.',
      });
    }
    expect(parse('a.mp4', '--product', '250', '--video', '5001', '--preset', 'slow')).toEqual({
      error: 'Unknown option: --preset',
    });
    expect(parse('a.mp4', '--product', '250', '--video', '5001', '--reason', 'x')).toEqual({
      error: 'Unknown option: --reason',
    });
    expect(parse('a.mp4', '--product', '250', '--video')).toEqual({ error: '--video needs a value' });
  });
});

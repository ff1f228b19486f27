import { type RunOptions, runFfmpeg } from './ffmpeg.js';

/** A video made from ffmpeg's test sources (lavfi), with a sine tone: the demo's videos and the tests'. */
export interface TestPattern {
  /**
   * A lavfi video graph without size, rate or duration placeholders filled by the caller, e.g.
   * `testsrc2=size=1920x1080:rate=24`. It may be endless: `seconds` bounds the output.
   */
  video: string;
  seconds: number;
  /** Hz of the tone; 0 for a video without sound. */
  toneHz: number;
}

/**
 * Writes a short H.264/AAC MP4 of `pattern` to `file` (fast start, ultrafast: the source only has to
 * exist; the import transcodes it again).
 */
export async function generateTestSource(file: string, pattern: TestPattern, options: RunOptions = {}): Promise<void> {
  const tone = pattern.toneHz > 0 ? ['-f', 'lavfi', '-i', `sine=frequency=${pattern.toneHz}:sample_rate=48000`] : [];
  await runFfmpeg(
    [
      '-f',
      'lavfi',
      '-i',
      pattern.video,
      ...tone,
      '-t',
      String(pattern.seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      ...(pattern.toneHz > 0 ? ['-c:a', 'aac', '-b:a', '64k'] : []),
      '-movflags',
      '+faststart',
      file,
    ],
    options,
  );
}

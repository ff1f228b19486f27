import type { ImportedChapter } from '#libs/domain/streaming/video-media.js';
import type { TestPattern } from '#libs/media/test-sources.js';

/**
 * The three generated demo videos (docs/media.md, Demo videos): ffmpeg test patterns at 1920x1080
 * with a tone, 36 s each, with four chapters and captions. Demo video N plays for every catalog title
 * whose progressive file is `video/sample-N.mp4`. The texts say what the picture is: a test pattern
 * standing in for an operative video.
 */
export interface DemoVideo {
  n: 1 | 2 | 3;
  pattern: TestPattern;
  chapters: ImportedChapter[];
  captions: string;
}

const SECONDS = 36;
const FPS = 24;
const HD = `size=1920x1080:rate=${FPS}`;

const cues = (lines: [number, number, string][]): string =>
  `WEBVTT\n\n${lines
    .map(
      ([from, to, text], i) =>
        `${i + 1}\n00:00:${String(from).padStart(2, '0')}.000 --> 00:00:${String(to).padStart(2, '0')}.000\n${text}\n`,
    )
    .join('\n')}`;

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    n: 1,
    pattern: { video: `testsrc2=${HD}`, seconds: SECONDS, toneHz: 440 },
    chapters: [
      { start: 0, title: 'Patient positioning and landmarks' },
      { start: 8, title: 'Incision and exposure' },
      { start: 18, title: 'Key maneuver' },
      { start: 28, title: 'Closure and dressing' },
    ],
    captions: cues([
      [0, 4, 'This demo video is a generated test pattern.'],
      [4, 8, 'It stands in for an operative video in the demo shop.'],
      [8, 13, 'Chapter two: the incision and the exposure.'],
      [13, 18, 'Each chapter is listed under the player and marked on the timeline.'],
      [18, 23, 'Chapter three: the key maneuver, shown step by step.'],
      [23, 28, 'Choose a lower quality in the settings menu on a slow connection.'],
      [28, 36, 'Chapter four: closure and dressing. End of the demo video.'],
    ]),
  },
  {
    n: 2,
    pattern: {
      video: `smptehdbars=${HD} [bars]; testsrc=size=480x270:rate=${FPS} [clock]; [bars][clock] overlay=x='(W-w)*abs(sin(t/5))':y='(H-h)/2' [out0]`,
      seconds: SECONDS,
      toneHz: 330,
    },
    chapters: [
      { start: 0, title: 'Indications and planning' },
      { start: 9, title: 'Approach' },
      { start: 19, title: 'Reconstruction' },
      { start: 29, title: 'Pearls and pitfalls' },
    ],
    captions: cues([
      [0, 5, 'Colour bars with a moving counter: a generated demo video.'],
      [5, 9, 'The tone you hear is part of the test pattern.'],
      [9, 14, 'Chapter two: the approach.'],
      [14, 19, 'Playback speed goes from 0.75 to 2 times.'],
      [19, 24, 'Chapter three: the reconstruction.'],
      [24, 29, 'Your speed and captions choice are remembered on every device.'],
      [29, 36, 'Chapter four: pearls and pitfalls. End of the demo video.'],
    ]),
  },
  {
    n: 3,
    pattern: {
      video: `gradients=size=384x216:rate=${FPS}:speed=0.02:seed=22,scale=1920:1080 [bg]; testsrc=size=320x180:rate=${FPS} [clock]; [bg][clock] overlay=x=W-w-48:y=H-h-48 [out0]`,
      seconds: SECONDS,
      toneHz: 523,
    },
    chapters: [
      { start: 0, title: 'Anatomy review' },
      { start: 7, title: 'Dissection' },
      { start: 17, title: 'Hemostasis' },
      { start: 27, title: 'Postoperative care' },
    ],
    captions: cues([
      [0, 4, 'Moving colour gradients: a generated demo video.'],
      [4, 7, 'Chapter one: a review of the anatomy.'],
      [7, 12, 'Chapter two: the dissection.'],
      [12, 17, 'Thumbnails appear while you move along the timeline.'],
      [17, 22, 'Chapter three: hemostasis.'],
      [22, 27, 'The player resumes where you stopped, on any device.'],
      [27, 36, 'Chapter four: postoperative care. End of the demo video.'],
    ]),
  },
];

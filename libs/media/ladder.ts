/**
 * The HLS ladder (docs/media.md): which renditions a source gets, the one ffmpeg run that writes them
 * all from a single decode of the source, and the runs for the thumbnail sprite and the poster. Pure:
 * the arguments are built here and run by transcode.ts.
 */
import { sourceInput } from './source-input.js';

/** A rung of the ladder: `lines` is the short side of the picture (360 for 640x360, and for 360x640). */
export interface Rung {
  name: '360p' | '720p' | '1080p';
  lines: number;
  /** The rung's peak video bit rate (kbit/s): the encoder's cap, with a buffer of twice that. */
  maxrateKbps: number;
}

export const LADDER: readonly Rung[] = [
  { name: '360p', lines: 360, maxrateKbps: 900 },
  { name: '720p', lines: 720, maxrateKbps: 3000 },
  { name: '1080p', lines: 1080, maxrateKbps: 5400 },
];

/** Segment length: every rung gets a keyframe at each multiple, so players switch rungs at any segment. */
export const SEGMENT_SECONDS = 4;

/** How a ladder is encoded; part of the media id, so another setting makes another folder. */
export interface EncodeSettings {
  /** x264's speed/size trade-off: veryfast for imports, ultrafast for the demo's and the tests' test patterns. */
  preset: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /** Constant quality, capped per rung by its maxrate: simple pictures come out small. */
  crf: number;
  audioKbps: number;
  segmentSeconds: number;
}

export const IMPORT_SETTINGS: EncodeSettings = { preset: 'veryfast', crf: 23, audioKbps: 96, segmentSeconds: 4 };

/** The rungs for a source of this size: 360p always (a smaller source is scaled up), the others when it has the lines. */
export function ladderFor(source: { width: number; height: number }): Rung[] {
  const lines = Math.min(source.width, source.height);
  return LADDER.filter((rung) => rung.name === '360p' || lines >= rung.lines);
}

/** The thumbnail track: one picture every `interval` seconds, tiled into one sprite of `columns` x `rows`. */
export interface ThumbnailGrid {
  interval: number;
  count: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
}

const THUMB_WIDTH = 160;
/** At most about this many pictures: a 90-minute operation gets one every 18 s, a short clip one every 2 s. */
const MAX_THUMBS = 300;
const MIN_INTERVAL = 2;
const MAX_COLUMNS = 10;

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

export function thumbnailGrid(durationSeconds: number, source: { width: number; height: number }): ThumbnailGrid {
  const interval = Math.max(MIN_INTERVAL, Math.ceil(durationSeconds / MAX_THUMBS));
  const count = Math.max(1, Math.ceil(durationSeconds / interval));
  const columns = Math.min(count, MAX_COLUMNS);
  return {
    interval,
    count,
    columns,
    rows: Math.ceil(count / columns),
    width: THUMB_WIDTH,
    height: even((THUMB_WIDTH * source.height) / source.width),
  };
}

export interface TranscodePlan {
  input: string;
  /** The folder the ladder is written into (rendition folders, master.m3u8). */
  output: string;
  rungs: Rung[];
  source: { width: number; height: number; hasAudio: boolean };
  settings: EncodeSettings;
}

/** The scale filter of a rung: the short side to the rung's lines, the other side even and in proportion. */
const scaleTo = (rung: Rung, source: { width: number; height: number }): string =>
  source.width >= source.height ? `scale=-2:${rung.lines}` : `scale=${rung.lines}:-2`;

/**
 * ffmpeg's arguments for the whole ladder: the source decoded once, split into one scaled picture per
 * rung; H.264 + AAC per rung, keyframes forced at every segment boundary (so the rungs' segments line
 * up), fMP4 segments with `#EXT-X-MAP`, a VOD playlist per rung under `{name}/` and the master playlist.
 */
export function transcodeArguments(plan: TranscodePlan): string[] {
  const { rungs, source, settings } = plan;
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[v${i}]`).join('')}`;
  const scales = rungs.map((rung, i) => `[v${i}]${scaleTo(rung, source)}[o${i}]`);
  const args = [...sourceInput(plan.input), '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((_, i) => args.push('-map', `[o${i}]`));
  if (source.hasAudio) rungs.forEach(() => args.push('-map', '0:a:0'));
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
    '-crf',
    String(settings.crf),
    '-pix_fmt',
    'yuv420p',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${settings.segmentSeconds})`,
  );
  rungs.forEach((rung, i) =>
    args.push(`-maxrate:v:${i}`, `${rung.maxrateKbps}k`, `-bufsize:v:${i}`, `${rung.maxrateKbps * 2}k`),
  );
  if (source.hasAudio) args.push('-c:a', 'aac', '-b:a', `${settings.audioKbps}k`, '-ac', '2', '-ar', '48000');
  const streamMap = rungs.map((rung, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ''},name:${rung.name}`).join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(settings.segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'fmp4',
    // ffmpeg numbers the init file per rung (init_0.mp4); transcode.ts renames it init.mp4.
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    `${plan.output}/%v/seg_%05d.m4s`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    `${plan.output}/%v/index.m3u8`,
  );
  return args;
}

/**
 * ffmpeg's arguments for the thumbnail sprite, read from the finished 360p rendition (a small picture
 * decodes fast): one picture every `interval` seconds, scaled, tiled into one JPEG. A run of its own:
 * in the ladder's run this one-picture output would hold back ffmpeg's progress reports to the end.
 */
export function thumbnailArguments(playlist: string, output: string, grid: ThumbnailGrid): string[] {
  return [
    '-i',
    playlist,
    '-vf',
    `fps=1/${grid.interval},scale=${grid.width}:${grid.height},tile=${grid.columns}x${grid.rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    '-update',
    '1',
    output,
  ];
}

/** When the poster is taken: a tenth into the video, at most 10 s in (past any black lead-in, still early). */
export const posterSecond = (durationSeconds: number): number =>
  Math.round(Math.min(durationSeconds * 0.1, 10) * 10) / 10;

/** ffmpeg's arguments for the poster: one frame of the source (input seek, so cheap), at most 720 lines. */
export function posterArguments(input: string, output: string, durationSeconds: number): string[] {
  return [
    '-ss',
    String(posterSecond(durationSeconds)),
    ...sourceInput(input),
    '-frames:v',
    '1',
    '-vf',
    "scale=-2:'min(720,ih)'",
    '-q:v',
    '3',
    '-update',
    '1',
    output,
  ];
}

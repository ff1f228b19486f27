import { basename } from 'node:path';
import { FfmpegError, MediaInputError, type RunOptions, runFfprobe } from './ffmpeg.js';
import { NOT_ON_WHITELIST, SOURCE_FORMATS } from './source-input.js';

/** What the pipeline needs to know of a source before it transcodes it. */
export interface SourceFacts {
  durationSeconds: number;
  /** The picture as shown (a 90-degree rotation already applied). */
  width: number;
  height: number;
  hasAudio: boolean;
}

/** A video must last at least this long: a still image probes as a one-frame "video". */
const MIN_SECONDS = 1;

interface ProbedStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface Probed {
  streams?: ProbedStream[];
  format?: { duration?: string; format_name?: string };
}

/** The refusal of a file in a container the import does not take (SOURCE_FORMATS). */
const notAVideoContainer = (name: string): MediaInputError =>
  new MediaInputError(
    `${name} is not a video file the import takes (MP4, MOV, Matroska, WebM, AVI, MPEG-TS, MPEG-PS, MXF or FLV).`,
  );

const rotation = (stream: ProbedStream): number =>
  Number(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);

/**
 * Reads a source with ffprobe. An unreadable file, one in a container the import does not take (an
 * HLS playlist renamed `.mp4`), one without a video stream (audio only, a still image, a text file)
 * or without a duration is refused with MediaInputError, one line naming the file.
 */
export async function probeSource(file: string, options: RunOptions = {}): Promise<SourceFacts> {
  const name = basename(file);
  let probed: Probed;
  try {
    probed = (await runFfprobe(file, options)) as Probed;
  } catch (error) {
    if (error instanceof FfmpegError && error.stderr.includes(NOT_ON_WHITELIST)) throw notAVideoContainer(name);
    if (error instanceof FfmpegError) {
      // ffprobe's own line ends with the reason, e.g. "x.mp4: Invalid data found when processing input".
      const reason = error.message.split(': ').slice(-1)[0] ?? error.message;
      throw new MediaInputError(`${name} is not a readable video file (${reason.trim()}).`);
    }
    throw error;
  }
  // The demuxer's names (`mov,mp4,m4a,...`): one of them must be a source format (sourceInput lets no other open).
  const formats = (probed.format?.format_name ?? '').split(',');
  if (!formats.some((f) => (SOURCE_FORMATS as readonly string[]).includes(f))) throw notAVideoContainer(name);
  const video = probed.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new MediaInputError(`${name} has no video stream.`);
  const duration = Number(probed.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration < MIN_SECONDS) {
    throw new MediaInputError(`${name} is not a video (it lasts under ${MIN_SECONDS} s or states no duration).`);
  }
  const turned = Math.abs(rotation(video)) % 180 === 90;
  return {
    durationSeconds: duration,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    hasAudio: probed.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

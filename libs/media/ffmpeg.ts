import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { sourceInput } from './source-input.js';

/**
 * The two programs the media pipeline runs (Debian's `ffmpeg` package ships both), found on PATH.
 * Every run is a child process whose output is read as it comes, so a long transcode reports its
 * progress and stops when its AbortSignal fires.
 */
const FFMPEG = 'ffmpeg';
const FFPROBE = 'ffprobe';

/** An input the pipeline refuses (unreadable, no video, damaged, a bad captions or chapters file): one line. */
export class MediaInputError extends Error {}

/** ffmpeg or ffprobe is not installed: the import cannot run at all. */
export class MediaToolMissingError extends Error {
  constructor(program: string) {
    super(`${program} is not installed (Debian: apt-get install ffmpeg)`);
  }
}

/** ffmpeg failed for a reason of its own (its last error line as the message; `stderr` its last lines). */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr = '',
  ) {
    super(message);
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Seconds of output written so far, from ffmpeg's `-progress pipe:1` lines. */
  onProgress?: (seconds: number) => void;
  /** A nice value (0-19) for work in the background: the shop's requests go first. */
  nice?: number;
}

/** The last few lines a program printed on stderr, for an error message. */
function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1) ?? 'no message';
}

interface Finished {
  stdout: string;
  stderr: string;
}

function execute(program: string, args: string[], options: RunOptions, onStdout?: (chunk: string) => void) {
  return new Promise<Finished>((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    // Aborted work is thrown away: SIGKILL, so nothing more is written into a folder being removed.
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      killSignal: 'SIGKILL',
    });
    if (options.nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.nice);
      } catch {
        // Not allowed here (a container without the right): the work runs at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    // Only the tail matters (the error line); a long run must not grow memory.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-8192)));
    child.on('error', (error: NodeJS.ErrnoException) => {
      // Aborted: the child is being killed; 'close' answers once it is gone and wrote its last file.
      if (options.signal?.aborted) return;
      reject(error.code === 'ENOENT' ? new MediaToolMissingError(program) : error);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else if (options.signal?.aborted) reject(options.signal.reason ?? new Error('aborted'));
      else reject(new FfmpegError(`${program} failed (${code ?? signal}): ${lastLine(stderr)}`, stderr));
    });
  });
}

/** Runs ffmpeg quietly with `args` (inputs, filters, outputs); rejects with its last error line. */
export async function runFfmpeg(args: string[], options: RunOptions = {}): Promise<void> {
  const progress = options.onProgress ? ['-progress', 'pipe:1', '-nostats'] : [];
  let pending = '';
  await execute(
    FFMPEG,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...progress, ...args],
    options,
    (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // Microseconds of output written (out_time_ms too, despite its name). ffmpeg reports only once
        // every output has begun, so an output written at the very end (a sprite) would hide it all.
        const match = /^out_time_us=(\d+)$/.exec(line.trim());
        if (match) options.onProgress?.(Number(match[1]) / 1e6);
      }
    },
  );
}

/** Runs ffprobe on a source (`sourceInput`) and answers its JSON; a file it cannot read rejects with FfmpegError. */
export async function runFfprobe(file: string, options: RunOptions = {}): Promise<unknown> {
  const { stdout } = await execute(
    FFPROBE,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...sourceInput(file)],
    options,
  );
  return JSON.parse(stdout) as unknown;
}

/** True when both programs answer (the demo import checks once before it starts). */
export async function mediaToolsPresent(): Promise<boolean> {
  try {
    await execute(FFMPEG, ['-hide_banner', '-version'], {});
    await execute(FFPROBE, ['-hide_banner', '-version'], {});
    return true;
  } catch {
    return false;
  }
}

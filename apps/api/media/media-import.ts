/**
 * `npm run media:import -- FILE --product ID --video ID [--captions FILE.vtt] [--chapters FILE] [--by NAME]`
 * (docs/media.md): transcodes FILE into an HLS ladder under HLS_DIR, with a poster, a thumbnail track,
 * the captions and the chapters, and records VideoMediaImported for the video, which then plays it.
 * A progress bar on the terminal follows ffmpeg. Exit code 0: done (or already done); 1: bad
 * arguments, an unknown product or video, a failure; 2: a bad input file (unreadable, no video,
 * damaged, bad captions or chapters), refused in one line with nothing left in HLS_DIR; 130: Ctrl+C,
 * which stops ffmpeg and removes the half-written folder. Stop the shop first in embedded mode.
 */
import { rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import cliProgress from 'cli-progress';
import { SystemClock } from '#libs/application/clock.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { folderBytes } from '#libs/media/media-folder.js';
import { type MediaImportArguments, parseMediaImportArguments } from './media-import-arguments.js';
import { ImportRefused, type MediaImportOutcome, runMediaImport } from './media-import-run.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const USAGE =
  'Usage: npm run media:import -- FILE --product ID --video ID [--captions FILE.vtt] [--chapters FILE] [--by NAME]\n';

const operator = (): string => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'operator';
  }
};

const read = parseMediaImportArguments(process.argv.slice(2), operator());
if ('error' in read) {
  process.stderr.write(`${read.error}\n${USAGE}`);
  process.exit(1);
}
const parsed: MediaImportArguments = read;

function summary(outcome: MediaImportOutcome, seconds: number): string {
  const f = outcome.folder;
  const parts = [
    f.renditions.map((r) => r.name).join(', '),
    `${f.chapters.length} chapter${f.chapters.length === 1 ? '' : 's'}`,
    f.captions ? 'captions' : 'no captions',
    `${f.files.length} files, ${(folderBytes(f) / 1e6).toFixed(1)} MB`,
  ];
  const how = outcome.reused ? 'already imported, folder reused' : `transcoded in ${seconds.toFixed(1)} s`;
  const recorded = outcome.recorded
    ? `Recorded VideoMediaImported: video ${parsed.videoId} of product ${parsed.productId} now plays it.`
    : `Video ${parsed.videoId} of product ${parsed.productId} already plays this media (nothing recorded now).`;
  return `Imported ${outcome.source.name} (${f.durationSeconds.toFixed(1)} s) as media ${outcome.mediaId}: ${parts.join('; ')} (${how}).\n${recorded}\n`;
}

const config = await operatorConfig();
const aborting = new AbortController();
// Only on a terminal: a log file or a pipe gets the summary line alone.
const bar = new cliProgress.SingleBar(
  { format: 'Transcoding |{bar}| {percentage}% | {value}/{total} s of video | ETA {eta_formatted}', hideCursor: true },
  cliProgress.Presets.shades_classic,
);
/** The folder being written: the embedded database's exit hook ends the process on Ctrl+C before any await. */
let incoming: string | null = null;
process.on('exit', () => {
  bar.stop(); // gives the terminal its cursor back
  if (incoming) rmSync(incoming, { recursive: true, force: true });
});
process.once('SIGINT', () => {
  process.stderr.write('\nInterrupted: nothing was imported.\n');
  aborting.abort(new Error('interrupted'));
});
const started = performance.now();
let code = 0;
let total = 0;
await withCliDatabase(config, async (pool) => {
  const store = await createEventStore(config, pool);
  try {
    const outcome = await runMediaImport({ store, pool, clock: new SystemClock(), hlsDir: config.HLS_DIR }, parsed, {
      signal: aborting.signal,
      onStart: (duration) => (total = Math.round(duration)),
      onIncoming: (folder) => (incoming = folder),
      onProgress: (seconds) => {
        // Started on the first report: a folder reused from an earlier import shows no bar at all.
        if (!bar.isActive) bar.start(total, 0);
        bar.update(Math.min(total, Math.round(seconds)));
      },
    });
    bar.stop();
    process.stdout.write(summary(outcome, (performance.now() - started) / 1000));
  } catch (error) {
    bar.stop();
    if (aborting.signal.aborted) {
      code = 130; // as a shell reports Ctrl+C; the line is already out
    } else if (error instanceof ImportRefused) {
      process.stderr.write(`${error.message}\n`);
      code = error.exitCode;
    } else {
      process.stderr.write(
        `Importing ${parsed.file} failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      code = 1;
    }
  } finally {
    await store.close();
  }
});
process.exit(code);

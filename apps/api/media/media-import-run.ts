import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import {
  type ImportedChapter,
  type ImportVideoMedia,
  videoMediaDecider,
  videoMediaStreamId,
} from '#libs/domain/streaming/video-media.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { titleProblem } from '#libs/media/catalog-titles.js';
import { FfmpegError, MediaInputError, type RunOptions } from '#libs/media/ffmpeg.js';
import { importMedia, type MediaImportResult } from '#libs/media/import-media.js';
import { type EncodeSettings, IMPORT_SETTINGS } from '#libs/media/ladder.js';
import { probeSource } from '#libs/media/probe.js';
import { checkCaptions, MediaTextProblem, parseChapters } from '#libs/media/webvtt.js';
import type { MediaImportArguments } from './media-import-arguments.js';
import { operatorContext } from '#libs/application/command-context.js';

/** A refusal the command prints as one line: exit code 2 for a bad input file, 1 for anything else. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

export interface MediaImportDependencies {
  store: EventStore;
  pool: Pool;
  clock: Clock;
  hlsDir: string;
  /** x264 settings; the tests pass faster ones. */
  settings?: EncodeSettings;
}

export interface MediaImportOutcome extends MediaImportResult {
  /** False when the video already played this very media (nothing appended). */
  recorded: boolean;
}

/** The event's content for one title from an import's result. */
export function mediaOfTitle(
  title: { productId: number; videoId: number },
  result: MediaImportResult,
): ImportVideoMedia['media'] {
  return {
    productId: title.productId,
    videoId: title.videoId,
    mediaId: result.mediaId,
    ...result.folder,
    source: result.source,
  };
}

async function readInput(path: string): Promise<string> {
  try {
    const bytes = await readFile(path);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    const reason =
      error instanceof TypeError ? 'not UTF-8 text' : ((error as NodeJS.ErrnoException).code ?? 'unreadable');
    throw new ImportRefused(`${basename(path)} cannot be read (${reason}).`, 2);
  }
}

async function readTexts(
  args: MediaImportArguments,
): Promise<{ captions: string | null; chapters: ImportedChapter[] }> {
  const problem = (path: string, error: unknown): never => {
    if (error instanceof MediaTextProblem) throw new ImportRefused(`${basename(path)} ${error.message}.`, 2);
    throw error;
  };
  let captions: string | null = null;
  let chapters: ImportedChapter[] = [];
  if (args.captions !== null) {
    captions = await readInput(args.captions);
    try {
      checkCaptions(captions);
    } catch (error) {
      problem(args.captions, error);
    }
  }
  if (args.chapters !== null) {
    const text = await readInput(args.chapters);
    try {
      chapters = parseChapters(text);
    } catch (error) {
      problem(args.chapters, error);
    }
  }
  return { captions, chapters };
}

/** A pipeline failure as the command's one line (exit 2 when the input is at fault). */
function refusal(error: unknown, file: string): unknown {
  if (error instanceof MediaInputError) return new ImportRefused(error.message, 2);
  if (error instanceof FfmpegError)
    return new ImportRefused(`${basename(file)} could not be transcoded: ${error.message}`, 2);
  return error;
}

/**
 * `npm run media:import`: reads the captions and chapters files, probes the source (a bad file is
 * refused before anything is written), checks the video is a title of the product, imports the
 * media into HLS_DIR (libs/media/import-media.ts) and records VideoMediaImported on
 * `video-media-{videoId}` under the one write path, as the operator. The same import again reuses the
 * folder and records nothing.
 */
export async function runMediaImport(
  deps: MediaImportDependencies,
  args: MediaImportArguments,
  options: RunOptions & {
    onStart?: (durationSeconds: number) => void;
    onIncoming?: (folder: string | null) => void;
  } = {},
): Promise<MediaImportOutcome> {
  const { captions, chapters } = await readTexts(args);
  let result: MediaImportResult;
  try {
    const facts = await probeSource(args.file, options);
    const problem = await titleProblem(deps.pool, args.productId, args.videoId);
    if (problem) throw new ImportRefused(problem, 1);
    options.onStart?.(facts.durationSeconds);
    result = await importMedia(
      { source: args.file, hlsDir: deps.hlsDir, captions, chapters, settings: deps.settings ?? IMPORT_SETTINGS, facts },
      options,
    );
  } catch (error) {
    throw refusal(error, args.file);
  }
  const command: ImportVideoMedia = {
    type: 'ImportVideoMedia',
    media: mediaOfTitle(args, result),
    now: deps.clock.now().toISOString(),
  };
  const context = operatorContext(args.by);
  const appended = await decideAndAppend(
    deps.store,
    videoMediaStreamId(args.videoId),
    videoMediaDecider,
    command,
    context,
    {
      clock: deps.clock,
    },
  );
  return { ...result, recorded: appended.events.length > 0 };
}

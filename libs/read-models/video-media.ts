import type { Pool, PoolClient } from 'pg';
import type { ImportedChapter, ImportedRendition, VideoMediaEvent } from '#libs/domain/streaming/video-media.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** The imported adaptive media of each video: the newest VideoMediaImported of its stream. */
export const videoMediaReadModel: ReadModel = {
  name: 'video-media',
  version: 1,
  tables: ['video_media'],
  schema: `
    CREATE TABLE video_media (
      video_id integer PRIMARY KEY,
      product_id integer NOT NULL,
      media_id text NOT NULL,
      duration_seconds double precision NOT NULL,
      renditions jsonb NOT NULL,
      chapters jsonb NOT NULL,
      captions boolean NOT NULL,
      imported_at timestamptz NOT NULL
    )`,
  handles: ['VideoMediaImported'],
  pipelined: true,
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as VideoMediaEvent;
    const d = event.data;
    await db.query(
      `INSERT INTO video_media (video_id, product_id, media_id, duration_seconds, renditions, chapters, captions, imported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (video_id) DO UPDATE SET product_id = $2, media_id = $3, duration_seconds = $4,
         renditions = $5, chapters = $6, captions = $7, imported_at = $8`,
      [
        d.videoId,
        d.productId,
        d.mediaId,
        d.durationSeconds,
        JSON.stringify(d.renditions),
        JSON.stringify(d.chapters),
        d.captions,
        d.importedAt,
      ],
    );
  },
};

export interface VideoMedia {
  videoId: number;
  productId: number;
  mediaId: string;
  durationSeconds: number;
  renditions: ImportedRendition[];
  chapters: ImportedChapter[];
  captions: boolean;
}

const COLUMNS = `video_id AS "videoId", product_id AS "productId", media_id AS "mediaId",
  duration_seconds AS "durationSeconds", renditions, chapters, captions`;

/** The imported media of a video, or null when it has only its progressive file. */
export async function videoMediaOf(db: Db, videoId: number): Promise<VideoMedia | null> {
  const { rows } = await db.query<VideoMedia>(`SELECT ${COLUMNS} FROM video_media WHERE video_id = $1`, [videoId]);
  return rows[0] ?? null;
}

/** How many videos have imported media (the demo imports at first start only when none has). */
export async function importedVideoCount(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_media');
  return rows[0]?.n ?? 0;
}

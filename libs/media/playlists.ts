/**
 * Reading the HLS playlists of a media folder (RFC 8216), as far as the import checks them: the
 * master's variants (BANDWIDTH, RESOLUTION, CODECS, a relative URI `{rendition}/index.m3u8`) and each
 * rendition's VOD playlist (its init segment and its `seg_NNNNN.m4s` segments with their durations).
 * Pure: a problem is thrown as PlaylistProblem naming what is wrong.
 */

export class PlaylistProblem extends Error {}

export const RENDITION_NAME = /^(360|480|720|1080)p$/;
export const SEGMENT_NAME = /^seg_\d{5}\.m4s$/;

export interface Variant {
  uri: string;
  rendition: string;
  bandwidth: number;
  width: number;
  height: number;
  codecs: string;
}

export interface Segment {
  uri: string;
  duration: number;
}

export interface MediaPlaylist {
  map: string;
  segments: Segment[];
  durationSeconds: number;
}

/** An attribute list `A=1,B="x,y"` as a map (quoted values unquoted). */
function attributes(list: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    found.set(match[1]!, match[2]!.replace(/^"|"$/g, ''));
  }
  return found;
}

const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

function expectHeader(all: string[], what: string): void {
  if (all[0] !== '#EXTM3U') throw new PlaylistProblem(`${what} does not start with #EXTM3U`);
}

/** A URI the playback route can carry: relative, inside the folder, no query. */
function checkRelative(uri: string, what: string): void {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.split('/').includes('..') || uri.includes('?')) {
    throw new PlaylistProblem(`${what} names ${uri}, not a relative path inside the folder`);
  }
}

export function parseMasterPlaylist(text: string): Variant[] {
  const all = lines(text);
  expectHeader(all, 'master.m3u8');
  const variants: Variant[] = [];
  all.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attrs = attributes(line.slice('#EXT-X-STREAM-INF:'.length));
    const uri = all[i + 1];
    if (!uri || uri.startsWith('#')) throw new PlaylistProblem('master.m3u8 has a variant without a URI');
    checkRelative(uri, 'master.m3u8');
    const match = /^([^/]+)\/index\.m3u8$/.exec(uri);
    if (!match || !RENDITION_NAME.test(match[1]!)) {
      throw new PlaylistProblem(`master.m3u8 names ${uri}, not {360p|480p|720p|1080p}/index.m3u8`);
    }
    const resolution = /^(\d+)x(\d+)$/.exec(attrs.get('RESOLUTION') ?? '');
    const bandwidth = Number(attrs.get('BANDWIDTH'));
    const codecs = attrs.get('CODECS') ?? '';
    if (!resolution || !Number.isInteger(bandwidth) || bandwidth <= 0 || codecs === '') {
      throw new PlaylistProblem(`master.m3u8 lacks BANDWIDTH, RESOLUTION or CODECS for ${uri}`);
    }
    variants.push({
      uri,
      rendition: match[1]!,
      bandwidth,
      width: Number(resolution[1]),
      height: Number(resolution[2]),
      codecs,
    });
  });
  if (variants.length === 0) throw new PlaylistProblem('master.m3u8 lists no variant');
  return variants;
}

export function parseMediaPlaylist(text: string, what: string): MediaPlaylist {
  const all = lines(text);
  expectHeader(all, what);
  if (!all.includes('#EXT-X-ENDLIST')) throw new PlaylistProblem(`${what} is not a finished VOD playlist`);
  let map: string | null = null;
  const segments: Segment[] = [];
  all.forEach((line, i) => {
    if (line.startsWith('#EXT-X-MAP:')) {
      map = attributes(line.slice('#EXT-X-MAP:'.length)).get('URI') ?? null;
    } else if (line.startsWith('#EXTINF:')) {
      const duration = Number(line.slice('#EXTINF:'.length).split(',')[0]);
      const uri = all[i + 1] ?? '';
      checkRelative(uri, what);
      if (!SEGMENT_NAME.test(uri)) throw new PlaylistProblem(`${what} names ${uri}, not seg_NNNNN.m4s`);
      if (!(duration > 0)) throw new PlaylistProblem(`${what} gives ${uri} no duration`);
      segments.push({ uri, duration });
    }
  });
  if (map === null) throw new PlaylistProblem(`${what} has no #EXT-X-MAP (init segment)`);
  checkRelative(map, what);
  if (segments.length === 0) throw new PlaylistProblem(`${what} lists no segment`);
  const durationSeconds = Math.round(segments.reduce((sum, s) => sum + s.duration, 0) * 1000) / 1000;
  return { map, segments, durationSeconds };
}

/**
 * Wire shapes of streaming (signed-in sections 2 "user/home", "Streaming list", "Streaming detail",
 * "Video page", "Book redeem", 3, 4, 7, 8, 9): the list, the detail, the video page, favourites,
 * terms, watch tracking, book codes and the signed media route. Field names are the spec's (upper
 * case as the catalog's). Types and constants only: nothing here runs.
 *
 * Every call carries the Bearer token. Streaming calls need role `streaming` (403 "You do not have
 * access to this resource." without it: the web app logs out on a plain 403, signed-in section 8, so
 * the screens only call them for a streaming user). Redeem needs a login only.
 *
 * Endpoints (all under /api):
 *   GET    /api/streaming                                   -> StreamListResponse
 *   GET    /api/streaming/home                              -> UserHomeResponse
 *   GET    /api/streaming/:productId                        -> StreamDetailResponse
 *            404 NOT_AUTHORIZED ("You are not authorized to view this resource") for a product the
 *            customer may not watch or that does not exist; 400 for a non-numeric id
 *   GET    /api/streaming/:productId/videos/:videoId        -> StreamVideoResponse      (404 NOT_AUTHORIZED as above)
 *   POST   /api/streaming/:productId/terms                  TermsRequest -> TermsResponse (404 NOT_AUTHORIZED)
 *   POST   /api/streaming/favorites                         FavoriteRequest -> FavoritesResponse (404 unknown product)
 *   DELETE /api/streaming/favorites/:productId              -> FavoritesResponse
 *   POST   /api/streaming/viewings                          VideoStartRequest -> ViewingResponse  ("store streaming start")
 *   POST   /api/streaming/viewings/:viewingId/progress      WatchReportRequest -> ViewingResponse ("over ten minutes")
 *   POST   /api/redeem                                      RedeemRequest -> RedeemResponse
 *            400 "Code is required." (empty), 400 REDEEM_UNKNOWN_CODE, 409 REDEEM_USED_CODE
 *   GET    /api/media/{path}?token=...                      the file (200, or 206 for a Range request)
 *            path inside the media folder: video/sample-1.mp4 (captions video/sample-1.vtt), or
 *            books/{productId}/{file}.pdf (the documents of product 215).
 *            Only through a signed URL from the calls above. The token is bound to the customer's
 *            session and expires (MEDIA_URL_TTL_SECONDS, 15 minutes by default): a copied URL fails
 *            (403 "This media link is not valid.") after logout, in another account's session, or after
 *            expiry. The video call also sets an HttpOnly cookie `media_session` (Path=/api/media) that
 *            the browser's <video>/<a> requests send by themselves (the detail call sets it too); a
 *            media request must carry that cookie of the same session. When the player errors after
 *            the link's expiry (EXPIRES_IN), fetch the video call again and resume at currentTime.
 *            Answers `Accept-Ranges: bytes`; `Range: bytes=a-b` answers 206 with `Content-Range`; an
 *            unsatisfiable range 416 with `Content-Range: bytes * /{size}` (without the space).
 */

/** Category ids of the streaming side menu (signed-in section 2, "Streaming list"). */
export const STREAM_CATEGORY_FAVORITES = -1;
export const STREAM_CATEGORY_USER_HOME = -2;
export const STREAM_CATEGORY_PURCHASED = -3;
export const STREAM_CATEGORY_ALL = 0;
export const STREAM_CATEGORY_ELEARNING = 17;
export const STREAM_CATEGORY_SPECIAL = 18;

export const STREAM_PAGE_SIZES = [24, 48, 96] as const;
export const STREAM_PAGE_SIZES_MOBILE = [48, 96, 144] as const;
export const DEFAULT_STREAM_PAGE_SIZE = 48;
export const DEFAULT_STREAM_PAGE_SIZE_MOBILE = 96;
/** The client keeps the list this long (signed-in section 9), and drops it after a purchase or a redeem. */
export const STREAM_LIST_CACHE_MS = 10 * 60 * 1000;
export const STREAM_SORTS = ['NAME_ASC', 'NAME_DESC', 'PUBDATE_DESC', 'PUBDATE_ASC'] as const;
export type StreamSort = (typeof STREAM_SORTS)[number];
export const DEFAULT_STREAM_SORT: StreamSort = 'PUBDATE_DESC';

/** Watch tracking (signed-in sections 4 and 9). */
export const WATCH_REPORT_INTERVAL_SECONDS = 60;
export const LONG_VIEW_SECONDS = 600;
export const PLAYER_SETUP_DELAY_MS = 750;
export const FAVORITE_SNACKBAR_MS = 6000;
/** Plan type of a long view (signed-in section 6): 1 qmpcomplete, 2 streaming_all, 0 neither (access another way). */
export type PlanType = 0 | 1 | 2;

/** Messages, word for word (signed-in sections 2, 4 and 8). */
export const NOT_AUTHORIZED = 'You are not authorized to view this resource';
export const CODE_REQUIRED = 'Code is required.';
export const REDEEM_UNKNOWN_CODE = 'This code is not valid. Check the code inside your book cover and try again.';
export const REDEEM_USED_CODE = 'This code has already been redeemed.';
export const REDEEM_SUCCESS = 'Your code was redeemed. The videos of this book are now in your streaming account.';
export const FAVORITE_SAVED = (product: string): string => `${product} saved to favorites`;
export const FAVORITE_REMOVE_CONFIRM = 'Are you sure you want to remove this favorite?';
export const TERMS_CHECKBOX = 'I have read, fully understand, and agree to the above terms.';
export const TERMS_BUTTON = 'Agree to Terms';
export const NO_RESULTS = 'No results found';
export const MEDIA_LINK_INVALID = 'This media link is not valid.';

/** A video of a stream product (DATA[].TITLES[]). URL is a signed media URL only in the video call. */
export interface StreamTitle {
  ID: number;
  TITLE: string;
  /** In the list and detail: the page path `/streams/details/{productId}/{ID}` is built by the client; URL is null there. */
  URL: string | null;
}

/** One row of the documents table (product 215): several files for some entries. */
export interface StreamDocument {
  TITLE: string;
  FILES: { NAME: string; URL: string }[];
}

/** Stream product (signed-in section 3). */
export interface StreamProduct {
  ID: number;
  PRODUCTNAME: string;
  /** HTML, sanitised on import. */
  DESCR: string;
  /** YYYY-MM-DD */
  PUBDATE: string;
  /** Video count. */
  TOTAL: number;
  /** Category ids. */
  CATSUBCATS: number[];
  SPONSORED: 0 | 1;
  /** 1 when the customer holds the product itself (bought or redeemed), not only through a subscription. */
  PURCHASED: 0 | 1;
  /** Faculty names, comma separated. */
  FACULTY: string;
  /** 1 for eLearning (category 10 or 17). */
  ELEARNING: 0 | 1;
  /** Product image path, e.g. assets/img/products/250/250.jpeg. */
  PATH: string;
  /** CME credits of the product (0 none). */
  CME: number;
  SAFETYCREDITS: number;
  /** Table of contents (video titles, one per line). */
  TOC: string;
  /** The subscription that opens it for this customer ('qmpcomplete', 'streaming_all', 'elearning'), or '' (own product). */
  PACKAGE: string;
  DATA: { TITLES: StreamTitle[] }[];
}

/** GET /api/streaming: every product the customer may watch, plus favourite ids. */
export interface StreamListResponse {
  data: StreamProduct[];
  favorites: number[];
}

/** GET /api/streaming/:productId (DOCUMENTS only for products that have them, e.g. 215). */
export interface StreamDetailResponse {
  data: StreamProduct & { DOCUMENTS: StreamDocument[] };
}

/** A video of the video call: URL signed, CAPTIONS a signed .vtt URL or null. */
export interface StreamVideo {
  ID: number;
  TITLE: string;
  URL: string;
  CAPTIONS: string | null;
  /** Seconds to resume at (0 from the start, and once the video was watched to its end). */
  POSITION: number;
  /** The imported adaptive media, or null for a title with one progressive file. */
  MEDIA: StreamVideoMedia | null;
}

/** GET /api/streaming/:productId/videos/:videoId (signed-in section 3 "Streaming video response"). */
export interface StreamVideoResponse {
  data: { PRODUCTID: number; PRODUCTNAME: string; VIDEOS: StreamVideo[] }[];
  /** true: show the Terms of Use box instead of the player (URL is then empty until accepted). */
  CONFIRM: boolean;
  /** The terms text (HTML) when CONFIRM is true, else ''. */
  TERMS: string;
  /** Seconds until the signed URLs stop working. */
  EXPIRES_IN: number;
}

/** POST /api/streaming/:productId/terms */
export interface TermsRequest {
  PRODUCTID?: number;
}
export interface TermsResponse {
  saved: true;
}

/** POST /api/streaming/favorites; DELETE /api/streaming/favorites/:productId */
export interface FavoriteRequest {
  PRODUCTID: number;
}
export interface FavoritesResponse {
  favorites: number[];
}

/** POST /api/streaming/viewings ("store streaming start"): the first play of a viewing. */
export interface VideoStartRequest {
  PRODUCTID: number;
  VIDEOID: number;
  /** A uuid the client made for this viewing (a page load of the video); the server makes one when absent. */
  VIEWINGID?: string;
}

/**
 * POST /api/streaming/viewings/:viewingId/progress: the heartbeat, every 60 s while the player is on
 * the page (playing or paused: it also renews the playback's access), and at pause, end and leaving.
 */
export interface WatchReportRequest {
  /** The media intervals played since the last heartbeat, [from, to] in seconds of the video (may be empty). */
  INTERVALS: [number, number][];
  /** The player's current position in seconds (the resume point). */
  POSITION?: number;
}

export interface ViewingResponse {
  VIEWINGID: string;
  /**
   * Unique seconds watched in this viewing so far: the reported intervals merged, only where the
   * server served the media to this viewing, never more than the wall-clock time since it started.
   */
  WATCHED: number;
  /** true once the viewing passed 600 s (LongViewReached recorded). */
  LONGVIEW: boolean;
  /** true: stop reporting (the long view is recorded). */
  STOP: boolean;
  PLANTYPE: PlanType;
  /** Seconds the playback's access now lasts (renewed by this heartbeat); 0 for a start. */
  EXPIRES_IN: number;
}

/** POST /api/redeem */
export interface RedeemRequest {
  code: string;
}
export interface RedeemResponse {
  /** The spec's success flag. */
  OPEN: true;
  message: string;
  PRODUCTID: number;
  PRODUCTNAME: string;
}

/** A tile of user/home: LINK starting with http opens a new window, otherwise an in-app path. */
export interface UserHomeTile {
  TITLE: string;
  IMAGE: string;
  LINK: string;
}

/** A stream category of the side menus (user/home and streaming). */
export interface StreamCategory {
  ID: number;
  NAME: string;
}

/** GET /api/streaming/home */
export interface UserHomeResponse {
  categories: StreamCategory[];
  tiles: UserHomeTile[];
}

/*
 * Adaptive streaming (HLS), playbacks and watch evidence.
 *
 *   POST /api/streaming/playbacks                      PlaybackRequest -> PlaybackResponse
 *          opens a playback of one video for this page load (the lease the media is served under);
 *          sets the media cookie; 404 NOT_AUTHORIZED, 403 MEDIA_TERMS_DUE (terms not accepted)
 *   GET  /api/streaming/playbacks/{viewingId}          -> PlaybackStateResponse: the lease is still this
 *          page's (the player asks every LEASE_CHECK_SECONDS while its viewing runs); 409
 *          PLAYBACK_ELSEWHERE once another page or device of the account started playing; 404
 *          NOT_AUTHORIZED for a viewing that is not the account's; 401 once the session ended (a login elsewhere)
 *   GET  /api/hls/{token}/{file...}                    the playback's media: master.m3u8,
 *          {rendition}/index.m3u8, {rendition}/init.mp4, {rendition}/seg_00001.m4s, poster.jpg,
 *          thumbnails.vtt, thumbnails.jpg, captions.vtt, chapters.vtt, or `progressive` (the title's
 *          single file, Range answers 206, for a title without imported media).
 *          403 PLAYBACK_ACCESS_ENDED (expired, logged out, another browser, tampered token),
 *          403 PLAYBACK_ELSEWHERE (the account started playing on another device), 404 no such file.
 *   GET  /api/account/player                           -> PlayerPreferences
 *   PUT  /api/account/player                           PlayerPreferences -> PlayerPreferences
 */

/** Without a heartbeat a playback's access ends this long after the last one (each heartbeat renews it). */
export const PLAYBACK_ACCESS_SECONDS = 180;
/** The heartbeat interval while the page shows a player, playing or paused (the spec's 60-second polling). */
export const HEARTBEAT_SECONDS = WATCH_REPORT_INTERVAL_SECONDS;
/**
 * While a viewing runs, the player asks this often whether its playback is still the account's one
 * (GET /api/streaming/playbacks/{viewingId}): another device's play stops this page within seconds,
 * not at the next heartbeat or once the buffer runs out.
 */
export const LEASE_CHECK_SECONDS = 2;
/** The most intervals one heartbeat may carry. */
export const MAX_HEARTBEAT_INTERVALS = 200;
/** A chapter counts as covered once this share of its length was watched. */
export const CHAPTER_COVERED_SHARE = 0.5;
/** The playback speeds the player offers (remembered per account). */
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

export const PLAYBACK_ELSEWHERE = 'This account started playing a video on another device, so playback stopped here.';
export const PLAYBACK_ACCESS_ENDED = 'This playback has ended. Reload the page to watch again.';
/** Shown once the video has waited for data for STALL_MESSAGE_SECONDS while it should play, with "Try again". */
export const PLAYBACK_STALLED = 'The video stopped loading. Check your connection, then try again.';
/** A stall (playing, the buffer empty) this long shows PLAYBACK_STALLED; the buffering indicator shows at once. */
export const STALL_MESSAGE_SECONDS = 15;
export const HEARTBEAT_INVALID = 'The watched intervals are not valid for this video.';

/** GET /api/streaming/playbacks/{viewingId}: the playback is live on this page. */
export interface PlaybackStateResponse {
  VIEWINGID: string;
  LIVE: true;
  /** Seconds the playback's access lasts without another heartbeat. */
  EXPIRES_IN: number;
}

/** A chapter of a video's table of contents: START seconds from the beginning. */
export interface StreamChapter {
  START: number;
  TITLE: string;
}

/** An adaptive rendition of a video (the HLS ladder). */
export interface StreamRendition {
  /** '360p', '720p', '1080p' */
  NAME: string;
  WIDTH: number;
  HEIGHT: number;
  /** Peak bits per second (the master playlist's BANDWIDTH). */
  BANDWIDTH: number;
}

/** What the video call tells of a video's imported media (null for a title with a single progressive file). */
export interface StreamVideoMedia {
  DURATION: number;
  RENDITIONS: StreamRendition[];
  CHAPTERS: StreamChapter[];
  CAPTIONS: boolean;
}

/** POST /api/streaming/playbacks */
export interface PlaybackRequest {
  PRODUCTID: number;
  VIDEOID: number;
  /** The client's uuid of this viewing (a page load of the player); the same id the viewing calls use. */
  VIEWINGID: string;
}

/** The playback's addresses: every one carries the playback's opaque token and works for this browser only. */
export interface PlaybackResponse {
  VIEWINGID: string;
  /** 'hls': SRC is a master playlist; 'progressive': SRC is the single file (Range requests). */
  KIND: 'hls' | 'progressive';
  SRC: string;
  POSTER: string | null;
  /** WebVTT thumbnails track for scrubbing (sprite coordinates), null without imported media. */
  THUMBNAILS: string | null;
  CAPTIONS: string | null;
  /** WebVTT chapters track, null when the video has no chapters. */
  CHAPTERS: string | null;
  /** Seconds the access lasts without a heartbeat. */
  EXPIRES_IN: number;
}

/** GET/PUT /api/account/player: remembered per account, across devices. */
export interface PlayerPreferences {
  SPEED: PlaybackSpeed;
  CAPTIONS: boolean;
}

import { ApiProperty } from '@nestjs/swagger';
import type {
  FavoritesResponse,
  PlaybackResponse,
  PlaybackStateResponse,
  StreamChapter,
  StreamRendition,
  StreamVideoMedia,
  RedeemResponse,
  StreamCategory,
  StreamDetailResponse,
  StreamDocument,
  StreamListResponse,
  StreamProduct,
  StreamTitle,
  StreamVideo,
  StreamVideoResponse,
  TermsResponse,
  UserHomeResponse,
  UserHomeTile,
  ViewingResponse,
} from '#libs/contracts/streaming.js';

/** Response shapes of streaming for the OpenAPI document (libs/contracts/streaming.ts). */
export class StreamTitleDto implements StreamTitle {
  @ApiProperty() ID!: number;
  @ApiProperty() TITLE!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null in the list and detail' }) URL!: string | null;
}

export class StreamTitlesDto {
  @ApiProperty({ type: [StreamTitleDto] }) TITLES!: StreamTitleDto[];
}

export class StreamProductDto implements StreamProduct {
  @ApiProperty() ID!: number;
  @ApiProperty() PRODUCTNAME!: string;
  @ApiProperty({ description: 'HTML' }) DESCR!: string;
  @ApiProperty({ example: '2024-07-17' }) PUBDATE!: string;
  @ApiProperty({ description: 'Video count' }) TOTAL!: number;
  @ApiProperty({ type: [Number] }) CATSUBCATS!: number[];
  @ApiProperty({ enum: [0, 1] }) SPONSORED!: 0 | 1;
  @ApiProperty({ enum: [0, 1] }) PURCHASED!: 0 | 1;
  @ApiProperty() FACULTY!: string;
  @ApiProperty({ enum: [0, 1] }) ELEARNING!: 0 | 1;
  @ApiProperty() PATH!: string;
  @ApiProperty() CME!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty() TOC!: string;
  @ApiProperty({ enum: ['', 'qmpcomplete', 'streaming_all', 'elearning'] }) PACKAGE!: string;
  @ApiProperty({ type: [StreamTitlesDto] }) DATA!: StreamTitlesDto[];
}

export class StreamListDto implements StreamListResponse {
  @ApiProperty({ type: [StreamProductDto] }) data!: StreamProductDto[];
  @ApiProperty({ type: [Number], description: 'Favourite product ids' }) favorites!: number[];
}

export class StreamDocumentFileDto {
  @ApiProperty() NAME!: string;
  @ApiProperty({ description: 'Signed media URL' }) URL!: string;
}

export class StreamDocumentDto implements StreamDocument {
  @ApiProperty() TITLE!: string;
  @ApiProperty({ type: [StreamDocumentFileDto] }) FILES!: StreamDocumentFileDto[];
}

export class StreamDetailProductDto extends StreamProductDto {
  @ApiProperty({ type: [StreamDocumentDto] }) DOCUMENTS!: StreamDocumentDto[];
}

export class StreamDetailDto implements StreamDetailResponse {
  @ApiProperty({ type: StreamDetailProductDto }) data!: StreamDetailProductDto;
}

export class StreamRenditionDto implements StreamRendition {
  @ApiProperty({ example: '720p' }) NAME!: string;
  @ApiProperty() WIDTH!: number;
  @ApiProperty() HEIGHT!: number;
  @ApiProperty({ description: 'Peak bits per second' }) BANDWIDTH!: number;
}

export class StreamChapterDto implements StreamChapter {
  @ApiProperty({ description: 'Seconds from the beginning' }) START!: number;
  @ApiProperty() TITLE!: string;
}

export class StreamVideoMediaDto implements StreamVideoMedia {
  @ApiProperty({ description: 'Seconds' }) DURATION!: number;
  @ApiProperty({ type: [StreamRenditionDto] }) RENDITIONS!: StreamRenditionDto[];
  @ApiProperty({ type: [StreamChapterDto] }) CHAPTERS!: StreamChapterDto[];
  @ApiProperty() CAPTIONS!: boolean;
}

export class StreamVideoDto implements StreamVideo {
  @ApiProperty() ID!: number;
  @ApiProperty() TITLE!: string;
  @ApiProperty({ description: 'Signed media URL; empty while CONFIRM is true' }) URL!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Signed captions (.vtt) URL' }) CAPTIONS!: string | null;
  @ApiProperty({ description: 'Resume position, seconds (0 once the video was watched to within 5 s of its end)' })
  POSITION!: number;
  @ApiProperty({
    type: StreamVideoMediaDto,
    nullable: true,
    description: 'The imported adaptive media; null for a title with one progressive file',
  })
  MEDIA!: StreamVideoMediaDto | null;
}

export class StreamVideoProductDto {
  @ApiProperty() PRODUCTID!: number;
  @ApiProperty() PRODUCTNAME!: string;
  @ApiProperty({ type: [StreamVideoDto] }) VIDEOS!: StreamVideoDto[];
}

export class StreamVideoResponseDto implements StreamVideoResponse {
  @ApiProperty({ type: [StreamVideoProductDto] }) data!: StreamVideoProductDto[];
  @ApiProperty() CONFIRM!: boolean;
  @ApiProperty({ description: 'Terms of Use (HTML) while CONFIRM is true' }) TERMS!: string;
  @ApiProperty() EXPIRES_IN!: number;
}

export class TermsResponseDto implements TermsResponse {
  @ApiProperty({ enum: [true] }) saved!: true;
}

export class FavoritesResponseDto implements FavoritesResponse {
  @ApiProperty({ type: [Number] }) favorites!: number[];
}

export class ViewingResponseDto implements ViewingResponse {
  @ApiProperty() VIEWINGID!: string;
  @ApiProperty({ description: 'Unique seconds watched in this viewing (served media only, at most the wall clock)' })
  WATCHED!: number;
  @ApiProperty() LONGVIEW!: boolean;
  @ApiProperty({ description: 'The long view is recorded (heartbeats still renew the access)' }) STOP!: boolean;
  @ApiProperty({ enum: [0, 1, 2] }) PLANTYPE!: 0 | 1 | 2;
  @ApiProperty({ description: "Seconds the playback's access lasts after this heartbeat (0 for a start)" })
  EXPIRES_IN!: number;
}

export class PlaybackResponseDto implements PlaybackResponse {
  @ApiProperty() VIEWINGID!: string;
  @ApiProperty({ enum: ['hls', 'progressive'] }) KIND!: 'hls' | 'progressive';
  @ApiProperty({ description: '/api/hls/{token}/master.m3u8, or /api/hls/{token}/progressive' }) SRC!: string;
  @ApiProperty({ type: String, nullable: true }) POSTER!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'WebVTT thumbnails (sprite coordinates)' })
  THUMBNAILS!: string | null;
  @ApiProperty({ type: String, nullable: true }) CAPTIONS!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'WebVTT chapters' }) CHAPTERS!: string | null;
  @ApiProperty({ description: 'Seconds the access lasts without a heartbeat' }) EXPIRES_IN!: number;
}

export class PlaybackStateResponseDto implements PlaybackStateResponse {
  @ApiProperty() VIEWINGID!: string;
  @ApiProperty({ enum: [true] }) LIVE!: true;
  @ApiProperty({ description: 'Seconds the access lasts without another heartbeat' }) EXPIRES_IN!: number;
}

export class RedeemResponseDto implements RedeemResponse {
  @ApiProperty({ enum: [true] }) OPEN!: true;
  @ApiProperty() message!: string;
  @ApiProperty() PRODUCTID!: number;
  @ApiProperty() PRODUCTNAME!: string;
}

export class StreamCategoryDto implements StreamCategory {
  @ApiProperty() ID!: number;
  @ApiProperty() NAME!: string;
}

export class UserHomeTileDto implements UserHomeTile {
  @ApiProperty() TITLE!: string;
  @ApiProperty() IMAGE!: string;
  @ApiProperty({ description: 'Starting with http: opens a new window; else an in-app path' }) LINK!: string;
}

export class UserHomeDto implements UserHomeResponse {
  @ApiProperty({ type: [StreamCategoryDto] }) categories!: StreamCategoryDto[];
  @ApiProperty({ type: [UserHomeTileDto] }) tiles!: UserHomeTileDto[];
}

import { ApiProperty } from '@nestjs/swagger';
import type {
  FavoritesResponse,
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

export class StreamVideoDto implements StreamVideo {
  @ApiProperty() ID!: number;
  @ApiProperty() TITLE!: string;
  @ApiProperty({ description: 'Signed media URL; empty while CONFIRM is true' }) URL!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Signed captions (.vtt) URL' }) CAPTIONS!: string | null;
  @ApiProperty({ description: 'Resume position, seconds' }) POSITION!: number;
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
  @ApiProperty() WATCHED!: number;
  @ApiProperty() LONGVIEW!: boolean;
  @ApiProperty() STOP!: boolean;
  @ApiProperty({ enum: [0, 1, 2] }) PLANTYPE!: 0 | 1 | 2;
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

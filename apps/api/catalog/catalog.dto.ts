import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  DEFAULT_PRODUCT_PAGE_SIZE,
  DEFAULT_PRODUCT_SORT,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SORTS,
  type ProductSort,
} from '#libs/contracts/catalog.js';
import { PRODUCT_TYPES } from '#libs/catalog/catalog-files.js';

/** Query of GET /api/products (storefront sections 2 and 9). */
export class ProductListQueryDto {
  @ApiPropertyOptional({ description: 'Category id (0 = all videos, 14 = books); omitted = every product', minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'category must be a whole number ≥ 0.' })
  @Min(0, { message: 'category must be a whole number ≥ 0.' })
  @Max(2147483647, { message: 'category is too large.' })
  category?: number;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of NAME, DESCR and faculty data', maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'search must be text.' })
  @MaxLength(100, { message: 'search must be at most 100 characters.' })
  search?: string;

  @ApiPropertyOptional({ enum: PRODUCT_SORTS, default: DEFAULT_PRODUCT_SORT })
  @IsOptional()
  @IsIn(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(', ')}.` })
  sort?: ProductSort;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number ≥ 1.' })
  @Min(1, { message: 'page must be a whole number ≥ 1.' })
  @Max(1000000, { message: 'page is too large.' })
  page?: number;

  @ApiPropertyOptional({ enum: PRODUCT_PAGE_SIZES, default: DEFAULT_PRODUCT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsIn(PRODUCT_PAGE_SIZES, { message: `size must be one of ${PRODUCT_PAGE_SIZES.join(', ')}.` })
  size?: number;
}

// Response shapes for the OpenAPI document (libs/contracts/catalog.ts is the source of truth).

export class ProductPriceDto {
  @ApiProperty({ example: 'BOOK' }) TYPE!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'cents' }) PRICE!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'cents' }) SALE_PRICE!: number | null;
}

export class ProductFacultyDto {
  @ApiProperty() USERID!: number;
  @ApiProperty() FULLNAME!: string;
  @ApiProperty() LOCATION!: string;
}

export class PricingDto {
  @ApiProperty({ example: 'STREAMING' }) TYPE!: string;
  @ApiProperty({ description: 'cents' }) PRICE!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'cents' }) SALE_PRICE!: number | null;
}

export class SubscriptionTermDto {
  @ApiProperty({ enum: [1, 2, 3] }) YEARS!: number;
  @ApiProperty({ description: 'cents per year' }) PRICE!: number;
}

export class ProductListItemDto {
  @ApiProperty() ID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ description: 'NAME lower-cased, spaces to hyphens' }) SLUG!: string;
  @ApiProperty() SHORT_DESCR!: string;
  @ApiProperty({ enum: PRODUCT_TYPES }) TYPE!: string;
  @ApiProperty({ description: 'cents' }) PRICE!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'cents' }) SALE_PRICE!: number | null;
  @ApiProperty({ example: '2025-03-01' }) PUBDATE!: string;
  @ApiProperty({ enum: [0, 1], description: '0 physical, 1 streaming' }) STREAMING!: number;
  @ApiProperty({ description: 'pounds' }) SHIP_WEIGHT!: number;
  @ApiProperty({ type: String, nullable: true }) DEMOURL!: string | null;
  @ApiProperty({ type: [Number] }) CATEGORIES!: number[];
  @ApiProperty({ type: [ProductFacultyDto] }) productfaculty!: ProductFacultyDto[];
  @ApiProperty({ type: [ProductPriceDto] }) productprices!: ProductPriceDto[];
  @ApiProperty({ type: PricingDto, description: 'The price shown and charged (storefront section 3)' })
  PRICING!: PricingDto;
  @ApiProperty({ type: [SubscriptionTermDto] }) TERMS!: SubscriptionTermDto[];
  @ApiProperty() CREDITS!: number;
  @ApiProperty() CME_RESTRICTED!: boolean;
}

export class ProductDto extends ProductListItemDto {
  @ApiProperty({ description: 'Sanitised HTML' }) DESCR!: string;
}

export class ProductPageDto {
  @ApiProperty({ type: [ProductListItemDto] }) data!: ProductListItemDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty({ enum: PRODUCT_PAGE_SIZES }) size!: number;
}

export class ProductTitleDto {
  @ApiProperty() TITLEID!: number;
  @ApiProperty() POSITION!: number;
  @ApiProperty() TITLE!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'running time in seconds' }) DURATION!: number | null;
}

export class ProductFacultyMemberDto extends ProductFacultyDto {
  @ApiProperty({ example: 'assets/img/faculty/1009.jpeg' }) PHOTO!: string;
}

export class LibraryDto {
  @ApiProperty() VIDEO_SERIES!: number;
  @ApiProperty() ELEARNING_COURSES!: number;
}

export class ProductDetailDto extends ProductDto {
  @ApiProperty({ type: [ProductTitleDto], description: 'The videos, in order' }) TITLES!: ProductTitleDto[];
  @ApiProperty({ type: [ProductFacultyMemberDto] }) FACULTY!: ProductFacultyMemberDto[];
  @ApiProperty({ type: [ProductListItemDto], description: 'Up to 4 products of the same categories' })
  RELATED!: ProductListItemDto[];
  @ApiProperty({ type: LibraryDto, nullable: true, description: 'For a subscription: what it opens' })
  LIBRARY!: LibraryDto | null;
}

export class ProductBodyDto {
  @ApiProperty({ type: ProductDetailDto }) data!: ProductDetailDto;
}

export class CategoryDto {
  @ApiProperty() ID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ type: Number, nullable: true }) PARENT!: number | null;
  @ApiProperty({ description: 'Shown in the side menu' }) MENU!: boolean;
}

export class CategoriesBodyDto {
  @ApiProperty({ type: [CategoryDto] }) data!: CategoryDto[];
}

export class FacultySummaryDto {
  @ApiProperty() USERID!: number;
  @ApiProperty() FULLNAME!: string;
  @ApiProperty({ description: 'HTML' }) BIO!: string;
  @ApiProperty() LOCATION!: string;
  @ApiProperty({ example: 'assets/img/faculty/12.jpeg' }) PHOTO!: string;
  @ApiProperty() PRODUCTCOUNT!: number;
}

export class FacultyProductInfoDto {
  @ApiProperty() ID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ description: 'A category of the product; 10 when it is linked to eLearning' }) PRODCATID!: number;
}

export class FacultyDto extends FacultySummaryDto {
  @ApiProperty({ type: [FacultyProductInfoDto] }) PRODUCTSINFO!: FacultyProductInfoDto[];
}

export class FacultyListBodyDto {
  @ApiProperty({ type: [FacultySummaryDto] }) data!: FacultySummaryDto[];
}

export class FacultyBodyDto {
  @ApiProperty({ type: [FacultyDto], description: 'One element (the spec reads the first)' }) data!: FacultyDto[];
}

export class MeetingSummaryDto {
  @ApiProperty() ID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Menu label; null means NAME' }) MENU_LABEL!: string | null;
  @ApiProperty() HIDDEN_IN_MENU!: boolean;
  @ApiProperty() START_DATE!: string;
  @ApiProperty() END_DATE!: string;
  @ApiProperty() CITY!: string;
}

export class VenueDto {
  @ApiProperty() NAME!: string;
  @ApiProperty() ADDRESS!: string;
}

export class HotelDto {
  @ApiProperty() NAME!: string;
  @ApiProperty() ADDRESS!: string;
  @ApiProperty() PHONE!: string;
  @ApiProperty() NOTE!: string;
}

export class MeetingOptionDto {
  @ApiProperty() PRODUCTID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ enum: PRODUCT_TYPES }) TYPE!: string;
  @ApiProperty({ description: 'cents' }) PRICE!: number;
}

export class ProgramEntryDto {
  @ApiProperty() DAY!: string;
  @ApiProperty() TIME!: string;
  @ApiProperty() TITLE!: string;
  @ApiProperty() SPEAKERS!: string;
}

export class MeetingDto extends MeetingSummaryDto {
  @ApiProperty({ description: 'HTML' }) DETAILS!: string;
  @ApiProperty({ type: VenueDto, nullable: true }) VENUE!: VenueDto | null;
  @ApiProperty({ type: HotelDto, nullable: true }) HOTEL!: HotelDto | null;
  @ApiProperty({ type: [MeetingOptionDto] }) OPTIONS!: MeetingOptionDto[];
  @ApiProperty({ description: 'HTML' }) VIRTUAL!: string;
  @ApiProperty({ type: [FacultySummaryDto] }) FACULTY!: FacultySummaryDto[];
  @ApiProperty({ type: [ProgramEntryDto] }) PROGRAM!: ProgramEntryDto[];
}

export class MeetingListBodyDto {
  @ApiProperty({ type: [MeetingSummaryDto] }) data!: MeetingSummaryDto[];
}

export class MeetingBodyDto {
  @ApiProperty({ type: MeetingDto }) data!: MeetingDto;
}

export class ShortPathDto {
  @ApiProperty() PATH!: string;
  @ApiProperty({ type: Number, nullable: true }) MEETING_ID!: number | null;
  @ApiProperty({ type: String, nullable: true, enum: ['details', 'choose', 'virtual', 'faculty', 'program'] })
  TAB!: string | null;
  @ApiProperty({ type: Number, nullable: true }) PRODUCT_ID!: number | null;
}

export class ShortPathsBodyDto {
  @ApiProperty({ type: [ShortPathDto] }) data!: ShortPathDto[];
}

export class CountryDto {
  @ApiProperty({ example: 'USA' }) code!: string;
  @ApiProperty() name!: string;
}

export class StateDto {
  @ApiProperty({ example: 'MO' }) key!: string;
  @ApiProperty() value!: string;
}

export class ReferenceDataDto {
  @ApiProperty({ type: [String] }) specialties!: string[];
  @ApiProperty({ type: [String] }) statuses!: string[];
  @ApiProperty({ type: [String] }) suffixes!: string[];
  @ApiProperty({ type: [String] }) profileSubscriptionTypes!: string[];
  @ApiProperty({ type: [StateDto], description: 'NOTUS first' }) states!: StateDto[];
  @ApiProperty({ type: [CountryDto], description: 'By name' }) countries!: CountryDto[];
  @ApiProperty({ type: [String], example: ['USA', 'GBR'] }) commonCountries!: string[];
  @ApiProperty({ type: [String], example: ['USA', 'AUS', 'BRA', 'CAN', 'DEU', 'NLD', 'GBR'] })
  checkoutCommonCountries!: string[];
}

export class ShippingRateDto {
  @ApiProperty({ example: 'USA' }) COUNTRY!: string;
  @ApiProperty({ enum: [1, 2, 3, 4, 5] }) zone!: number;
  @ApiProperty({ description: 'cents' }) onetofour!: number;
  @ApiProperty({ description: 'cents' }) fivetoten!: number;
  @ApiProperty({ description: 'cents' }) eleventotwenty!: number;
  @ApiProperty({ description: 'cents' }) twentyplus!: number;
  @ApiProperty({ description: 'cents' }) expeditedfee!: number;
}

export class ShippingRatesBodyDto {
  @ApiProperty({ type: [ShippingRateDto] }) data!: ShippingRateDto[];
}

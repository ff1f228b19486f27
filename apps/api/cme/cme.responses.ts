import { ApiProperty } from '@nestjs/swagger';
import {
  CME_TEST_TYPES,
  type CmeAnsweredQuestion,
  type CmeCertificateActivity,
  type CmeCertificateInfo,
  type CmeCertificateStatements,
  type CmeExistingRecord,
  type CmeQuestion,
  type CmeSummaryResponse,
  type CmeSummaryRow,
  CME_TEST_STATES,
  type CmeTestListItem,
  type CmeTestListResponse,
  type CmeTestResponse,
  type CmeTestState,
  type CmeTestSaveResponse,
  type CmeTestType,
  type CmeVerifyResponse,
  CME_CERTIFICATE_STATUSES,
  type CmeCertificateStatus,
  CME_RECORD_OUTCOMES,
  type CmeRecordOutcome,
} from '#libs/contracts/cme.js';

const OUTCOME = ApiProperty({
  enum: CME_RECORD_OUTCOMES,
  description:
    'completed: credits that count, a completed activity; not_passed (no right answer) and over_cap (the yearly cap left nothing): an attempt without credit',
});
const CORRECT = ApiProperty({
  type: 'integer',
  minimum: 0,
  maximum: 4,
  description: 'How many answers were right, never which',
});

/** OpenAPI shapes of the CME answers (libs/contracts/cme.ts). */
export class CmeSummaryRowDto implements CmeSummaryRow {
  @ApiProperty() ID!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty() NAME!: string;
  @ApiProperty() TOTAL!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty({ enum: CME_TEST_TYPES }) TYPE!: CmeTestType;
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @OUTCOME OUTCOME!: CmeRecordOutcome;
  @CORRECT CORRECT!: number;
}

export class CmeSummaryDto implements CmeSummaryResponse {
  @ApiProperty({ type: 'integer' }) YEAR!: number;
  @ApiProperty() TOTALCREDIT!: number;
  @ApiProperty() SAFETYTOTAL!: number;
  @ApiProperty({ description: 'true when no date of birth is recorded' }) CMEINFOMISSING!: boolean;
  @ApiProperty({ type: [CmeSummaryRowDto] }) ROWS!: CmeSummaryRowDto[];
  @ApiProperty({ type: [Number] }) YEARS!: number[];
}

export class CmeQuestionDto implements CmeQuestion {
  @ApiProperty({ type: 'integer' }) NUMBER!: number;
  @ApiProperty() TEXT!: string;
  @ApiProperty({ type: [String], minItems: 4, maxItems: 4 }) OPTIONS!: string[];
}

export class CmeAnsweredQuestionDto implements CmeAnsweredQuestion {
  @ApiProperty({ type: 'integer' }) NUMBER!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 3 }) ANSWER!: number;
}

export class CmeExistingRecordDto implements CmeExistingRecord {
  @ApiProperty() ID!: string;
  @ApiProperty({ type: [CmeAnsweredQuestionDto] }) QUESTIONS!: CmeAnsweredQuestionDto[];
  @ApiProperty() TOTAL!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @OUTCOME OUTCOME!: CmeRecordOutcome;
  @CORRECT CORRECT!: number;
}

export class CmeTestDto implements CmeTestResponse {
  @ApiProperty({ enum: CME_TEST_TYPES }) TYPE!: CmeTestType;
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty() CREDITS!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty({ type: [CmeQuestionDto] }) QUESTIONS!: CmeQuestionDto[];
  @ApiProperty({ type: CmeExistingRecordDto, nullable: true }) RECORD!: CmeExistingRecordDto | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'A submit before this time is refused (409, the retake policy); null: a submit is open now',
  })
  RETAKE_OPENS_AT!: string | null;
  @ApiProperty({
    description: 'The product has videos: a long view of one after the last submit opens a retake at once',
  })
  RETAKE_BY_VIEWING!: boolean;
}

export class CmeTestListItemDto implements CmeTestListItem {
  @ApiProperty({ enum: CME_TEST_TYPES }) TYPE!: CmeTestType;
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @ApiProperty() NAME!: string;
  @ApiProperty({ description: 'The most the test gives' }) CREDITS!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty({ enum: CME_TEST_STATES }) STATE!: CmeTestState;
  @ApiProperty({ type: Number, nullable: true, description: 'Credits counted this year; null when not taken' })
  TOTAL!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) created_at!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'A retake_available test in its cooldown: when it opens; null when a submit is open now',
  })
  RETAKE_OPENS_AT!: string | null;
}

export class CmeTestListDto implements CmeTestListResponse {
  @ApiProperty({ type: 'integer' }) YEAR!: number;
  @ApiProperty({ type: [CmeTestListItemDto] }) TESTS!: CmeTestListItemDto[];
}

export class CmeTestSavedDto implements CmeTestSaveResponse {
  @ApiProperty() TOTAL!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty() USERCMEID!: string;
  @ApiProperty({ enum: [0, 1] }) CAPPED!: 0 | 1;
  @ApiProperty() YEARTOTAL!: number;
  @ApiProperty() MESSAGE!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When this test opens again (sooner after a long view of its video)',
  })
  RETAKE_OPENS_AT!: string;
  @OUTCOME OUTCOME!: CmeRecordOutcome;
  @CORRECT CORRECT!: number;
}

export class CmeCertificateActivityDto implements CmeCertificateActivity {
  @ApiProperty() NAME!: string;
  @ApiProperty({ type: 'integer' }) PRODUCTID!: number;
  @ApiProperty({ enum: CME_TEST_TYPES }) TYPE!: CmeTestType;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ description: 'The credits claimed' }) TOTAL!: number;
  @ApiProperty() SAFETYCREDITS!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The most the activity is designated for (version 3)' })
  MAXCREDITS!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The credit designation statement printed (version 3)' })
  DESIGNATION!: string | null;
}

/** What a version 3 certificate prints beside the credits (null on earlier versions). */
class CmeCertificateStatementsDto implements CmeCertificateStatements {
  @ApiProperty({ type: String, nullable: true, description: 'The accredited provider' }) PROVIDER!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The accreditation statement' })
  ACCREDITATION!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The licensing state (USPS code)' })
  LICENSESTATE!: string | null;
  @ApiProperty({ type: String, nullable: true }) LICENSENUMBER!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The ABMS board id' }) BOARDID!: string | null;
}

export class CmeCertificateInfoDto extends CmeCertificateStatementsDto implements CmeCertificateInfo {
  @ApiProperty() NUMBER!: string;
  @ApiProperty() NAME!: string;
  @ApiProperty({ type: 'integer' }) YEAR!: number;
  @ApiProperty() TOTALCREDIT!: number;
  @ApiProperty() SAFETYTOTAL!: number;
  @ApiProperty({ type: [CmeCertificateActivityDto] }) ACTIVITIES!: CmeCertificateActivityDto[];
  @ApiProperty() VERIFYURL!: string;
  @ApiProperty({ format: 'date-time' }) ISSUED_AT!: string;
  @ApiProperty({ description: 'SHA-256 (hex) of the PDF as issued' }) PDFSHA256!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The number this certificate superseded' })
  SUPERSEDES!: string | null;
}

export class CmeVerifyDto extends CmeCertificateStatementsDto implements CmeVerifyResponse {
  @ApiProperty() NUMBER!: string;
  @ApiProperty() NAME!: string;
  @ApiProperty({ type: 'integer' }) YEAR!: number;
  @ApiProperty({ type: [CmeCertificateActivityDto], description: 'As printed ([] for a version 1 certificate)' })
  ACTIVITIES!: CmeCertificateActivityDto[];
  @ApiProperty() TOTALCREDIT!: number;
  @ApiProperty() SAFETYTOTAL!: number;
  @ApiProperty({ format: 'date-time' }) ISSUED_AT!: string;
  @ApiProperty({ type: 'integer', enum: [1, 2, 3] }) VERSION!: number;
  @ApiProperty({ enum: CME_CERTIFICATE_STATUSES }) STATUS!: CmeCertificateStatus;
  @ApiProperty({ description: '"Valid", "Superseded by {number}" or "Revoked on {YYYY-MM-DD}: {reason}"' })
  STATUSTEXT!: string;
  @ApiProperty({ type: String, nullable: true }) SUPERSEDED_BY!: string | null;
  @ApiProperty({ type: String, nullable: true }) SUPERSEDES!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) REVOKED_AT!: string | null;
  @ApiProperty({ type: String, nullable: true }) REVOKE_REASON!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'SHA-256 (hex) of the PDF as issued' })
  PDFSHA256!: string | null;
  @ApiProperty({ description: 'A signed credential can be downloaded' }) CREDENTIAL!: boolean;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Whether the PDF (or ?sha256=) given is byte for byte the one issued; null when none was given',
  })
  PDFMATCH!: boolean | null;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  CME_ANSWERS_REQUIRED,
  CME_OPTIONS_PER_QUESTION,
  CME_QUESTIONS_PER_TEST,
  type CmeTestSaveRequest,
} from '#libs/contracts/cme.js';

/** POST /api/cme/tests/:TYPE/:ID: four answers, each a 0-based option index. */
export class CmeTestSaveDto implements CmeTestSaveRequest {
  @ApiProperty({
    type: [Number],
    minItems: CME_QUESTIONS_PER_TEST,
    maxItems: CME_QUESTIONS_PER_TEST,
    description: 'The chosen option of each question, 0-3, in question order',
    example: [0, 2, 1, 3],
  })
  @IsArray({ message: CME_ANSWERS_REQUIRED })
  @ArrayMinSize(CME_QUESTIONS_PER_TEST, { message: CME_ANSWERS_REQUIRED })
  @ArrayMaxSize(CME_QUESTIONS_PER_TEST, { message: CME_ANSWERS_REQUIRED })
  @IsInt({ each: true, message: CME_ANSWERS_REQUIRED })
  @Min(0, { each: true, message: CME_ANSWERS_REQUIRED })
  @Max(CME_OPTIONS_PER_QUESTION - 1, { each: true, message: CME_ANSWERS_REQUIRED })
  ANSWERS!: number[];

  @ApiPropertyOptional({ description: "The record being updated ('0' for a new one); informative only" })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  USERCMEID?: string;
}

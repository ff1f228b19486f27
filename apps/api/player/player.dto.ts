import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { PLAYBACK_SPEEDS, type PlaybackSpeed, type PlayerPreferences } from '#libs/contracts/streaming.js';

export const SPEED_MESSAGE = `SPEED must be one of ${PLAYBACK_SPEEDS.join(', ')}.`;
export const CAPTIONS_MESSAGE = 'CAPTIONS must be true or false.';

/** The player's speed and captions (libs/contracts/streaming.ts PlayerPreferences): the body of PUT and every answer. */
export class PlayerPreferencesDto implements PlayerPreferences {
  @ApiProperty({ enum: PLAYBACK_SPEEDS, type: Number, description: 'Playback speed; 1 until chosen' })
  @IsIn(PLAYBACK_SPEEDS, { message: SPEED_MESSAGE })
  SPEED!: PlaybackSpeed;

  @ApiProperty({ description: 'Captions shown (when the video has them); false until chosen' })
  @IsBoolean({ message: CAPTIONS_MESSAGE })
  CAPTIONS!: boolean;
}

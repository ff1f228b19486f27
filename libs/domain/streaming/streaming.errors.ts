import {
  CODE_REQUIRED,
  HEARTBEAT_INVALID,
  PLAYBACK_ELSEWHERE,
  REDEEM_UNKNOWN_CODE,
  REDEEM_USED_CODE,
} from '#libs/contracts/streaming.js';

/** The refusals of the streaming deciders: code -> the text a person sees (signed-in section 8). */
export const StreamingErrors = {
  code_required: CODE_REQUIRED,
  code_unknown: REDEEM_UNKNOWN_CODE,
  code_used: REDEEM_USED_CODE,
  viewing_not_started: 'This viewing was not started.',
  viewing_of_another: 'This viewing belongs to another account.',
  heartbeat_invalid: HEARTBEAT_INVALID,
  playback_elsewhere: PLAYBACK_ELSEWHERE,
} as const;

export type StreamingErrorCode = keyof typeof StreamingErrors;

import type { StreamingErrorCode } from '#libs/domain/streaming/streaming.errors.js';

/**
 * HTTP status of each streaming refusal (libs/domain/streaming/streaming.errors.ts), merged in
 * apps/api/domain-error-statuses.ts. The web shows the message of a redeem failure in its alert.
 */
export const streamingErrorStatus: Record<StreamingErrorCode, number> = {
  code_required: 400,
  code_unknown: 400,
  code_used: 409,
  viewing_not_started: 404,
  viewing_of_another: 404,
  heartbeat_invalid: 400,
  playback_elsewhere: 409,
};

/** The public surface of the streaming module (what other modules of apps/api may import). */
export { StreamingModule } from './streaming.module.js';
export { AddFavoriteCommand } from './streaming.messages.js';
export { PLAYBACK_LEASES_SCHEMA } from './playback-leases.js';
export { MediaFastPath } from './media-fast-path.js';
export { MediaServing } from './media-serving.js';

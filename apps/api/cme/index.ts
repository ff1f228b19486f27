export { cmeDecider, sha256Hex } from './cme-hash.js';
export { questionsOf } from './cme-questions.js';
export { SAFETY_CATEGORY_ID } from './cme-tests.js';

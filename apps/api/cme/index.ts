export { SubmitCmeTestCommand } from './cme.messages.js';
export { questionsOf } from './cme-questions.js';
export { SAFETY_CATEGORY_ID } from './cme-tests.js';

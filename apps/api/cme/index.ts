export { SubmitCmeTestCommand } from './cme.messages.js';
export { questionsOf } from './cme-questions.js';

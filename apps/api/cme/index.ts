export { SubmitCmeTestCommand } from './cme.messages.js';
export { questionsOf } from './cme-questions.js';
export { cmeAudit } from './cme-audit-report.js';
export { catalogActivityFacts } from './cme-audit-credits.js';

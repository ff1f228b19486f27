import { runGroup } from './run-group.js';

runGroup(__filename);

import { setFlagsFromString } from 'node:v8';

/**
 * For an operator command that streams a large log (`cme:audit`, `cme:seal`, `restore`; docs/performance.md): V8
 * lets the heap grow to several times what is live before a full collection when much is allocated and
 * soon dropped (a page of the log parsed, then let go), so the process's memory followed the log's size
 * although what it keeps does not. A heap growing by `percent` (V8's --heap-growing-percent) over what
 * the last full collection kept holds it near the live size, for a little more collecting. Set once, at
 * the start of the command's process (never in the shop's server).
 */
export function keepHeapNearLive(percent = 30): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

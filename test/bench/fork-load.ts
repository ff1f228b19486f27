import { fork } from 'node:child_process';

/**
 * Runs a load worker (`./x-load.worker.js`) in a process of its own, so the load does not share the
 * measured server's event loop or CPU time: sends it `job`, resolves with the one message it answers.
 */
export function forkLoad<Job, Result>(worker: URL, job: Job): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(worker);
    child.once('message', (result) => resolve(result as Result));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the load process exited with ${code}`)));
    child.send(job as object);
  });
}

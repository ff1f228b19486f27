const Sequencer = require('@jest/test-sequencer').default;

/**
 * Files that start processes of their own (a built shop with its own PostgreSQL, a broker, ffmpeg):
 * 10 to 50 s each, where most files take under a second.
 */
const SLOW = /[\\/]test[\\/](crash|backup|topology|media)[\\/]/;

/**
 * Jest's order (the failed first, then by the durations it remembers, else by file size) with the slow
 * files first. A fresh clone remembers no durations, and by size a 20 s file can be the last to start:
 * one worker then runs it alone while the other has nothing left (the step's last 20 s on one core).
 * Started first, the slow files run beside the many short ones, which fill the end.
 */
class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => SLOW.test(test.path)), ...sorted.filter((test) => !SLOW.test(test.path))];
  }
}

module.exports = SlowFirstSequencer;

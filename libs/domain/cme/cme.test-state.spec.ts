import { cmeTestState, testCredits } from './cme.test-state.js';

describe('the state of a CME test this year', () => {
  it('not taken without a record', () => {
    expect(cmeTestState(null, 2)).toBe('not_taken');
  });

  it('taken when the last submit earned all the test gives; a retake is available otherwise', () => {
    expect(cmeTestState({ correct: 4 }, 2)).toBe('taken');
    expect(cmeTestState({ correct: 3 }, 2)).toBe('retake_available');
    expect(cmeTestState({ correct: 0 }, 2)).toBe('retake_available');
    // A product worth 1 credit is earned in full with two right answers.
    expect(cmeTestState({ correct: 2 }, 1)).toBe('taken');
  });

  it('a test never gives more than four questions at 0.5', () => {
    expect(testCredits(4)).toBe(2);
    expect(testCredits(1.5)).toBe(1.5);
    expect(cmeTestState({ correct: 4 }, 4)).toBe('taken');
  });
});

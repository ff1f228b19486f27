import { cmeCreditsProblems, promisedCredits } from './cme-credits.js';

const row = (CREDITS: number, SHORT_DESCR = 'Sedation in the office.', TYPE = 'cme') => ({
  TYPE,
  CREDITS,
  SHORT_DESCR,
  DESCR: `<p>${SHORT_DESCR}</p>`,
});

describe('the import check of a CME product: it states what its test can give', () => {
  it('reads the credits a text promises, in digits or in words', () => {
    expect(promisedCredits('Four safety credits on sedation; 1.5 CME credits; one credit.')).toEqual([4, 1.5, 1]);
    expect(promisedCredits('Credits are capped; four questions after each video.')).toEqual([]);
  });

  it('refuses a module that promises more than four questions at 0.5 (module 160 as it was)', () => {
    expect(cmeCreditsProblems(row(4, 'Four safety credits on sedation.'))).toEqual([
      'CREDITS: 4 is more than a CME test can give (4 questions × 0.5 credit = 2)',
    ]);
  });

  it('refuses a text that promises other credits than CREDITS, and CREDITS that are not whole answers', () => {
    expect(cmeCreditsProblems(row(2, 'Four safety credits on sedation.'))).toEqual([
      'SHORT_DESCR: promises 4 credits where CREDITS is 2',
      'DESCR: promises 4 credits where CREDITS is 2',
    ]);
    expect(cmeCreditsProblems(row(1.25, 'Streaming.', 'STREAMING'))).toEqual([
      'CREDITS: 1.25 is not a whole number of answers at 0.5 credit',
    ]);
  });

  it('accepts what a test can give, no credits, and the CME package (the year’s allowance, no test)', () => {
    expect(cmeCreditsProblems(row(2, 'Two safety credits on sedation.'))).toEqual([]);
    expect(cmeCreditsProblems(row(1.5, 'A video series.', 'STREAMING'))).toEqual([]);
    expect(cmeCreditsProblems(row(0, 'Add the CME Credit Package to earn up to 20 credits.', 'qmpcomplete'))).toEqual(
      [],
    );
    expect(cmeCreditsProblems(row(20, 'Earn up to 20 CME credits.'))).toEqual([]);
    expect(cmeCreditsProblems(row(20, 'Earn up to 20 CME credits.', 'STREAMING'))).toHaveLength(1);
  });
});

import type { CmePrintFacts, SubmitCmeTest } from './cme.commands.js';

/** The answer key of the tests' test products: the right option of each question. */
export const TEST_KEY = [0, 1, 2, 3];

/**
 * A submit of customer c1's test of a product in 2024 (2 credits, not safety, the video watched long
 * enough never), for the CME deciders' given/when/then specs; `over` sets what a case is about.
 */
export function submitCommand(productId: number, over: Partial<SubmitCmeTest> = {}): SubmitCmeTest {
  return {
    type: 'SubmitCmeTest',
    customerId: 'c1',
    year: 2024,
    newRecordId: `r${productId}`,
    testType: 'streaming',
    productId,
    productName: `Product ${productId}`,
    productCredits: 2,
    safety: false,
    answers: [0, 1, 2, 0],
    key: TEST_KEY,
    now: '2024-05-01T10:00:00.000Z',
    lastLongViewAt: null,
    retakeByViewing: true,
    ...over,
  };
}

/**
 * What the certificate handler looks up beside the stream, for the certificate specs: the name, the
 * configured statements, the licence, the catalog's credits.
 */
export const PRINT_FACTS: CmePrintFacts = {
  name: 'Morgan Credits, MD',
  provider: {
    name: 'Example CME Provider',
    accreditationStatement:
      'The {provider} is accredited by the ACCME to provide continuing medical education for physicians.',
    designationStatement: 'The {provider} designates this enduring material for a maximum of {credits}.',
    creditName: { one: 'AMA PRA Category 1 Credit™', other: 'AMA PRA Category 1 Credits™' },
  },
  licence: { licenseState: 'MO', licenseNumber: '2004018352', boardId: null },
  maxCredits: { 251: 2, 258: 1, 263: 2 },
};

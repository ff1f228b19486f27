/** Kinds of CME tests: the route cme/{TYPE}/{ID}. `streaming`: a streaming product with CREDITS; `module`: a CME module (product TYPE cme). */
export const CME_TEST_TYPES = ['streaming', 'module'] as const;
export type CmeTestType = (typeof CME_TEST_TYPES)[number];

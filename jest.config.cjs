/** Jest runs the TypeScript sources through SWC as CommonJS (Nest 12 ships ESM, so it is transformed too). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/test/e2e/'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|uuid|content-disposition|jose)/|@fastify/static/node_modules/content-disposition/)',
  ],
  moduleNameMapper: {
    '^#libs/(.*)\\.js$': '<rootDir>/libs/$1',
    '^#apps/(.*)\\.js$': '<rootDir>/apps/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
};
module.exports.globalSetup = '<rootDir>/test/support/global-setup.ts';
module.exports.globalTeardown = '<rootDir>/test/support/global-teardown.ts';
module.exports.testTimeout = 60000;
// Each file has its own database and free ports, and most of a file's time is spent waiting on
// PostgreSQL: two files at once even on two cores (Jest's default there would be one).
module.exports.maxWorkers = Math.max(2, require('node:os').availableParallelism() - 1);

// Files that watch the event log's order across the whole PostgreSQL server: a projector only reads
// past transactions no longer in flight anywhere on the server, so another file's transaction (in its
// own database) can split their batches or delay their lag. `npm test` runs them after the rest, one at
// a time (SHOP_JEST_GROUP=alone); the rest run side by side (SHOP_JEST_GROUP=together).
const ALONE = [
  '<rootDir>/libs/read-models/projector.spec.ts',
  '<rootDir>/libs/read-models/projector-batches.spec.ts',
  '<rootDir>/test/ops/readiness.spec.ts',
];
if (process.env.SHOP_JEST_GROUP === 'together') {
  module.exports.testPathIgnorePatterns = [...module.exports.testPathIgnorePatterns, ...ALONE];
} else if (process.env.SHOP_JEST_GROUP === 'alone') {
  module.exports.testMatch = ALONE;
  module.exports.maxWorkers = 1;
}

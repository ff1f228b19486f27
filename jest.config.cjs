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

/** The mail templates (libs/mail/templates/*.tsx) are React components: the same, with TSX and React's automatic runtime. */
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * `npm test` sets JEST_GROUPS=1: the API test files then run in the group files of test/groups (their
 * shop's modules loaded once per group, test/groups/jest-groups.cjs) instead of one by one.
 */
const grouped = process.env.JEST_GROUPS === '1';
const escapeRegExp = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const groupedMembers = grouped
  ? require('./test/groups/jest-groups.cjs')
      .members()
      .map((file) => `^${escapeRegExp(file)}$`)
  : [];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: grouped ? ['**/*.spec.ts', '**/test/groups/*.group.ts'] : ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/test/e2e/', ...groupedMembers],
  // .cjs: @react-email/render's CommonJS build imports react-dom/server dynamically, which SWC turns into a require.
  transform: { '^.+\\.(t|j|mj|cj)s$': swc, '^.+\\.tsx$': swcTsx },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@react-email|uuid|content-disposition|jose)/|@fastify/static/node_modules/content-disposition/)',
  ],
  moduleNameMapper: {
    '^#libs/(.*)\\.js$': '<rootDir>/libs/$1',
    '^#apps/(.*)\\.js$': '<rootDir>/apps/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
module.exports.globalSetup = '<rootDir>/test/support/global-setup.ts';
module.exports.globalTeardown = '<rootDir>/test/support/global-teardown.ts';
module.exports.testTimeout = 60000;
// Each file has its own database and free ports, and each worker its own PostgreSQL server
// (test/support/global-setup.ts); most of a file's time is spent waiting on PostgreSQL: two files at
// once even on two cores (Jest's default there would be one). One at a time on a given DATABASE_URL.
module.exports.maxWorkers = process.env.DATABASE_URL ? 1 : Math.max(2, require('node:os').availableParallelism() - 1);

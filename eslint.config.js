// One lint configuration for the whole repository (server, tests and web).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import webBoundaries from './web/eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'web/dist/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.cache/**',
      '.schemathesis/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Nest needs runtime class references for decorator metadata: type-only imports would break injection.
    files: ['apps/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Layer rule (docs/conventions.md): deciders are pure — no framework, no I/O. This block is the early
    // warning in the editor; the server's full layer rules are in .dependency-cruiser.cjs (npm run lint).
    files: ['libs/domain/**/*.ts'],
    ignores: ['libs/domain/**/*.spec.ts', 'libs/domain/**/*.testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nestjs/*',
                'pg',
                'kafkajs',
                '@eventstore/*',
                'nodemailer',
                'node:fs*',
                'node:net',
                'node:http*',
              ],
              message: 'Deciders are pure: no framework or I/O imports in libs/domain.',
            },
            {
              group: ['#apps/*', '#libs/eventstore/*', '#libs/read-models/*', '#libs/mail/*'],
              message: 'libs/domain depends on nothing but itself.',
            },
          ],
        },
      ],
    },
  },
  // The web app: server imports only through @contracts, and its feature boundaries (docs/web.md).
  ...webBoundaries,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

// Import boundaries of the web app (docs/web.md "Boundaries"), spread into the root eslint.config.js.
// bulletproof-react's rule: shared code (components, lib) <- features <- app. A feature never imports
// another feature; what two features share moves to components/ or lib/, and app/ composes features.
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The web app talks to the server only over HTTP; it may share wire types, nothing else. */
const serverImports = {
  group: ['**/apps/*', '**/libs/*', '#libs/*'],
  message: 'The web app imports server types only through @contracts.',
};

export const CROSS_FEATURE_MESSAGE =
  'Features never import each other: move what both need to web/src/components or web/src/lib, and compose features in web/src/app.';
export const FEATURE_TO_APP_MESSAGE =
  'A feature does not import the app layer (router, shell, store); only the typed hooks of @/app/hooks.';
export const SHARED_TO_FEATURE_MESSAGE =
  'Shared code (web/src/lib, web/src/components) never imports a feature or the app layer.';

/** One block per feature folder: its own files, shared code and @/app/hooks, nothing of another feature. */
const featureBlock = (feature) => {
  const others = features.filter((name) => name !== feature).map(escape);
  return {
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            { regex: `^@/features/(?!${escape(feature)}(?:/|$))`, message: CROSS_FEATURE_MESSAGE },
            ...(others.length > 0
              ? [{ regex: `^(?:\\.\\./)+(?:features/|(?:${others.join('|')})(?:/|$))`, message: CROSS_FEATURE_MESSAGE }]
              : []),
            { regex: '^@/app/(?!hooks$)', message: FEATURE_TO_APP_MESSAGE },
            { regex: '^(?:\\.\\./)+app(?:/|$)', message: FEATURE_TO_APP_MESSAGE },
          ],
        },
      ],
    },
  };
};

export default [
  // The fixtures are linted only by test/architecture/web-boundaries.spec.ts (as if they sat in web/src).
  { ignores: ['web/lint-fixtures/**'] },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports] }] },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            { regex: '^@/(?:features|app)(?:/|$)', message: SHARED_TO_FEATURE_MESSAGE },
            { regex: '^(?:\\.\\./)+(?:features|app)(?:/|$)', message: SHARED_TO_FEATURE_MESSAGE },
          ],
        },
      ],
    },
  },
  ...features.map(featureBlock),
];

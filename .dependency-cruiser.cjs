// The server's layer rules (docs/architecture.md#boundaries), checked by `npm run lint`.
// Paths are relative to the repository root; `#libs/*` and `#apps/*` resolve through tsconfig.json.
const path = require('node:path');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'libs/domain holds pure deciders: it imports only itself and the wire types of libs/contracts ' +
        '(no framework, no I/O, no Node built-in, no npm package; a pure library would be allowed here by name).',
      severity: 'error',
      from: { path: '^libs/domain/' },
      to: { pathNot: ['^libs/domain/', '^libs/contracts/'] },
    },
    {
      name: 'libs-never-import-apps',
      comment: 'Libraries serve the apps; an app is never a dependency of a library.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'api-module-public-surface',
      comment:
        'A module of apps/api uses another module only through its index.ts; ' +
        'apps/api/kernel and apps/api/infrastructure are the shared kernel every module may use.',
      severity: 'error',
      from: { path: '^apps/api/([^/]+)/' },
      to: {
        path: '^apps/api/[^/]+/',
        pathNot: ['^apps/api/$1/', '^apps/api/(kernel|infrastructure)/', '^apps/api/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'shared-kernel-imports-no-module',
      comment: 'apps/api/kernel and apps/api/infrastructure sit below the modules: they import none of them.',
      severity: 'error',
      from: { path: '^apps/api/(kernel|infrastructure)/' },
      to: { path: '^apps/api/[^/]+/', pathNot: '^apps/api/(kernel|infrastructure)/' },
    },
    {
      name: 'apps-are-separate',
      comment: 'apps/api and apps/projector are separate processes: they share code only through libs/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles: a cycle through an index.ts can leave a Nest class undefined when its decorators run.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^dist/', '^web/'] },
    // Absolute, so that the fixture test (test/architecture) can cruise its own tree with this config.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};

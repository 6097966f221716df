/**
 * The boundaries the build enforces (issue 23 point 8, docs/decisions/0061), run by `npm run lint`:
 * no import cycles; another workspace package only through its name and `exports` (never a relative path into its
 * files); API modules never into the account module's internals; the analytics engine never into the rest of the API
 * (docs/decisions/0070); remote features never into each other (they share the kit, `account-remote/src/kit/`).
 * Cycles between the API's modules (folders of api/src/modules, whichever files make them) are checked after this, by
 * `infra/lint/module-cycles.mjs` on dependency-cruiser's graph (docs/decisions/0110): its folder-scope rules see
 * every folder as a node, layers and subfolders included, and cannot be told to see a module as one.
 */
// `infra/dev-oidc` is a package of its own inside infra's directory (docs/decisions/0068): listed before `infra`.
const packages = '(shared|api|account-remote|marketing-site|infra/dev-oidc|infra)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: the modules cannot be understood, tested or loaded one without the other.',
      severity: 'error',
      from: { pathNot: 'node_modules' },
      to: { circular: true },
    },
    {
      name: 'packages-through-their-exports',
      comment:
        'Another workspace package is imported by its name (@dcipher/…) and its exports map, never by a relative path into its files.',
      severity: 'error',
      from: { path: `^${packages}/` },
      to: { path: `^${packages}/`, pathNot: '^$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'packages-through-their-exports',
      comment:
        'The same for the package inside infra: the rest of infra imports @dcipher/dev-oidc by its name.',
      severity: 'error',
      from: { path: '^infra/', pathNot: '^infra/dev-oidc/' },
      to: { path: '^infra/dev-oidc/', dependencyTypes: ['local'] },
    },
    {
      name: 'no-unresolvable-imports',
      comment:
        'An import that does not resolve: a typo, a missing dependency, or a path into a package that its exports map does not offer (a deep import).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'api-modules-not-into-account-internals',
      comment: "API modules use the account module's service through the server's wiring, never its files.",
      severity: 'error',
      from: { path: '^api/src/modules/(?!account/)' },
      to: { path: '^api/src/modules/account/' },
    },
    {
      name: 'engine-stands-alone',
      comment:
        'The analytics engine (api/src/engine) imports nothing of the API: modules import it, and a production engine can replace it behind its executor interface (docs/decisions/0070).',
      severity: 'error',
      from: { path: '^api/src/engine/' },
      to: { path: '^api/src/(?!engine/)' },
    },
    {
      name: 'remote-features-apart',
      comment: 'A feature of the remote never imports another feature; shared screen parts live in src/kit/.',
      severity: 'error',
      from: { path: '^account-remote/src/features/([^/]+)/' },
      to: { path: '^account-remote/src/features/', pathNot: '^account-remote/src/features/$1/' },
    },
    {
      name: 'remote-kit-below-features',
      comment:
        'The kit, the router and the layout are what features build on (docs/decisions/0080): they never import a feature or an app.',
      severity: 'error',
      from: { path: '^account-remote/src/(kit|router|layout)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^account-remote/src/(features|apps)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)(dist|public|\\.cache|source-maps|coverage)/',
        '^infra/cms/(node_modules|dist|\\.tmp|build)',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.json'],
    },
  },
};

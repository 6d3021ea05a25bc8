// Import rules of the monorepo, checked by `pnpm test` (tools/import-rules.test.ts runs depcruise).
// The arrows go one way: apps -> core -> {db, formats, ai}; apps also wire db and ai at start-up.
/** Paths of the database stack, as pnpm lays them out under node_modules or as workspace sources. */
// packages/db/src/lists.ts is the one exception: the value lists (statuses, job types, task kinds, surfaces) with no
// imports, defined once where the db schema can use them and read by the contracts (docs/decisions.md).
const DATABASE = '^packages/db/(?!src/lists\\.ts$)|node_modules/(kysely|kysely-postgres-js|postgres|bullmq|ioredis|@electric-sql/pglite)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module circle hides which module owns what; split the shared part into its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'leaf-packages',
      severity: 'error',
      comment: 'formats, db and ai depend on no other workspace package.',
      from: { path: '^packages/(formats|db|ai)/' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'Packages never import an app; apps wire packages together.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-not-formats',
      severity: 'error',
      comment: 'Apps reach file formats through core ops, never directly.',
      from: { path: '^apps/', pathNot: '^apps/web/' },
      to: { path: '^packages/formats/' },
    },
    {
      name: 'web-only-placeholders',
      severity: 'error',
      comment: 'The dashboard bundles the placeholder scanner (its editor shows what the server compares), and nothing else of formats.',
      from: { path: '^apps/web/' },
      to: { path: '^packages/formats/', pathNot: '^packages/formats/src/placeholders/' },
    },
    {
      name: 'apps-not-each-other',
      severity: 'error',
      comment: 'An app imports no other app.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'pure-contract',
      severity: 'error',
      comment: '@tolk/core/contract and @tolk/core/surface (what the CLI bundles) reach no database code.',
      from: { path: '^packages/core/src/(contract|surface)/' },
      to: { path: DATABASE, reachable: true },
    },
    {
      name: 'cli-no-database',
      severity: 'error',
      comment: 'The published CLI bundle holds no database code.',
      from: { path: '^apps/cli/' },
      to: { path: DATABASE, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|bench)/|\\.test\\.ts$|/test/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@tolk/source', 'import', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
}

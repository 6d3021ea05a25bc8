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
    // Core's folders in order, each importing only those before it (docs/architecture.md):
    //   contract -> (base: context, errors, outcome, ... at src/) -> services -> jobs -> handlers -> tasks -> (entry: invoke, registry, index, config, ...)
    {
      name: 'core-contract-first',
      severity: 'error',
      comment: 'An op contract is pure valibot and meta: it imports no other folder or module of core.',
      from: { path: '^packages/core/src/contract/' },
      to: { path: '^packages/core/src/', pathNot: '^packages/core/src/contract/' },
    },
    {
      name: 'core-base-below-folders',
      severity: 'error',
      comment: 'The modules at core/src/ that every folder uses (context, errors, outcome, storable-text, slices, ...) import only contract at run time; types may name what a context carries.',
      from: { path: '^packages/core/src/[^/]+\\.ts$', pathNot: '^packages/core/src/(invoke|registry|index|bootstrap|auth|config|paths)\\.ts$' },
      to: { path: '^packages/core/src/(services|jobs|handlers|tasks|surface)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'core-top-last',
      severity: 'error',
      comment: 'The entry modules (invoke, registry, index, bootstrap, auth, config, paths) join everything; no folder imports them.',
      from: { path: '^packages/core/src/[^/]+/' },
      to: { path: '^packages/core/src/(invoke|registry|index|bootstrap|auth|config|paths)\\.ts$' },
    },
    {
      name: 'core-services-below-jobs',
      severity: 'error',
      comment: 'services hold what ops and jobs share (queueJob, fileTasks, taskPriority); they import no job, handler or task kind.',
      from: { path: '^packages/core/src/services/' },
      to: { path: '^packages/core/src/(jobs|handlers|tasks|surface)/' },
    },
    {
      name: 'core-jobs-below-handlers',
      severity: 'error',
      comment: 'Job processors use services; they import no handler or task kind (they file tasks through services/file-tasks).',
      from: { path: '^packages/core/src/jobs/' },
      to: { path: '^packages/core/src/(handlers|tasks|surface)/' },
    },
    {
      name: 'core-handlers-below-tasks',
      severity: 'error',
      comment: 'Task kinds run ops through their handlers, so handlers import no task kind; the one exception is handlers/task.ts, the queue ops, which read the kinds registry.',
      from: { path: '^packages/core/src/handlers/', pathNot: '^packages/core/src/handlers/task\\.ts$' },
      to: { path: '^packages/core/src/(tasks|surface)/' },
    },
    {
      name: 'core-surface-reads-contract',
      severity: 'error',
      comment: 'surface (catalog, OpenAPI, MCP) is derived from the contracts alone: the CLI bundles it.',
      from: { path: '^packages/core/src/surface/' },
      to: { path: '^packages/core/src/', pathNot: '^packages/core/src/(contract|surface)/' },
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

import { defineConfig } from 'vitest/config'
import { NoSkipReporter } from './tools/no-skip-reporter.js'

// Workspace packages export their TypeScript sources under the "@tolk/source" condition,
// so tests run without a build step.
const conditions = ['@tolk/source', 'import', 'module', 'node', 'default']

const roots = ['packages/*/src', 'packages/*/test', 'apps/*/src', 'apps/*/test', 'tools']
// Files that read ../shared/corpus or run an ecosystem validator; only `pnpm test:full` runs them.
const fullOnly = ['**/*.corpus.test.ts', '**/*.validators.test.ts']
// The dashboard in Chromium: also only in `pnpm test:full`, in a project of its own so it can be run alone
// (`pnpm vitest run --project browser`) on a machine that has Chromium but not every validator.
const browserOnly = ['**/*.browser.test.ts']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@tolk/source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./tools/setup-temp.ts'],
    // Test files of a worker share its module cache: re-importing the workspace for each of 160 files was a third of
    // the run's CPU (the files keep no state between them: each makes its own databases, servers and workspaces).
    isolate: false,
    // Two files at a time on any machine (vitest's default on 2 cores is one): many files wait on servers they spawn.
    maxWorkers: 2,
    // Cheap password hashes in tests (packages/core/src/services/people/password.ts says why and how it is fenced).
    env: { TOLK_TEST_CHEAP_PASSWORDS: '1' },
    reporters: ['default', new NoSkipReporter({ failOnSkip: Boolean(process.env.CI) })],
    projects: [
      {
        extends: true,
        test: {
          // `pnpm test`: Node and the repository alone (PGlite; PostgreSQL and Redis too when their URLs are set).
          name: 'unit',
          include: roots.map((r) => `${r}/**/*.test.ts`),
          exclude: ['**/node_modules/**', ...fullOnly, ...browserOnly],
          globalSetup: ['./tools/setup-temp-run.ts', './tools/setup-pglite-template.ts', './tools/setup-server-bundles.ts', './tools/setup-services.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Added by `pnpm test:full`: the real-world corpus and the ecosystem validators.
          name: 'full',
          include: roots.flatMap((r) => fullOnly.map((f) => `${r}/${f}`)),
          exclude: ['**/node_modules/**'],
          globalSetup: ['./tools/setup-full.ts', './tools/setup-temp-run.ts', './tools/setup-pglite-template.ts', './tools/setup-server-bundles.ts', './tools/setup-services.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: roots.flatMap((r) => browserOnly.map((f) => `${r}/${f}`)),
          exclude: ['**/node_modules/**'],
          globalSetup: ['./tools/setup-temp-run.ts', './tools/setup-pglite-template.ts', './tools/setup-server-bundles.ts', './tools/setup-services.ts'],
        },
      },
    ],
  },
})

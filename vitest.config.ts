import { defineConfig } from 'vitest/config'
import { NoSkipReporter } from './tools/no-skip-reporter.js'

// Workspace packages export their TypeScript sources under the "@tolk/source" condition,
// so tests run against src without a build step.
const conditions = ['@tolk/source', 'import', 'module', 'node', 'default']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@tolk/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    globalSetup: ['./tools/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', new NoSkipReporter()] : ['default'],
  },
})

// Vitest global setup of the `full` project (`pnpm test:full`): a missing service, corpus or validator
// fails the run here, once, with its name, instead of as many confusing test failures.
import { missingForFull } from './test-requirements.mjs'

export function setup(): void {
  const missing = missingForFull()
  if (missing.length === 0) return
  throw new Error(
    `pnpm test:full needs what is missing below (pnpm test needs none of it; .ci/run installs the packages):\n  - ${missing.join('\n  - ')}`,
  )
}

// Test support: tests that need a service the environment may lack (PostgreSQL, Redis) skip without it and say why;
// tools/no-skip-reporter.ts prints the reason of every skipped test (and fails a CI run that skipped any).

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test or suite was skipped, for the reporter. */
    skipReason?: string
  }
}

/**
 * describe/test options for a test that needs these environment variables: skipped, with the reason recorded,
 * when one is unset. Example: describe('the worker fleet', needs('DATABASE_URL', 'REDIS_URL'), () => { ... })
 */
export function needs(...names: string[]): { skip: boolean; meta: { skipReason?: string } } {
  const unset = names.filter((n) => !process.env[n])
  if (unset.length === 0) return { skip: false, meta: {} }
  return { skip: true, meta: { skipReason: `${unset.join(' and ')} ${unset.length > 1 ? 'are' : 'is'} not set (this test needs ${names.join(' and ')})` } }
}

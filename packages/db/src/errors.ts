/** True when `err` is a unique-constraint violation (of `constraint`, when given), from postgres.js or PGlite alike. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false
  const e = err as { code?: unknown; constraint_name?: unknown; constraint?: unknown }
  if (e.code !== '23505') return false
  return constraint === undefined || e.constraint_name === constraint || e.constraint === constraint
}

/**
 * True when PostgreSQL ended the transaction to break a deadlock: two writers waited on each other's uncommitted rows
 * (two pushes creating the same new texts in different orders). The other one goes on; this one may run again.
 */
export function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40P01'
}

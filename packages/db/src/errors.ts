/** True when `err` is a unique-constraint violation (of `constraint`, when given), from postgres.js or PGlite alike. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false
  const e = err as { code?: unknown; constraint_name?: unknown; constraint?: unknown }
  if (e.code !== '23505') return false
  return constraint === undefined || e.constraint_name === constraint || e.constraint === constraint
}

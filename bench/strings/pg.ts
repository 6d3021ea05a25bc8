// postgres.js for the benchmark's own SQL (COPY, bulk fills, statistics). The bench package does not depend on it
// directly, so it is loaded from @tolk/db's dependencies: the same driver and version the API uses.
import { createRequire } from 'node:module'

/** A postgres.js client (typed loosely: the bench has no direct dependency to take types from). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Sql = any

/** Connects postgres.js to `url`. */
export async function postgresClient(url: string, options: Record<string, unknown> = {}): Promise<Sql> {
  const require = createRequire(import.meta.resolve('@tolk/db'))
  const mod = await import(require.resolve('postgres'))
  const postgres = mod.default ?? mod
  return postgres(url, { onnotice: () => {}, ...options })
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

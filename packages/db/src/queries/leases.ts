import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema.js'

/**
 * Leases units of a locale to a job for `ttlMs`; returns the ids this job now holds (its own earlier leases
 * included). Units leased by another live job are left out; an expired lease is taken over.
 */
export async function leaseUnits(db: Kysely<Database>, jobId: string, locale: string, unitIds: readonly string[], ttlMs: number): Promise<Set<string>> {
  if (unitIds.length === 0) return new Set()
  const expires = new Date(Date.now() + ttlMs)
  const rows = await db
    .insertInto('translate_leases')
    .values(unitIds.map((unit_id) => ({ unit_id, locale, job_id: jobId, expires_at: expires })))
    .onConflict((oc) => oc.columns(['unit_id', 'locale']).doUpdateSet({ job_id: jobId, expires_at: expires })
      .where((eb) => eb.or([eb('translate_leases.job_id', '=', jobId), eb('translate_leases.expires_at', '<', sql<Date>`now()`)])))
    .returning('unit_id')
    .execute()
  return new Set(rows.map((r) => r.unit_id))
}

/** Releases a job's leases in a locale. */
export async function releaseLeases(db: Kysely<Database>, jobId: string, locale: string, unitIds: readonly string[]): Promise<void> {
  if (unitIds.length === 0) return
  await db.deleteFrom('translate_leases').where('job_id', '=', jobId).where('locale', '=', locale).where('unit_id', 'in', unitIds).execute()
}

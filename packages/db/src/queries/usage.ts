import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'

/** Adds AI translations to the workspace's count for the month (YYYY-MM, UTC). */
export async function addAiTranslations(db: Kysely<Database>, workspaceId: string, month: string, n: number): Promise<void> {
  if (n <= 0) return
  await db
    .insertInto('usage_counters')
    .values({ workspace_id: workspaceId, month, ai_translations: n })
    .onConflict((oc) => oc.columns(['workspace_id', 'month']).doUpdateSet((eb) => ({ ai_translations: eb('usage_counters.ai_translations', '+', n) })))
    .execute()
}

/** AI translations of the workspace in a month. */
export async function aiTranslationsIn(db: Kysely<Database>, workspaceId: string, month: string): Promise<number> {
  const row = await db.selectFrom('usage_counters').select('ai_translations').where('workspace_id', '=', workspaceId).where('month', '=', month).executeTakeFirst()
  return Number(row?.ai_translations ?? 0)
}

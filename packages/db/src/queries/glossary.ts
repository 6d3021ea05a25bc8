import { sql, type Kysely } from 'kysely'
import type { Database, GlossaryTerm, Rule } from '../schema.js'

/** Every glossary term of the workspace, alphabetically (case-insensitive). */
export function listGlossaryTerms(db: Kysely<Database>, workspaceId: string): Promise<GlossaryTerm[]> {
  return db
    .selectFrom('glossary_terms')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy(sql`lower(term)`)
    .orderBy('term')
    .execute()
}

/** The workspace's term spelled `term` in any case, locked for the caller's transaction. */
export function findGlossaryTermForUpdate(db: Kysely<Database>, workspaceId: string, term: string): Promise<GlossaryTerm | undefined> {
  return db
    .selectFrom('glossary_terms')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where(sql<boolean>`lower(term) = lower(${term})`)
    .forUpdate()
    .executeTakeFirst()
}

/** How many glossary terms the workspace holds. */
export async function countGlossaryTerms(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('glossary_terms').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A term to create. */
export interface NewGlossaryTermRow {
  term: string
  do_not_translate: boolean
  translations: Record<string, string>
}

/** Creates a term; undefined when a concurrent writer created the same term (any case) first. */
export function insertGlossaryTerm(db: Kysely<Database>, workspaceId: string, row: NewGlossaryTermRow): Promise<GlossaryTerm | undefined> {
  return db
    .insertInto('glossary_terms')
    .values({ workspace_id: workspaceId, ...row })
    .onConflict((oc) => oc.expression(sql`workspace_id, lower(term)`).doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** Replaces a term's spelling, flag and translations. */
export function updateGlossaryTerm(db: Kysely<Database>, workspaceId: string, id: string, row: NewGlossaryTermRow): Promise<GlossaryTerm> {
  return db
    .updateTable('glossary_terms')
    .set({ ...row, updated_at: new Date() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Deletes the workspace's term spelled `term` in any case; returns it, or undefined when there is none. */
export function deleteGlossaryTerm(db: Kysely<Database>, workspaceId: string, term: string): Promise<GlossaryTerm | undefined> {
  return db
    .deleteFrom('glossary_terms')
    .where('workspace_id', '=', workspaceId)
    .where(sql<boolean>`lower(term) = lower(${term})`)
    .returningAll()
    .executeTakeFirst()
}

/** Every rule of the workspace, oldest first (the order they were given in). */
export function listRules(db: Kysely<Database>, workspaceId: string): Promise<Rule[]> {
  return db.selectFrom('rules').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('id').execute()
}

/** The active rules of the workspace, oldest first. */
export function listActiveRules(db: Kysely<Database>, workspaceId: string): Promise<Rule[]> {
  return db.selectFrom('rules').selectAll().where('workspace_id', '=', workspaceId).where('active', '=', true).orderBy('created_at').orderBy('id').execute()
}

/** The workspace's rule with this id, locked for the caller's transaction. */
export function findRuleForUpdate(db: Kysely<Database>, workspaceId: string, id: string): Promise<Rule | undefined> {
  return db.selectFrom('rules').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst()
}

/** The workspace's rule with exactly this body and locale (null matches null), if any. */
export function findRuleByBody(db: Kysely<Database>, workspaceId: string, body: string, locale: string | null): Promise<Rule | undefined> {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('body', '=', body)
    .where((eb) => (locale === null ? eb('locale', 'is', null) : eb('locale', '=', locale)))
    .orderBy('active', 'desc')
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .executeTakeFirst()
}

/** How many rules the workspace holds, active or not. */
export async function countRules(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('rules').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Adds a rule. */
export function insertRule(db: Kysely<Database>, workspaceId: string, row: { body: string; locale: string | null }): Promise<Rule> {
  return db.insertInto('rules').values({ workspace_id: workspaceId, ...row }).returningAll().executeTakeFirstOrThrow()
}

/** Changes a rule's body or active flag. */
export function updateRule(db: Kysely<Database>, workspaceId: string, id: string, patch: { body?: string; active?: boolean }): Promise<Rule> {
  return db
    .updateTable('rules')
    .set({ ...patch, updated_at: new Date() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

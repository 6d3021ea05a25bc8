import type { GlossaryTerm } from '@tolk/ai'
import type { Database, Kysely } from '@tolk/db'

/** What a prompt for one project and locale needs besides the strings (spec rules 4 and 5). */
export interface BatchContext {
  sourceLocale: string
  productContext: string
  projectDescription?: string
  glossary: GlossaryTerm[]
  rules: string[]
}

/** Loads the workspace product context and the project description, read fresh for every batch. */
export async function loadBatchContext(db: Kysely<Database>, workspaceId: string, projectId: string, _locale: string): Promise<BatchContext> {
  const ws = await db.selectFrom('workspaces').select(['source_locale', 'product_context']).where('id', '=', workspaceId).executeTakeFirstOrThrow()
  const project = await db.selectFrom('projects').select('description').where('id', '=', projectId).executeTakeFirst()
  return {
    sourceLocale: ws.source_locale,
    productContext: ws.product_context,
    ...(project?.description ? { projectDescription: project.description } : {}),
    glossary: [],
    rules: [],
  }
}

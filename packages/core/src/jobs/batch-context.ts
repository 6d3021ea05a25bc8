import { hasTermInSource, type GlossaryTerm } from '@tolk/ai'
import { findWorkspaceSourceLocale, type Db } from '@tolk/db'
import { loadPromptContext } from '../services/prompt-context.js'

/** What a prompt for one batch needs besides the strings (spec rules 4 and 5). */
export interface BatchContext {
  sourceLocale: string
  productContext: string
  projectDescription?: string
  glossary: GlossaryTerm[]
  rules: string[]
}

/**
 * Loads the product context, project description, glossary and active rules, read fresh for every batch so
 * a change applies to prompts built after it. Only glossary terms that occur in the batch's source texts are
 * sent: every term applies (spec rule 5), and a term absent from the batch has nothing to apply to.
 */
export async function loadBatchContext(db: Db, workspaceId: string, projectId: string, locale: string, sourceTexts: readonly string[]): Promise<BatchContext> {
  const sourceLocale = await findWorkspaceSourceLocale(db, workspaceId)
  const ctx = await loadPromptContext(db, workspaceId, projectId, locale)
  const glossary = ctx.glossary.filter((g) => sourceTexts.some((t) => hasTermInSource(t, g.term, sourceLocale)))
  return { sourceLocale, ...ctx, glossary }
}

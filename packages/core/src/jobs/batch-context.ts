import { batchGlossary, selectGlossary, type GlossaryTerm } from '@tolk/ai'
import { findWorkspaceSourceLocale, type Db } from '@tolk/db'
import { loadPromptContext } from '../services/prompt-context.js'

/** What a prompt for one batch needs besides the strings (spec rules 4 and 5). */
export interface BatchContext {
  sourceLocale: string
  productContext: string
  projectDescription?: string
  /** The terms protection and the checks apply: the whole glossary, or (over the budget) the cached ones and the batch's. */
  glossary: GlossaryTerm[]
  /** Set when the glossary is over its budget: the terms of the cached prompt block (see @tolk/ai glossary.ts). */
  glossaryCached?: GlossaryTerm[]
  rules: string[]
}

/** Glossary budget inputs: per term, how many of the job's strings use it, and the budget in estimated tokens. */
export interface GlossaryBudget {
  uses: ReadonlyMap<string, number>
  budgetTokens: number
}

/**
 * Loads the product context, project description, glossary and active rules, read fresh for every batch so
 * a change applies to prompts built after it. Every glossary term goes into the prompt (spec rule 5) while the
 * glossary fits the budget; beyond it, the do-not-translate and most used terms go into the cached block and
 * the batch's other matching terms come with the batch. Without a budget, every term goes in.
 */
export async function loadBatchContext(db: Db, workspaceId: string, projectId: string, locale: string, sourceTexts: readonly string[], budget?: GlossaryBudget): Promise<BatchContext> {
  const sourceLocale = await findWorkspaceSourceLocale(db, workspaceId)
  const ctx = await loadPromptContext(db, workspaceId, projectId, locale)
  const cached = selectGlossary(ctx.glossary, budget?.uses ?? new Map(), budget?.budgetTokens ?? Number.POSITIVE_INFINITY)
  if (cached.length === ctx.glossary.length) return { sourceLocale, ...ctx }
  return { sourceLocale, ...ctx, glossary: [...cached, ...batchGlossary(ctx.glossary, cached, sourceTexts, sourceLocale)], glossaryCached: cached }
}

/** The glossary terms that apply to a locale, for counting their uses once per job. */
export async function loadGlossaryTerms(db: Db, workspaceId: string, locale: string): Promise<GlossaryTerm[]> {
  return (await loadPromptContext(db, workspaceId, null, locale)).glossary
}

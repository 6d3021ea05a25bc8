import { findProjectByRef, findWorkspaceById, listActiveRules, listGlossaryTerms, type Db } from '@tolk/db'

/** A glossary term as a prompt for one target locale needs it (the shape of @tolk/ai's GlossaryTerm). */
export interface PromptGlossaryTerm {
  term: string
  doNotTranslate: boolean
  /** The required translation in the target locale; absent for do-not-translate terms. */
  translation?: string
}

/** What a translation prompt for one project and target locale carries besides the strings (spec rules 4 and 5). */
export interface PromptContext {
  productContext: string
  projectDescription?: string
  glossary: PromptGlossaryTerm[]
  rules: string[]
}

/** A locale tag as lower-case subtags, so pt_BR, pt-br and pt-BR compare equal. */
const subtags = (locale: string): string[] => locale.toLowerCase().replace(/_/g, '-').split('-')

/** How many subtags of `target` the tag `tag` covers (0 when it does not cover it): `pt` covers `pt-BR` with 1, `pt-BR` with 2. */
export function localeCoverage(tag: string, target: string): number {
  const a = subtags(tag)
  const b = subtags(target)
  if (a.length > b.length) return 0
  return a.every((s, i) => s === b[i]) ? a.length : 0
}

/** The translation of the most specific locale covering `target` (pt-BR before pt), if any. */
export function translationFor(translations: Readonly<Record<string, string>>, target: string): string | undefined {
  let best: { depth: number; text: string } | undefined
  for (const [locale, text] of Object.entries(translations)) {
    const depth = localeCoverage(locale, target)
    if (depth > 0 && (!best || depth > best.depth)) best = { depth, text }
  }
  return best?.text
}

/**
 * Loads what the translate job hands to the prompt builder for one target locale: the workspace
 * product context, the project description, the glossary terms that constrain this locale
 * (do-not-translate terms, and terms with a required translation for it), and the bodies of the
 * active rules for every language or for this locale's language, region or script.
 */
export async function loadPromptContext(db: Db, workspaceId: string, projectId: string | null, locale: string): Promise<PromptContext> {
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const workspace = await findWorkspaceById(db, workspaceId)
  const project = projectId ? await findProjectByRef(db, workspaceId, projectId) : undefined
  const terms = await listGlossaryTerms(db, workspaceId)
  const rules = await listActiveRules(db, workspaceId)
  const glossary: PromptGlossaryTerm[] = []
  for (const t of terms) {
    // A do-not-translate term is copied verbatim, so a stored translation would contradict it: the flag wins.
    if (t.do_not_translate) {
      glossary.push({ term: t.term, doNotTranslate: true })
      continue
    }
    const translation = translationFor(t.translations, locale)
    if (translation !== undefined) glossary.push({ term: t.term, doNotTranslate: false, translation })
  }
  // Global rules first, then broader before narrower (pt before pt-BR), each group in the order given.
  const ordered = rules
    .map((r, i) => ({ body: r.body, depth: r.locale === null ? 0 : localeCoverage(r.locale, locale), isGlobal: r.locale === null, i }))
    .filter((r) => r.isGlobal || r.depth > 0)
    .sort((a, b) => a.depth - b.depth || a.i - b.i)
  return {
    productContext: workspace?.product_context ?? '',
    ...(project?.description ? { projectDescription: project.description } : {}),
    glossary,
    rules: ordered.map((r) => r.body),
  }
}

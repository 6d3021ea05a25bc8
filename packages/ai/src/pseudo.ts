/**
 * The pseudo provider, used when no ANTHROPIC_API_KEY is set: deterministic pseudo-localization
 * that shows, without any model, whether an app is ready for translation. Letters get accents,
 * the text grows about 30% and sits in brackets (`Save files` → `[Šåvé ƒîļéš ~~]`), so hard-coded
 * strings, truncation and missing fonts are visible. Placeholders and do-not-translate terms go
 * through the same token protection as with a model, so they come back intact; a term with a
 * required glossary translation is replaced by that translation. The outputs pass the same checks.
 */

import { checkModelOutput, countGraphemes, toItemResult } from './checks.js'
import type { ModelOutput } from './checks.js'
import { protectItem } from './item.js'
import type { ProtectedItem } from './item.js'
import { endsWord, restore, startsWord, TOKEN_PATTERN } from './protect.js'
import type { ProtectRule } from './protect.js'
import { emptyUsage } from './provider.js'
import type { GlossaryTerm, PluralForms, TranslateBatchRequest, TranslateBatchResult, TranslationProvider } from './provider.js'

/** The model name the pseudo provider reports, so job output says the text is not a translation. */
export const PSEUDO_MODEL = 'pseudo'

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] ?? c]),
)

/** Creates the provider that pseudo-localizes instead of translating. */
export function createPseudoProvider(): TranslationProvider {
  return {
    name: 'pseudo',
    model: PSEUDO_MODEL,
    async translateBatch(req: TranslateBatchRequest): Promise<TranslateBatchResult> {
      const extra = glossaryRules(req.glossary)
      const items = req.items.map((item, i) => {
        const p = protectItem(item, String(i + 1), req, extra)
        return toItemResult(item.id, checkModelOutput(p, pseudoOutput(p), req))
      })
      return { items, usage: emptyUsage(), provider: 'pseudo', model: PSEUDO_MODEL }
    },
    // No model: learn_format falls back to inference and says so.
    writeTemplate: async () => ({ template: null, usage: emptyUsage(), model: PSEUDO_MODEL }),
    // No model: an audit is its deterministic checks alone, and says so.
    auditLocale: async () => ({ ran: false, answer: '', score: null, findings: [], glossary: [], rules: [], sampled: 0, usage: emptyUsage(), model: PSEUDO_MODEL }),
  }
}

function pseudoOutput(p: ProtectedItem): ModelOutput {
  const budget = p.item.maxLength ?? null
  if (p.icu) {
    // Every form the target locale needs, each from the source form it mirrors: the offline default shows the right shape.
    const icu = p.icu
    return { forms: Object.fromEntries(icu.answerKeys.map((key) => [key, pseudoLocalize(icu.sourceForms[icu.refOf[key] ?? ''] ?? '', p, budget)])) }
  }
  if (!p.plural) return { text: pseudoLocalize(p.text, p, budget) }
  const plural: PluralForms = {}
  for (const category of p.categories ?? ['other']) {
    plural[category] = pseudoLocalize(p.plural[category] ?? p.plural.other ?? p.text, p, budget)
  }
  return { plural: plural as Record<string, string> }
}

/**
 * Pseudo-localizes a protected text: accents outside tokens, brackets, padding to about 130% of
 * the visible length. With a max_length the padding (then the brackets) give way first.
 */
export function pseudoLocalize(protectedText: string, p: Pick<ProtectedItem, 'table'>, maxLength: number | null = null): string {
  const [, lead = '', body = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(protectedText) ?? []
  if (!body) return protectedText
  const accented = accentOutsideTokens(body)
  const visible = countGraphemes(restore(body, p.table).text)
  let padding = Math.max(0, Math.ceil(visible * 0.3) - 2)
  let open = '['
  let close = ']'
  if (maxLength != null) {
    const base = countGraphemes(restore(`${lead}${accented}${trail}`, p.table).text)
    const room = maxLength - base
    if (room < 2) {
      open = ''
      close = ''
      padding = 0
    } else {
      padding = Math.min(padding, Math.max(0, room - 2))
    }
  }
  const pad = padding > 1 ? ` ${'~'.repeat(padding - 1)}` : '~'.repeat(padding)
  return `${lead}${open}${accented}${pad}${close}${trail}`
}

function accentOutsideTokens(text: string): string {
  let out = ''
  let last = 0
  for (const m of text.matchAll(TOKEN_PATTERN)) {
    out += accent(text.slice(last, m.index)) + m[0]
    last = m.index + m[0].length
  }
  return out + accent(text.slice(last))
}

function accent(text: string): string {
  let out = ''
  for (const ch of text) out += ACCENTED[ch] ?? ch
  return out
}

/**
 * Rules that put a required glossary translation in place of its term (case-insensitive, whole
 * word, an English plural s/es included), so pseudo output passes the glossary check.
 */
function glossaryRules(glossary: readonly GlossaryTerm[]): ProtectRule[] {
  return glossary
    .filter((g) => !g.doNotTranslate && g.term.trim() && g.translation?.trim())
    .sort((a, b) => b.term.length - a.term.length)
    .map((g): ProtectRule => {
      const term = g.term.trim().toLowerCase()
      return {
        kind: 'glossary',
        label: g.term,
        restoreAs: g.translation?.trim() ?? '',
        match(text, at) {
          if (text.slice(at, at + term.length).toLowerCase() !== term || !startsWord(text, at)) return 0
          const end = at + term.length
          for (const suffix of ['es', 's', '']) {
            if (text.slice(end, end + suffix.length).toLowerCase() === suffix && endsWord(text, end + suffix.length)) {
              return term.length + suffix.length
            }
          }
          return 0
        },
      }
    })
}

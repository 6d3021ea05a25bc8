/** The PO a clean export writes: msgcat's layout, one entry per message. */
import type { Entry, RenderOptions } from '../format.js'
import { entryKey, makeContext } from './entries.js'
import type { PoContext } from './entries.js'
import { pluralFormsFor } from './plural-forms.js'
import { formatString, PAGE_WIDTH } from './literal.js'

/** `pt-BR` as gettext writes it: `pt_BR`. */
export function toPoLocale(locale: string): string {
  const [language = '', ...rest] = locale.split(/[-_]/)
  return [language.toLowerCase(), ...rest.map((p) => (p.length === 2 ? p.toUpperCase() : p))].join('_')
}

/**
 * The msgstr[n] texts of an entry for a file's plural forms: each form reads from the first CLDR
 * category mapped to it; a category the entry lacks falls back to `fallback(n)`.
 */
export function pluralTexts(entry: Entry, ctx: PoContext, fallback: (index: number) => string): string[] {
  const texts: string[] = []
  // `value` is the `other` form (format.ts); a caller that changed only `value` means the other form.
  const plural = entry.plural && entry.plural.other !== entry.value ? { ...entry.plural, other: entry.value } : entry.plural
  for (let i = 0; i < ctx.nplurals; i++) {
    if (!plural) {
      texts.push(entry.value)
      continue
    }
    let text: string | undefined
    for (const category of ctx.mapping.categories[i] ?? []) {
      text = plural[category]
      if (text !== undefined) break
    }
    texts.push(text ?? fallback(i))
  }
  return texts
}

/** The lines of one entry in msgcat's order: comments, extracted, references, flags, previous, strings. */
export function entryLines(entry: Entry, ctx: PoContext, wrap: boolean): string[] {
  const width = wrap ? PAGE_WIDTH : Infinity
  const meta = entry.meta ?? {}
  const lines: string[] = []
  if (entry.comment) for (const l of entry.comment.split('\n')) lines.push(l ? `# ${l}` : '#')
  if (typeof meta.extracted === 'string') for (const l of meta.extracted.split('\n')) lines.push(l ? `#. ${l}` : '#.')
  if (Array.isArray(meta.references)) lines.push(...referenceLines(meta.references.map(String)))
  const fuzzy = meta.fuzzy === true
  const flags = [...(fuzzy ? ['fuzzy'] : []), ...(Array.isArray(meta.flags) ? meta.flags.map(String) : [])]
  if (flags.length > 0) lines.push(`#, ${flags.join(', ')}`)
  if (fuzzy && Array.isArray(meta.previous)) for (const l of meta.previous) lines.push(`#| ${String(l)}`)
  if (entry.context !== undefined) lines.push(...formatString('msgctxt', entry.context, '', width))
  lines.push(...formatString('msgid', entry.key, '', width))
  if (entry.plural || entry.sourcePlural) {
    lines.push(...formatString('msgid_plural', entry.sourcePlural?.other ?? entry.key, '', width))
    pluralTexts(entry, ctx, () => '').forEach((t, i) => lines.push(...formatString(`msgstr[${i}]`, t, '', width)))
  } else {
    lines.push(...formatString('msgstr', entry.value, '', width))
  }
  return lines
}

// msgcat fills reference lines up to the page width.
function referenceLines(references: string[]): string[] {
  const lines: string[] = []
  let line = '#:'
  for (const ref of references) {
    if (line !== '#:' && line.length + 1 + ref.length > PAGE_WIDTH) {
      lines.push(line)
      line = '#:'
    }
    line += ` ${ref}`
  }
  if (line !== '#:') lines.push(line)
  return lines
}

/**
 * A clean PO file for the locale: a header with Language and Plural-Forms, then every entry.
 * A message can appear once in a valid PO file, so a repeated key+context is written once; an empty
 * key would read as the header, so it is left out.
 */
export function cleanFile(entries: readonly Entry[], options: RenderOptions): string {
  const pluralForms = pluralFormsFor(options.locale)
  const ctx = makeContext(new Map(), options.locale, options.sourceLocale, pluralForms)
  const header = [
    `Language: ${toPoLocale(options.locale)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    `Plural-Forms: ${pluralForms}`,
  ].join('\n') + '\n'
  const blocks = [['msgid ""', ...formatString('msgstr', header)].join('\n')]
  const seen = new Set<string>()
  for (const entry of entries) {
    const id = entryKey(entry.key, entry.context)
    if (entry.key === '' || seen.has(id)) continue
    seen.add(id)
    blocks.push(entryLines(entry, ctx, true).join('\n'))
  }
  return blocks.join('\n\n') + '\n'
}

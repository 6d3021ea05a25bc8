import { describe, expect, it } from 'vitest'
import { protectItem } from './item.js'
import { findSpans, isWordAt, protect, protectRules, restore, TokenTable } from './protect.js'
import type { GlossaryTerm } from './provider.js'

const glossary: GlossaryTerm[] = [
  { term: 'Tolk', doNotTranslate: true },
  { term: 'Tolk Cloud', doNotTranslate: true },
  { term: 'project', doNotTranslate: false, translation: 'Projekt' },
]

describe('protect', () => {
  it('swaps placeholders and do-not-translate terms for tokens and restores them', () => {
    const rules = protectRules(['%1$s', '{count}'], glossary)
    const table = new TokenTable()
    const text = protect('%1$s has {count} files in Tolk Cloud and Tolk', rules, table)
    expect(text).toBe('⟦1⟧ has ⟦2⟧ files in ⟦3⟧ and ⟦4⟧')
    expect(restore(text, table)).toEqual({ text: '%1$s has {count} files in Tolk Cloud and Tolk', inventedTokens: [] })
  })

  it('gives a repeated placeholder the same token', () => {
    const table = new TokenTable()
    expect(protect('%s and %s', protectRules(['%s', '%s'], []), table)).toBe('⟦1⟧ and ⟦1⟧')
    expect(table.size).toBe(1)
  })

  it('prefers the longest placeholder at a position', () => {
    const table = new TokenTable()
    expect(protect('{n} of {name}', protectRules(['{n}', '{name}'], []), table)).toBe('⟦1⟧ of ⟦2⟧')
  })

  it('matches do-not-translate terms case-sensitively and as whole words only', () => {
    const table = new TokenTable()
    const rules = protectRules([], glossary)
    expect(protect('Tolkien, tolk and Tolk.', rules, table)).toBe('Tolkien, tolk and ⟦1⟧.')
  })

  it('treats a term glued to another script as a whole word (Japanese, Korean)', () => {
    expect(isWordAt('Tolkを使う', 0, 4)).toBe(true)
    expect(isWordAt('Tolk를', 0, 4)).toBe(true)
    expect(isWordAt('Tolkien', 0, 4)).toBe(false)
    expect(isWordAt('Tolk2', 0, 4)).toBe(false)
  })

  it('reports tokens the table never issued and leaves them in place', () => {
    const table = new TokenTable()
    protect('Hi %s', protectRules(['%s'], []), table)
    expect(restore('Hallo ⟦1⟧ ⟦7⟧', table)).toEqual({ text: 'Hallo %s ⟦7⟧', inventedTokens: ['⟦7⟧'] })
  })

  it('accepts spaces a model puts inside a token', () => {
    const table = new TokenTable()
    protect('Hi %s', protectRules(['%s'], []), table)
    expect(restore('Hallo ⟦ 1 ⟧', table).text).toBe('Hallo %s')
  })

  it('keeps a token-like sequence already in the source as text, restoring in one pass', () => {
    const table = new TokenTable()
    const text = protect('Press ⟦1⟧ for %s', protectRules(['%s'], []), table)
    expect(text).toBe('Press ⟦1⟧ for ⟦2⟧')
    expect(restore('Drücke ⟦1⟧ für ⟦2⟧', table).text).toBe('Drücke ⟦1⟧ für %s')
  })

  it('protects every plural form with one table', () => {
    const p = protectItem(
      { id: 'u', text: '%d files', plural: { one: 'One file', other: '%d files' }, placeholders: ['%d'] },
      '1',
      { glossary: [], targetLocale: 'ru' },
    )
    expect(p.plural).toEqual({ one: 'One file', other: '⟦1⟧ files' })
    expect(p.categories).toEqual(['one', 'few', 'many', 'other'])
  })

  it('finds non-overlapping spans left to right', () => {
    const spans = findSpans('<b>Tolk</b>', protectRules(['<b>', '</b>'], glossary))
    expect(spans.map((s) => s.rule.label)).toEqual(['<b>', 'Tolk', '</b>'])
  })
})

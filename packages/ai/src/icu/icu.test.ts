import { parse, isPluralElement, isSelectElement } from '@formatjs/icu-messageformat-parser'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { createPseudoProvider } from '../pseudo.js'
import { protectItem } from '../item.js'
import { TokenTable } from '../protect.js'
import type { TranslateBatchRequest } from '../provider.js'
import { categoriesFor } from './layout.js'
import { prepareIcu, restoreIcu } from './message.js'
import { escapeLiteral } from './serialize.js'

/** The locales of the shared corpus (file names, XLIFF targets, xcstrings localizations), written here so `pnpm test` reads no ../shared. */
const CORPUS_LOCALES = [
  'af', 'ar', 'cs', 'da', 'de', 'en', 'en-GB', 'en-US', 'es', 'fi', 'fr', 'fr-FR', 'fur', 'id', 'it', 'ja', 'ja-JP',
  'ko', 'nl', 'pl', 'pt-BR', 'pt-PT', 'ru', 'sl', 'tr', 'uk', 'vi', 'zh-Hans', 'zh-Hant',
]

/** Keys of every plural/select in a parsed message, by argument name, in order of appearance. */
function choiceKeys(elements: MessageFormatElement[], into: Record<string, string[][]> = {}): Record<string, string[][]> {
  for (const el of elements) {
    if (isPluralElement(el) || isSelectElement(el)) {
      ;(into[el.value] ??= []).push(Object.keys(el.options))
      for (const o of Object.values(el.options)) choiceKeys(o.value, into)
    }
  }
  return into
}

async function pseudo(text: string, targetLocale: string, placeholders: string[] = []) {
  const req: TranslateBatchRequest = { sourceLocale: 'en', targetLocale, glossary: [{ term: 'Tolk', doNotTranslate: true }], rules: [], items: [{ id: 'a', text, placeholders }] }
  const [item] = (await createPseudoProvider().translateBatch(req)).items
  if (!item?.ok) throw new Error(`pseudo failed: ${item?.ok === false ? item.reason : 'no item'}`)
  return item.text
}

const CART = 'You have {count, plural, =0 {no items} one {# item} other {# items}} in {name}’s cart.'

describe('ICU layout', () => {
  it.each([
    ['ru', ['one', 'few', 'many', 'other']],
    ['ar', ['zero', 'one', 'two', 'few', 'many', 'other']],
    ['pl', ['one', 'few', 'many', 'other']],
    ['ja', ['other']],
    ['cy', ['zero', 'one', 'two', 'few', 'many', 'other']],
  ])('lays a plural out for %s with exactly its CLDR categories, keeping =0', (locale, categories) => {
    const prep = prepareIcu(CART, locale, [], new TokenTable())!
    expect(prep.answerKeys).toEqual(['count:=0', ...categories.map((c) => `count:${c}`)])
    // Text around the plural is lifted into each form: the model writes whole sentences.
    expect(prep.sourceForms['count:one']).toMatch(/^You have ⟦\d⟧ item in ⟦\d⟧’s cart\.$/u)
  })

  it('uses ordinal categories for selectordinal and keeps select values', () => {
    const prep = prepareIcu('{gender, select, female {She came {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}} other {They came {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}}}', 'cy', [], new TokenTable())!
    expect(categoriesFor('cy', 'selectordinal')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other'])
    expect(prep.answerKeys).toHaveLength(12)
    expect(prep.answerKeys[0]).toBe('gender:female|place:zero')
    expect(prep.answerKeys.at(-1)).toBe('gender:other|place:other')
  })

  it('is not used for messages without a choice or for text that is not ICU', () => {
    expect(prepareIcu('Hello {name}', 'ru', [], new TokenTable())).toBeUndefined()
    expect(prepareIcu('Pick {{count}} items, plural', 'ru', [], new TokenTable())).toBeUndefined()
  })
})

describe('pseudo-localization of ICU messages', () => {
  it.each(CORPUS_LOCALES)('writes valid ICU with exactly the CLDR categories of %s', async (locale) => {
    const out = await pseudo(CART, locale)
    const keys = choiceKeys(parse(out, { ignoreTag: true }))
    const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    expect(new Set(keys.count![0])).toEqual(new Set(['=0', ...cardinal]))
    expect(out).toContain('{name}')
    expect(out).toContain('#')
  })

  it('keeps the source style: spacing, offset and the text outside the plural when every form shares it', async () => {
    const out = await pseudo('{n,plural,offset:1\n  one {Just you}\n  other {You and # others}}', 'ru')
    expect(out).toMatch(/^\{n,plural,offset:1\n {2}one \{.*\}\n {2}few \{.*\}\n {2}many \{.*\}\n {2}other \{.*\}\}$/su)
    const hoisted = await pseudo('Total: {count, plural, one {# file} other {# files}}', 'pl')
    // Every form starts with "[Ţöţåļ: ", so it goes back outside the plural, as in the source.
    expect(hoisted).toBe('[Ţöţåļ: {count, plural, one {# ƒîļé} few {# ƒîļéš} many {# ƒîļéš} other {# ƒîļéš}} ~~~]')
    expect(parse(hoisted, { ignoreTag: true })).toBeTruthy()
  })

  it('translates each select branch and a plural nested in a select', async () => {
    const out = await pseudo('{gender, select, female {{n, plural, one {She has # file} other {She has # files}}} other {{n, plural, one {They have # file} other {They have # files}}}}', 'ar')
    const keys = choiceKeys(parse(out, { ignoreTag: true }))
    expect(keys.gender).toEqual([['female', 'other']])
    expect(keys.n).toEqual([['zero', 'one', 'two', 'few', 'many', 'other'], ['zero', 'one', 'two', 'few', 'many', 'other']])
    expect(out).toContain('Šĥé')
  })

  it('keeps markup, printf and do-not-translate terms inside branches', async () => {
    const out = await pseudo('{count, plural, one {<b>#</b> Tolk file %s} other {<b>#</b> Tolk files %s}}', 'ru', ['{count, plural,', 'one {', '<b>', '#', '</b>', '%s', '}', 'other {'])
    for (const category of ['one', 'few', 'many', 'other']) expect(out).toMatch(new RegExp(`${category} \\{\\[<b>#</b> Tolk ƒîļéš? %s`, 'u'))
  })
})

describe('restoreIcu checks', () => {
  const table = new TokenTable()
  const prep = prepareIcu('{count, plural, one {# item} other {# items}}', 'ru', [], table)!
  const token = Object.values(prep.sourceForms)[0]!.slice(0, 3)

  it('accepts the forms ru needs and writes valid ICU', () => {
    const r = restoreIcu(prep, { 'count:one': `${token} предмет`, 'count:few': `${token} предмета`, 'count:many': `${token} предметов`, 'count:other': `${token} предмета` }, table, 'ru')
    expect(r.failures).toEqual([])
    expect(r.message).toBe('{count, plural, one {# предмет} few {# предмета} many {# предметов} other {# предмета}}')
  })

  it('moves words every branch shares back outside the plural, as the source had them', () => {
    const t = new TokenTable()
    const p = prepareIcu('You have {count, plural, one {# item} other {# items}} in the cart.', 'ru', [], t)!
    const n = Object.values(p.sourceForms)[0]!.match(/⟦\d+⟧/u)![0]
    const r = restoreIcu(p, {
      'count:one': `В корзине ${n} товар.`, 'count:few': `В корзине ${n} товара.`, 'count:many': `В корзине ${n} товаров.`, 'count:other': `В корзине ${n} товара.`,
    }, t, 'ru')
    expect(r.failures).toEqual([])
    expect(r.message).toBe('В корзине {count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}.')
    // Different sentences per branch stay whole in the branches.
    const whole = restoreIcu(p, { 'count:one': `Один товар.`, 'count:few': `${n} товара.`, 'count:many': `${n} товаров.`, 'count:other': `${n} товара.` }, t, 'ru')
    expect(whole.message).toBe('{count, plural, one {Один товар} few {# товара} many {# товаров} other {# товара}}.')
  })

  it('names a missing category, one the locale lacks, and a lost placeholder', () => {
    const r = restoreIcu(prep, { 'count:one': `${token} предмет`, 'count:two': 'x', 'count:many': `${token} предметов`, 'count:other': 'предмета' }, table, 'ru')
    expect(r.failures.map((f) => f.message)).toEqual([
      'forms missing: count:few',
      'forms not used by ru: count:two',
      'form "count:other": placeholder "#" appears 0 times, the source has 1',
    ])
  })

  it('quotes braces, # and apostrophes only where ICU needs it', () => {
    expect(escapeLiteral("l'app {x} #1 it''", true)).toBe("l'app '{'x'}' '#'1 it''''")
    const r = restoreIcu(prep, { 'count:one': `${token} {a}`, 'count:few': `${token} l'a #`, 'count:many': `${token} '{'`, 'count:other': `${token} c'est` }, table, 'ru')
    expect(r.failures).toEqual([])
    expect(() => parse(r.message!, { ignoreTag: true })).not.toThrow()
  })
})

it('protectItem sends ICU items as forms', () => {
  const p = protectItem({ id: 'x', text: CART, placeholders: [] }, '1', { glossary: [], targetLocale: 'ru' })
  expect(p.icu?.answerKeys).toHaveLength(5)
})

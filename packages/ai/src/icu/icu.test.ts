import { parse, isPluralElement, isSelectElement } from '@formatjs/icu-messageformat-parser'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { createPseudoProvider } from '../pseudo.js'
import { checkModelOutput } from '../checks.js'
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

/**
 * Answers an item's ICU forms: `write(sourceForm, key)` sees the source form with its tokens shown as what they stand
 * for; what it writes is protected again with the tokens of that source form (two plurals' `#` are different tokens).
 */
function answer(p: ReturnType<typeof protectItem>, write: (source: string, key: string) => string): Record<string, string> {
  const entries = p.table.entries()
  const icu = p.icu!
  return Object.fromEntries(
    icu.answerKeys.map((k) => {
      const source = icu.sourceForms[icu.refOf[k] ?? ''] ?? ''
      const used = entries.filter((e) => source.includes(e.token)).sort((a, b) => b.value.length - a.value.length)
      const shown = used.reduce((acc, e) => acc.replaceAll(e.token, e.value), source)
      return [k, used.reduce((acc, e) => acc.replaceAll(e.value, e.token), write(shown, k))]
    }),
  )
}

function restoreAnswer(text: string, locale: string, write: (source: string, key: string) => string, placeholders: string[] = []) {
  const p = protectItem({ id: 'x', text, placeholders }, '1', { glossary: [], targetLocale: locale })
  return restoreIcu(p.icu!, answer(p, write), p.table, locale)
}

/** The text of one option of the first plural of a message, with `#` and simple arguments as given. */
function optionText(message: string, key: string, values: Record<string, string>): string {
  const [el] = parse(message, { ignoreTag: true })
  if (!el || !isPluralElement(el)) throw new Error('not a plural')
  return el.options[key]!.value.map((e) => (e.type === 0 ? e.value : e.type === 7 ? values['#'] : values[(e as { value: string }).value])).join('')
}

describe('apostrophes before markup and placeholders (ICU apostrophe rules)', () => {
  const placeholders = ['<b>', '</b>', '<i>', '</i>', '<a href="/x">', '</a>']
  it.each([
    // French and Italian elision right before a tag: `'<` would open a quoted literal.
    {
      locale: 'fr', source: '{count, plural, one {Open the <b>app</b> # time} other {Open the <b>app</b> # times}}',
      write: (s: string) => s.replace('Open the <b>app</b>', "Ouvrir l'<b>app</b>").replace(/times?$/u, 'fois'),
      written: "{count, plural, one {Ouvrir l''<b>app</b> # fois} many {Ouvrir l''<b>app</b> # fois} other {Ouvrir l''<b>app</b> # fois}}",
      read: "Ouvrir l'<b>app</b> 1 fois",
    },
    {
      locale: 'it', source: '{count, plural, one {The <i>user</i> has # file} other {The <i>user</i> has # files}}',
      write: (s: string) => s.replace('The <i>user</i> has', "Dell'<i>utente</i>:").replace(/files?$/u, 'file'),
      written: "{count, plural, one {Dell''<i>utente</i>: # file} many {Dell''<i>utente</i>: # file} other {Dell''<i>utente</i>: # file}}",
      read: "Dell'<i>utente</i>: 1 file",
    },
    // Before a placeholder (an ICU argument), and before a link whose tag is protected whole.
    {
      locale: 'fr', source: '{count, plural, one {# file for {name}} other {# files for {name}}}',
      write: (s: string) => s.replace(/ files? for /u, " fichier(s) pour l'"),
      written: "{count, plural, one {# fichier(s) pour l''{name}} many {# fichier(s) pour l''{name}} other {# fichier(s) pour l''{name}}}",
      read: "1 fichier(s) pour l'Atelier",
    },
    {
      locale: 'it', source: '{count, plural, one {# file in <a href="/x">the archive</a>} other {# files in <a href="/x">the archive</a>}}',
      write: (s: string) => s.replace(/ files? in (<a href="\/x">)the archive/u, " file nell'$1archivio"),
      written: `{count, plural, one {# file nell''<a href="/x">archivio</a>} many {# file nell''<a href="/x">archivio</a>} other {# file nell''<a href="/x">archivio</a>}}`,
      read: `1 file nell'<a href="/x">archivio</a>`,
    },
  ])('$locale: a correct answer with elision before markup or an argument is written as valid ICU ($read)', ({ locale, source, write, written, read }) => {
    const r = restoreAnswer(source, locale, write, placeholders)
    expect(r.failures).toEqual([])
    expect(r.message).toBe(written)
    // The parser reads the doubled apostrophe as one: the text is the translator's, markup and all.
    expect(optionText(r.message!, 'one', { '#': '1', name: 'Atelier' })).toBe(read)
  })

  it('keeps a plain apostrophe single, and doubles one only where the parser would open a quote', () => {
    expect(escapeLiteral("c'est l'app", true)).toBe("c'est l'app")
    expect(escapeLiteral("l'<b>", false)).toBe("l''<b>")
    expect(escapeLiteral("l'</b>", false)).toBe("l''</b>")
    expect(escapeLiteral("x='a'>", false)).toBe("x='a''>")
    expect(escapeLiteral("it'#", true)).toBe("it'''#'")
    expect(escapeLiteral("it'#", false)).toBe("it'#")
    expect(escapeLiteral("a'|b", false)).toBe("a''|b")
    for (const text of ["c'est l'app", "l'<b>", "l'</b>", "x='a'>", "it'#", "a'|b", "l'", "d'{x}'"]) {
      expect(optionText(`{n, plural, other {${escapeLiteral(text, true)}}}`, 'other', {})).toBe(text)
    }
  })

  it('the pseudo provider writes elision before markup as valid ICU', async () => {
    // A French source, written as ICU needs it: `''` before the tag.
    const out = await pseudo("{count, plural, one {l''<b>app</b> # fois} other {l''<b>app</b> # fois}}", 'it', ['<b>', '</b>'])
    expect(() => parse(out, { ignoreTag: true })).not.toThrow()
    expect(out).toContain("''<b>")
  })
})

describe('choices side by side', () => {
  const TWO = 'You have {a, plural, one {# file} other {# files}} and {b, plural, one {# folder} other {# folders}}.'

  it.each([
    ['ru', ['one', 'few', 'many', 'other']],
    ['ar', ['zero', 'one', 'two', 'few', 'many', 'other']],
  ])('lays each choice out for %s as its own forms, with the text between them as parts, not one nested in the other', (locale, categories) => {
    const prep = prepareIcu(TWO, locale, [], new TokenTable())!
    // The closing "." has no words: it is written as the source has it, not asked of the model.
    expect(prep.answerKeys).toEqual(['text#1', ...categories.map((c) => `a:${c}`), 'text#2', ...categories.map((c) => `b:${c}`)])
    expect(prep.outline).toEqual(['text#1', 'a', 'text#2', 'b', 'text#3'])
    expect(prep.sourceForms).toMatchObject({ 'text#1': 'You have ', 'text#2': ' and ', 'text#3': '.' })
    expect(Object.keys(prep.choices)).toEqual(['a', 'b'])
  })

  it.each(['ru', 'ar'])('comes back in the source\'s shape for %s: two plurals side by side, not nested', async (locale) => {
    const out = await pseudo(TWO, locale)
    const top = parse(out, { ignoreTag: true })
    const plurals = top.filter(isPluralElement)
    expect(plurals.map((p) => p.value)).toEqual(['a', 'b'])
    const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    for (const p of plurals) {
      expect(new Set(Object.keys(p.options))).toEqual(new Set(cardinal))
      // No choice inside a branch: the forms did not multiply.
      expect(Object.values(p.options).every((o) => !o.value.some((e) => isPluralElement(e) || isSelectElement(e)))).toBe(true)
    }
  })

  it('writes a model\'s answer back side by side, keeping text with no words as the source has it', () => {
    const words = { a: { one: 'файл', few: 'файла', many: 'файлов', other: 'файла' }, b: { one: 'папка', few: 'папки', many: 'папок', other: 'папки' } }
    const r = restoreAnswer('{a, plural, one {# file} other {# files}}, {b, plural, one {# folder} other {# folders}}', 'ru', (source, key) => {
      const [arg, category] = key.split(':') as ['a' | 'b', 'one']
      return source.replace(/[a-z]+$/u, words[arg][category])
    })
    expect(r.failures).toEqual([])
    expect(r.message).toBe('{a, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}, {b, plural, one {# папка} few {# папки} many {# папок} other {# папки}}')
  })

  it('holds the whole message, not each part alone, to max_length', () => {
    const text = '{a, plural, one {# file} other {# files}} and {b, plural, one {# folder} other {# folders}}'
    const check = (maxLength: number) => {
      const p = protectItem({ id: 'x', text, placeholders: [], maxLength }, '1', { glossary: [], targetLocale: 'de' })
      const forms = answer(p, (s) => s.replace('files', 'Dateien').replace('file', 'Datei').replace('folders', 'Ordner').replace('folder', 'Ordner').replace('and', 'und'))
      return checkModelOutput(p, { forms }, { glossary: [], sourceLocale: 'en', targetLocale: 'de' })
    }
    // "# Dateien und # Ordner": 22 characters, the longest combination; every part is shorter than 20.
    expect(check(22)).toMatchObject({ ok: true, text: '{a, plural, one {# Datei} other {# Dateien}} und {b, plural, one {# Ordner} other {# Ordner}}' })
    expect(check(20)).toMatchObject({ ok: false, failures: [{ code: 'too_long', message: 'the longest message the parts make: 22 characters, max_length is 20' }] })
  })

  it('names a second choice on the same argument apart, and lets a text part be empty', () => {
    const source = '{count, plural, one {# item} other {# items}} {count, plural, one {is} other {are}} selected'
    const prep = prepareIcu(source, 'de', [], new TokenTable())!
    expect(prep.answerKeys).toEqual(['count:one', 'count:other', 'count#2:one', 'count#2:other', 'text#2'])
    const r = restoreAnswer(source, 'de', (s, key) => (key === 'text#2' ? '' : key === 'count#2:one' ? 'ist ausgewählt' : key === 'count#2:other' ? 'sind ausgewählt' : s.replace('item', 'Element')))
    expect(r.failures).toEqual([])
    expect(r.message).toBe('{count, plural, one {# Element} other {# Elements}} {count, plural, one {ist ausgewählt} other {sind ausgewählt}}')
  })
})

describe('key order', () => {
  it.each([
    ['ru', '{n, plural, other {# items} one {# item} =0 {none}}', ['other', 'one', 'few', 'many', '=0']],
    ['ar', '{n, plural, other {# items} one {# item} =0 {none}}', ['other', 'zero', 'one', 'two', 'few', 'many', '=0']],
    ['ja', '{n, plural, other {# items} one {# item} =0 {none}}', ['other', '=0']],
    ['ru', '{n, plural, one {# item} =5 {five} other {# items}}', ['one', 'few', 'many', '=5', 'other']],
    ['pl', '{n, plural, =0 {none} other {# items}}', ['=0', 'one', 'few', 'many', 'other']],
    ['cy', '{n, selectordinal, other {#th} one {#st}}', ['other', 'zero', 'one', 'two', 'few', 'many']],
  ])('%s: %s keeps the source\'s order and puts new categories where a person would', async (locale, source, keys) => {
    const prep = prepareIcu(source, locale, [], new TokenTable())!
    expect(prep.answerKeys).toEqual(keys.map((k) => `n:${k}`))
    const [el] = parse(await pseudo(source, locale), { ignoreTag: true })
    expect(isPluralElement(el!) && Object.keys(el.options)).toEqual(keys)
  })
})

it('protectItem sends ICU items as forms', () => {
  const p = protectItem({ id: 'x', text: CART, placeholders: [] }, '1', { glossary: [], targetLocale: 'ru' })
  expect(p.icu?.answerKeys).toHaveLength(5)
})

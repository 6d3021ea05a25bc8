import { describe, expect, it } from 'vitest'
import { checkModelOutput, checkTranslation, countGraphemes } from './checks.js'
import type { CheckInput } from './checks.js'
import { protectItem } from './item.js'
import type { GlossaryTerm } from './provider.js'

const glossary: GlossaryTerm[] = [
  { term: 'Tolk', doNotTranslate: true },
  { term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' },
]

function check(over: Partial<CheckInput> & Pick<CheckInput, 'source' | 'output'>) {
  return checkTranslation({ placeholders: [], glossary, targetLocale: 'de', sourceLocale: 'en', ...over })
}

describe('checkTranslation', () => {
  it('accepts a translation with the same placeholders, terms and glossary rendering', () => {
    expect(
      check({
        source: { text: 'Invite %s to your Tolk workspace' },
        output: { text: 'Lade %s in deinen Tolk-Arbeitsbereich ein' },
        placeholders: ['%s'],
      }),
    ).toEqual([])
  })

  it.each([
    ['a lost placeholder', 'Hallo', 'appears 0 times, the source has 1'],
    ['a duplicated placeholder', 'Hallo %s %s', 'appears 2 times, the source has 1'],
  ])('names %s', (_, text, message) => {
    const failures = check({ source: { text: 'Hello %s' }, output: { text }, placeholders: ['%s'] })
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatchObject({ code: 'placeholder_mismatch', subject: '%s' })
    expect(failures[0]?.message).toContain(message)
  })

  it('names a translated do-not-translate term', () => {
    const failures = check({ source: { text: 'Open Tolk' }, output: { text: 'Öffne Tolke' } })
    expect(failures).toEqual([{ code: 'do_not_translate_changed', message: 'do-not-translate term "Tolk" appears 0 times, the source has 1', subject: 'Tolk' }])
  })

  it('finds a do-not-translate term glued to Japanese or Korean text', () => {
    expect(check({ source: { text: 'Open Tolk' }, output: { text: 'Tolkを開く' }, targetLocale: 'ja' })).toEqual([])
    expect(check({ source: { text: 'Open Tolk' }, output: { text: 'Tolk를 열기' }, targetLocale: 'ko' })).toEqual([])
    expect(check({ source: { text: 'Open Tolk' }, output: { text: 'Tolkien öffnen' } })[0]?.code).toBe('do_not_translate_changed')
  })

  it('requires the glossary rendering when the source uses the term, allowing inflection and English plurals', () => {
    expect(check({ source: { text: 'Your workspaces' }, output: { text: 'Deine Arbeitsbereiche' } })).toEqual([])
    expect(check({ source: { text: 'Your workspace' }, output: { text: 'Dein Bereich' } })[0]).toMatchObject({
      code: 'glossary_translation_missing',
      subject: 'workspace',
    })
    expect(check({ source: { text: 'Your workspacer' }, output: { text: 'x' } })).toEqual([])
  })

  it('counts max_length in user-perceived characters', () => {
    expect(countGraphemes('e\u0301👍🏽🇩🇪')).toBe(3)
    expect(check({ source: { text: 'Save' }, output: { text: 'Spéi👍🏽' }, maxLength: 5 })).toEqual([])
    expect(check({ source: { text: 'Save' }, output: { text: 'Speichern' }, maxLength: 5 })).toEqual([
      { code: 'too_long', message: '9 characters, max_length is 5', subject: '5' },
    ])
  })

  it('requires exactly the plural categories of the target locale', () => {
    const source = { text: '%d files', plural: { one: 'One file', other: '%d files' } }
    const failures = checkTranslation({
      source,
      output: { plural: { one: '%d файл', other: '%d файлов', two: '%d файла' } },
      placeholders: ['%d'],
      glossary: [],
      targetLocale: 'ru',
    })
    expect(failures.map((f) => f.message)).toEqual(['plural forms missing: few, many', 'plural forms not used by ru: two'])
  })

  it('accepts a French plural without many when the caller names many optional, and still refuses a missing one', () => {
    const base = { source: { text: '%d files', plural: { one: '%d file', other: '%d files' } }, placeholders: ['%d'], glossary: [], targetLocale: 'fr' }
    const oneOther = { plural: { one: '%d fichier', other: '%d fichiers' } }
    expect(checkTranslation({ ...base, output: oneOther }).map((f) => f.message)).toEqual(['plural forms missing: many'])
    expect(checkTranslation({ ...base, output: oneOther, optionalCategories: ['many'] })).toEqual([])
    expect(checkTranslation({ ...base, output: { plural: { ...oneOther.plural, many: '%d de fichiers' } }, optionalCategories: ['many'] })).toEqual([])
    expect(checkTranslation({ ...base, output: { plural: { other: '%d fichiers' } }, optionalCategories: ['many'] }).map((f) => f.message)).toEqual(['plural forms missing: one'])
  })

  it('lets plural forms other than "other" drop the number but not invent placeholders', () => {
    const base = { source: { text: '%d files', plural: { one: 'One file', other: '%d files' } }, placeholders: ['%d', '%s'], glossary: [], targetLocale: 'de' }
    expect(checkTranslation({ ...base, output: { plural: { one: 'Eine Datei', other: '%d Dateien' } } })).toEqual([])
    expect(checkTranslation({ ...base, output: { plural: { one: '%d %d Datei', other: 'Dateien' } } }).map((f) => f.message)).toEqual([
      'form "one": placeholder "%d" appears 2 times, the source has 0',
      'form "other": placeholder "%d" appears 0 times, the source has 1',
    ])
  })

  it('names an empty translation', () => {
    expect(check({ source: { text: 'Save' }, output: { text: '  ' } })[0]?.code).toBe('empty')
  })
})

describe('checkModelOutput', () => {
  const req = { glossary, sourceLocale: 'en', targetLocale: 'de' }
  const p = protectItem({ id: 'u1', text: 'Hello %s, welcome to Tolk', placeholders: ['%s'] }, '1', req)

  it('accepts a French plural without many for an item that names many optional (core passes the locale\'s rarely carried categories)', () => {
    const fr = { glossary: [], sourceLocale: 'en', targetLocale: 'fr' }
    const item = { id: 'u2', text: '%d files', plural: { one: '%d file', other: '%d files' }, placeholders: ['%d'], pluralCategories: ['one', 'many', 'other'] as const }
    const output = { plural: { one: '⟦1⟧ fichier', other: '⟦1⟧ fichiers' } }
    expect(checkModelOutput(protectItem({ ...item, pluralCategories: [...item.pluralCategories] }, '2', fr), output, fr).ok).toBe(false)
    expect(checkModelOutput(protectItem({ ...item, pluralCategories: [...item.pluralCategories], optionalPluralCategories: ['many'] }, '2', fr), output, fr))
      .toEqual({ ok: true, text: '%d fichiers', plural: { one: '%d fichier', other: '%d fichiers' } })
  })

  it('accepts an empty text part between two choices side by side ("{a} {b}" needs no words of its own)', () => {
    const de = { glossary: [], sourceLocale: 'en', targetLocale: 'de' }
    const q = protectItem({ id: 'u3', text: '{count, plural, one {# item} other {# items}} {count, plural, one {is} other {are}} selected', placeholders: [] }, '3', de)
    const icu = q.icu!
    const answer = (key: string) =>
      key === 'text#2' ? '' : key === 'count#2:one' ? 'ist ausgewählt' : key === 'count#2:other' ? 'sind ausgewählt' : icu.sourceForms[icu.refOf[key] ?? '']!.replace('item', 'Element')
    const verdict = checkModelOutput(q, { forms: Object.fromEntries(icu.answerKeys.map((k) => [k, answer(k)])) }, de)
    expect(verdict).toMatchObject({ ok: true, text: '{count, plural, one {# Element} other {# Elements}} {count, plural, one {ist ausgewählt} other {sind ausgewählt}}' })
  })

  it('restores tokens and accepts a good output', () => {
    expect(p.text).toBe('Hello ⟦1⟧, welcome to ⟦2⟧')
    expect(checkModelOutput(p, { text: 'Hallo ⟦1⟧, willkommen bei ⟦2⟧' }, req)).toEqual({ ok: true, text: 'Hallo %s, willkommen bei Tolk' })
  })

  it.each([
    ['lost', 'Hallo, willkommen bei ⟦2⟧', ['placeholder_mismatch']],
    ['duplicated', 'Hallo ⟦1⟧ ⟦1⟧, willkommen bei ⟦2⟧', ['placeholder_mismatch']],
    ['invented', 'Hallo ⟦1⟧, willkommen bei ⟦2⟧ ⟦3⟧', ['invented_token']],
    ['term token lost', 'Hallo ⟦1⟧, willkommen bei Tolke', ['do_not_translate_changed']],
  ])('fails a %s token with the candidate', (_, text, codes) => {
    const verdict = checkModelOutput(p, { text }, req)
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.failures.map((f) => f.code)).toEqual(codes)
    expect(verdict.candidate).toBeDefined()
  })
})

// Edge cases of JSON translation files: nesting vs literal dots, i18next plurals (v3/v4), ICU,
// escapes, CRLF/BOM, repeated keys, missing policies, bad input and size.
import { describe, expect, it } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { fuzzInputs, strictJson } from '../../test/json-testkit.js'
import { jsonFormat } from './index.js'

const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const parse = (text: string, locale = 'en') => jsonFormat.parse(text, { locale })
const roundTrip = (text: string, options = en) => jsonFormat.render(text, parse(text, options.locale).entries, options)
const withValue = (entries: Entry[], key: string, value: string) => entries.map((e) => (e.key === key ? { ...e, value } : e))

describe('reading keys', () => {
  it.each([
    ['flat keys', '{"a": "A", "b.c": "BC"}', [{ key: 'a', value: 'A' }, { key: 'b.c', value: 'BC' }]],
    ['nested keys joined with dots, their path in meta', '{"a": {"b": {"c": "C"}}}', [{ key: 'a.b.c', value: 'C', meta: { path: ['a', 'b', 'c'] } }]],
    ['a literal dot next to nesting, told apart by meta.path', '{"foo.bar": "flat", "foo": {"bar": "nested"}}', [
      { key: 'foo.bar', value: 'flat' },
      { key: 'foo.bar', value: 'nested', meta: { path: ['foo', 'bar'] } },
    ]],
    ['string items of arrays as indexed keys', '{"list": ["x", 2, "y"]}', [
      { key: 'list.0', value: 'x', meta: { path: ['list', 0] } },
      { key: 'list.2', value: 'y', meta: { path: ['list', 2] } },
    ]],
    ['numbers, booleans and null as no entries', '{"n": 1.5e3, "t": true, "z": null, "s": "S"}', [{ key: 's', value: 'S' }]],
  ])('reads %s', (_name, text, entries) => {
    expect(parse(text).entries).toEqual(entries)
    expect(roundTrip(text)).toBe(text)
  })

  it('warns about a literal-dot key that collides with a nested one and writes both back', () => {
    const text = '{"foo.bar": "flat", "foo": {"bar": "nested"}}'
    const result = parse(text)
    expect(result.issues).toEqual([{ severity: 'warning', message: expect.stringContaining('Repeated key "foo.bar"'), line: 1, column: 29 }])
    const out = jsonFormat.render(text, result.entries.map((e) => ({ ...e, value: e.value.toUpperCase() })), en)
    expect(out).toBe('{"foo.bar": "FLAT", "foo": {"bar": "NESTED"}}')
  })
})

describe('i18next plurals', () => {
  it('groups v4 suffixes into one entry with plural forms', () => {
    const text = '{\n  "item_one": "{{count}} item",\n  "item_other": "{{count}} items",\n  "lonely_other": "not a plural"\n}'
    expect(parse(text).entries).toEqual([
      { key: 'item', value: '{{count}} items', plural: { one: '{{count}} item', other: '{{count}} items' }, meta: { plural: 'i18next-v4' } },
      { key: 'lonely_other', value: 'not a plural' },
    ])
    expect(roundTrip(text)).toBe(text)
  })

  it('groups v3 `key` and `key_plural`', () => {
    const text = '{"day": "1 day", "day_plural": "{{count}} days"}'
    expect(parse(text).entries).toEqual([{ key: 'day', value: '{{count}} days', plural: { one: '1 day', other: '{{count}} days' }, meta: { plural: 'i18next-v3' } }])
  })

  it.each([
    ['ja', '{\n  "item_other": "X"\n}'],
    ['en', '{\n  "item_one": "1",\n  "item_other": "X"\n}'],
    ['pl', '{\n  "item_one": "1",\n  "item_few": "X",\n  "item_many": "X",\n  "item_other": "X"\n}'],
    ['ar', '{\n  "item_zero": "X",\n  "item_one": "1",\n  "item_two": "X",\n  "item_few": "X",\n  "item_many": "X",\n  "item_other": "X"\n}'],
  ])('writes exactly the forms %s needs when the forms change', (locale, expected) => {
    const template = '{\n  "item_one": "one",\n  "item_other": "other"\n}'
    const entries = [{ key: 'item', value: 'X', plural: { one: '1', other: 'X' }, meta: { plural: 'i18next-v4' } }]
    expect(jsonFormat.render(template, entries, { locale, sourceLocale: 'en' })).toBe(expected)
  })

  it('keeps a given `_zero` form, which i18next uses for 0 in every language', () => {
    const template = '{\n  "n_zero": "none",\n  "n_one": "one",\n  "n_other": "many"\n}'
    const entries = [{ key: 'n', value: 'lots', plural: { zero: 'none', one: 'one', other: 'lots' } }]
    expect(jsonFormat.render(template, entries, en)).toBe('{\n  "n_zero": "none",\n  "n_one": "one",\n  "n_other": "lots"\n}')
  })

  it('rewrites a v3 plural for a locale with more than two forms with i18next v3 index suffixes', () => {
    const template = '{"day": "1 day", "day_plural": "days"}'
    const entries = [{ key: 'day', value: 'дней', plural: { one: 'день', few: 'дня', many: 'дней', other: 'дня' }, meta: { plural: 'i18next-v3' } }]
    expect(jsonFormat.render(template, entries, { locale: 'ru', sourceLocale: 'en' }))
      .toBe('{"day_0": "день", "day_1": "дня", "day_2": "дней"}')
  })

  // Layout: an i18next React app, public/locales/{lng}/translation.json (issue 26).
  it('reads a lone `_other` in a locale copy as the plural (Japanese has only other), and as a plain key in the source', () => {
    const text = '{\n  "item_other": "{{count}} 個"\n}\n'
    const ja = { locale: 'ja', sourceLocale: 'en' }
    expect(jsonFormat.parse(text, ja).entries).toEqual([{ key: 'item', value: '{{count}} 個', plural: { other: '{{count}} 個' }, meta: { plural: 'i18next-v4' } }])
    expect(jsonFormat.parse(text, { locale: 'en', sourceLocale: 'en' }).entries).toEqual([{ key: 'item_other', value: '{{count}} 個' }])
    const changed = [{ key: 'item', value: '{{count}} 件', plural: { other: '{{count}} 件' } }]
    expect(jsonFormat.render(text, changed, { ...ja, templateLocale: 'ja' })).toBe('{\n  "item_other": "{{count}} 件"\n}\n')
  })

  it('never writes a member twice: a new entry whose member the copy already has leaves the copy\'s', () => {
    // The source holds `tip_other` as a plain key; the Japanese copy's `tip_other` reads as the plural `tip`.
    const copy = '{\n  "tip_other": "ヒント"\n}\n'
    const entries = [...jsonFormat.parse(copy, { locale: 'ja', sourceLocale: 'en' }).entries, { key: 'tip_other', value: 'Tip' }]
    expect(jsonFormat.render(copy, entries, { locale: 'ja', sourceLocale: 'en', templateLocale: 'ja' })).toBe(copy)
  })

  it('keeps a German copy\'s `_few` when its plural changes, filled from other', () => {
    const copy = '{\n  "item_one": "1 Datei",\n  "item_few": "Dateien",\n  "item_other": "Dateien"\n}'
    const entries = [{ key: 'item', value: 'Akten', plural: { one: '1 Akte', other: 'Akten' } }]
    expect(jsonFormat.render(copy, entries, { locale: 'de', sourceLocale: 'en', templateLocale: 'de' })).toBe('{\n  "item_one": "1 Akte",\n  "item_few": "Akten",\n  "item_other": "Akten"\n}')
  })

  it('adds a new plural entry as v4 forms for the locale', () => {
    const out = jsonFormat.render('{\n  "a": "A"\n}\n', [{ key: 'a', value: 'A' }, { key: 'cat', value: 'cats', plural: { one: 'cat', other: 'cats' } }], { locale: 'ja', sourceLocale: 'en' })
    expect(out).toBe('{\n  "a": "A",\n  "cat_other": "cats"\n}\n')
  })
})

describe('ICU values', () => {
  const template = '{"n": "{count, plural, one {# file} other {# files}}"}'

  it('keeps an ICU plural as the value text, with no plural map', () => {
    expect(parse(template).entries).toEqual([{ key: 'n', value: '{count, plural, one {# file} other {# files}}' }])
  })

  it("writes an ICU plural with the locale's categories when given plural forms for an ICU value", () => {
    const entries = [{ key: 'n', value: '# plików', plural: { one: '# plik', few: '# pliki', many: '# plików', other: '# pliku' } }]
    expect(jsonFormat.render(template, entries, { locale: 'pl', sourceLocale: 'en' }))
      .toBe('{"n": "{count, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}"}')
  })

  it('writes ICU for a new entry when meta.plural is "icu", using meta.icuArgument', () => {
    const entries = [{ key: 'n', value: 'x', plural: { one: 'a', other: 'b' }, meta: { plural: 'icu', icuArgument: 'num' } }]
    expect(jsonFormat.render(undefined, entries, { locale: 'ja', sourceLocale: 'en' })).toBe('{\n  "n": "{num, plural, other {b}}"\n}\n')
  })
})

describe('escapes, line endings and BOM', () => {
  it('keeps untouched escapes as written and writes edited values in the file style', () => {
    const text = '{"a": "caf\\u00e9", "b": "x\\/y", "c": "old"}'
    const out = jsonFormat.render(text, withValue(parse(text).entries, 'c', 'né/w "q"\n'), en)
    expect(out).toBe('{"a": "caf\\u00e9", "b": "x\\/y", "c": "n\\u00e9\\/w \\"q\\"\\n"}')
    expect(parse(out).entries[2]!.value).toBe('né/w "q"\n')
  })

  it('writes raw UTF-8 and emoji in a file that has raw UTF-8', () => {
    const text = '{"a": "é", "b": "x"}'
    expect(jsonFormat.render(text, withValue(parse(text).entries, 'b', '😀 ü'), en)).toBe('{"a": "é", "b": "😀 ü"}')
  })

  it('keeps CRLF and a BOM, and adds members with CRLF', () => {
    const text = '\uFEFF{\r\n  "a": "A"\r\n}\r\n'
    expect(roundTrip(text)).toBe(text)
    const out = jsonFormat.render(text, [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }], en)
    expect(out).toBe('\uFEFF{\r\n  "a": "A",\r\n  "b": "B"\r\n}\r\n')
  })

  it('keeps the absence of a final newline and a 4-space or tab indent', () => {
    for (const text of ['{\n    "a": "A"\n}', '{\n\t"a": "A"\n}']) {
      const out = jsonFormat.render(text, [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }], en)
      const unit = text.includes('\t') ? '\t' : '    '
      expect(out).toBe(`{\n${unit}"a": "A",\n${unit}"b": "B"\n}`)
    }
  })
})

describe('changing one value', () => {
  it('changes only that value in a nested file', () => {
    const text = '{\n  "x": {\n    "y": "old",\n    "n": 3\n  },\n  "list": ["a", "b"]\n}\n'
    const out = jsonFormat.render(text, withValue(parse(text).entries, 'x.y', 'new'), en)
    expect(out).toBe(text.replace('"old"', '"new"'))
    const out2 = jsonFormat.render(text, withValue(parse(text).entries, 'list.1', 'B'), en)
    expect(out2).toBe(text.replace('"b"', '"B"'))
  })
})

describe('missing policy', () => {
  const text = '{\n  "a": "A",\n  "g": {\n    "b": "B"\n  },\n  "n_one": "1",\n  "n_other": "N",\n  "c": "C"\n}\n'
  const only = [{ key: 'c', value: 'C' }]
  it.each([
    ['source', text],
    ['empty', '{\n  "a": "",\n  "g": {\n    "b": ""\n  },\n  "n_one": "",\n  "n_other": "",\n  "c": "C"\n}\n'],
    ['omit', '{\n  "g": {},\n  "c": "C"\n}\n'],
  ] as const)('handles template entries that were not given with `%s`', (missing, expected) => {
    expect(jsonFormat.render(text, only, { ...en, missing })).toBe(expected)
  })
})

describe('repeated keys', () => {
  const text = '{\n  "k": "first",\n  "x": "X",\n  "k": "second"\n}'

  it('reads both copies and warns with line and column', () => {
    const result = parse(text)
    expect(result.entries.map((e) => e.value)).toEqual(['first', 'X', 'second'])
    expect(result.issues).toEqual([{ severity: 'warning', message: 'Repeated key "k": every copy is kept', line: 4, column: 3 }])
  })

  it('writes both copies back, and one given entry updates the last copy only', () => {
    expect(roundTrip(text)).toBe(text)
    const out = jsonFormat.render(text, [{ key: 'k', value: 'changed' }, { key: 'x', value: 'X' }], { ...en, missing: 'omit' })
    expect(out).toBe('{\n  "k": "first",\n  "x": "X",\n  "k": "changed"\n}')
  })
})

describe('adding entries', () => {
  const text = '{\n    "common": {\n        "ok": "OK"\n    },\n    "title": "T"\n}'
  it.each([
    ['a nested entry into its existing parent', { key: 'common.cancel', value: 'Cancel', meta: { path: ['common', 'cancel'] } },
      '{\n    "common": {\n        "ok": "OK",\n        "cancel": "Cancel"\n    },\n    "title": "T"\n}'],
    ['a dotted key without meta into the object its prefix names', { key: 'common.cancel', value: 'Cancel' },
      '{\n    "common": {\n        "ok": "OK",\n        "cancel": "Cancel"\n    },\n    "title": "T"\n}'],
    ['a new nested branch', { key: 'a.b', value: 'AB', meta: { path: ['a', 'b'] } },
      '{\n    "common": {\n        "ok": "OK"\n    },\n    "title": "T",\n    "a": {\n        "b": "AB"\n    }\n}'],
    ['a dotted key with no matching object as a flat key', { key: 'x.y', value: 'XY' },
      '{\n    "common": {\n        "ok": "OK"\n    },\n    "title": "T",\n    "x.y": "XY"\n}'],
    ['a path through a string as a flat key beside it', { key: 'title.sub', value: 'S', meta: { path: ['title', 'sub'] } },
      '{\n    "common": {\n        "ok": "OK"\n    },\n    "title": "T",\n    "title.sub": "S"\n}'],
  ])('adds %s', (_name, entry, expected) => {
    const out = jsonFormat.render(text, [...parse(text).entries, entry], en)
    expect(out).toBe(expected)
    expect(strictJson(out)).toBe(true)
  })
})

describe('clean render', () => {
  it('writes nested objects from meta.path, flat keys as they are, arrays, and plurals for the locale', () => {
    const entries: Entry[] = [
      { key: 'a.b', value: 'AB', meta: { path: ['a', 'b'] } },
      { key: 'a.c', value: 'AC', meta: { path: ['a', 'c'] } },
      { key: 'x.y', value: 'flat' },
      { key: 'l.0', value: 'first', meta: { path: ['l', 0] } },
      { key: 'cat', value: 'cats', plural: { one: 'cat', other: 'cats' } },
    ]
    const out = jsonFormat.render(undefined, entries, en)
    expect(out).toBe('{\n  "a": {\n    "b": "AB",\n    "c": "AC"\n  },\n  "x.y": "flat",\n  "l": [\n    "first"\n  ],\n  "cat_one": "cat",\n  "cat_other": "cats"\n}\n')
    expect(parse(out).entries).toEqual([...entries.slice(0, 4), { ...entries[4], meta: { plural: 'i18next-v4' } }])
    expect(strictJson(out)).toBe(true)
  })

  it('writes a clean file when the template does not parse', () => {
    expect(jsonFormat.render('{"a": ', [{ key: 'a', value: 'A' }], en)).toBe('{\n  "a": "A"\n}\n')
  })
})

describe('bad input', () => {
  it.each([
    ['a trailing comma', '{\n  "a": "A",\n}', 3, 1],
    ['a missing comma', '{\n  "a": "A"\n  "b": "B"\n}', 3, 3],
    ['an array at the top', '[\n  "a"\n]', 1, 1],
    ['a comment', '{\n  // note\n  "a": "A"\n}', 2, 3],
    ['nesting deeper than 100 levels', '{"a":'.repeat(101) + '"x"' + '}'.repeat(101), 1, 501],
  ])('reports %s as an error with line and column', (_name, text, line, column) => {
    const result = parse(text)
    expect(result.issues[0]).toMatchObject({ severity: 'error', line, column })
  })

  it('never throws or hangs on truncated files, random bytes or spliced garbage', () => {
    const valid = '{\n  "a": "A \\u00e9 \\n",\n  "b": {"c": ["x", 1, true, null]},\n  "n_one": "1",\n  "n_other": "N"\n}\n'
    for (const input of fuzzInputs(valid)) {
      const result = parse(input)
      expect(result.issues.every((i) => i.line >= 1 && i.column >= 1)).toBe(true)
      if (!result.issues.some((i) => i.severity === 'error')) expect(jsonFormat.render(input, result.entries, en)).toBe(input)
    }
  })
})

describe('size', () => {
  it('parses and renders a generated 100,000-key file, and round-trips it', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `section${i % 100}.key${i}`, value: `Value ${i} with {{n}}`, meta: { path: [`section${i % 100}`, `key${i}`] } }))
    const file = jsonFormat.render(undefined, entries, en)
    const parsed = parse(file)
    expect(parsed.entries).toHaveLength(100_000)
    expect(jsonFormat.render(file, parsed.entries, en)).toBe(file)
  })

  it('omits 100,000 template keys at once', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}`, value: `v${i}` }))
    const file = jsonFormat.render(undefined, entries, en)
    expect(jsonFormat.render(file, [{ key: 'k5', value: 'five' }], { ...en, missing: 'omit' })).toBe('{\n  "k5": "five"\n}\n')
    expect(jsonFormat.render(file, [], { ...en, missing: 'empty' })).toBe(file.replace(/"v\d+"/g, '""'))
  })

  it('parses 10,000,000 characters', () => {
    const value = 'x'.repeat(90)
    const members: string[] = []
    for (let i = 0; members.length * 100 < 10_000_000; i++) members.push(`"k${String(i).padStart(6, '0')}": "${value}"`)
    const text = '{' + members.join(',') + '}'
    expect(text.length).toBeGreaterThanOrEqual(10_000_000)
    const result = parse(text)
    expect(result.issues).toEqual([])
    expect(result.entries).toHaveLength(members.length)
  })
})

describe('detect', () => {
  it.each([
    ['en.json', '{"a": "b"}', 0.9],
    ['en.json', '{"@@locale": "en", "a": "b"}', 0.3],
    ['Localizable.json', '{"sourceLanguage": "en", "strings": {}}', 0.1],
    ['notes.txt', 'hello', 0],
    ['data.json', '[1, 2]', 0.3],
  ])('scores %s with %j as %d', (name, content, score) => {
    expect(jsonFormat.detect(name, content)).toBe(score)
  })
})

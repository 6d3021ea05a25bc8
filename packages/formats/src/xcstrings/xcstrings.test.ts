// Edge cases of Xcode String Catalogs: every locale in one file, states, plural and device
// variations, substitutions, shouldTranslate, Xcode's layout and sort order, bad input and size.
import { describe, expect, it } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { fuzzInputs, strictJson } from '../../test/json-testkit.js'
import { xcstringsFormat } from './index.js'
import { catalogProblems } from '../../test/xcstrings-catalog.js'

const catalog = `{
  "sourceLanguage" : "en",
  "strings" : {
    "files" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld file"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld files"
                }
              }
            }
          }
        }
      }
    },
    "Hello" : {
      "comment" : "Greeting",
      "extractionState" : "manual",
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "needs_review",
            "value" : "Hallo"
          }
        },
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Hello"
          }
        }
      }
    },
    "Internal" : {
      "shouldTranslate" : false
    }
  },
  "version" : "1.0"
}`
const options: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const parsed = () => xcstringsFormat.parse(catalog, { locale: 'en' })
const de: RenderOptions = { locale: 'de', sourceLocale: 'en' }

function valid(text: string): boolean {
  return strictJson(text) && catalogProblems(text).length === 0
}

describe('reading', () => {
  it('reads every locale into values, the asked locale into value, and states into meta', () => {
    const result = xcstringsFormat.parse(catalog, { locale: 'de' })
    expect(result.locales).toEqual(['en', 'de'])
    expect(result.issues).toEqual([])
    expect(result.entries).toEqual([
      { key: 'files', value: '', values: { en: { value: '%lld files', plural: { one: '%lld file', other: '%lld files' } } } },
      { key: 'Hello', value: 'Hallo', comment: 'Greeting', values: { de: { value: 'Hallo' }, en: { value: 'Hello' } }, meta: { extractionState: 'manual', states: { de: 'needs_review' } } },
    ])
  })

  it('reads no entry for a key marked shouldTranslate false, and keeps it whatever render is given', () => {
    expect(parsed().entries.map((e) => e.key)).toEqual(['files', 'Hello'])
    const out = xcstringsFormat.render(catalog, [], { ...de, missing: 'omit' })
    expect(out).toContain('"Internal" : {\n      "shouldTranslate" : false\n    }')
    expect(out).not.toContain('"Hello"')
  })

  it('reads the source language when no locale is asked for', () => {
    expect(xcstringsFormat.parse(catalog, {}).entries[1]!.value).toBe('Hello')
  })

  it('reads device variations from the `other` device and keeps substitutions in meta', () => {
    const text = '{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@n@"}, "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}}}, "fr": {"variations": {"device": {"mac": {"stringUnit": {"state": "translated", "value": "Cliquer"}}, "other": {"stringUnit": {"state": "translated", "value": "Toucher"}}}}}}}}}'
    const [entry] = xcstringsFormat.parse(text, {}).entries
    expect(entry!.values).toEqual({ en: { value: '%#@n@' }, fr: { value: 'Toucher' } })
    expect(entry!.meta).toMatchObject({ substitutions: { en: { n: { argNum: 1, formatSpecifier: 'lld' } } }, devices: { fr: { mac: { stringUnit: { value: 'Cliquer' } } } } })
  })

  it('warns about repeated keys and plural keys that are not CLDR categories', () => {
    const text = '{"sourceLanguage": "en", "strings": {"a": {}, "a": {"localizations": {"en": {"variations": {"plural": {"single": {"stringUnit": {"state": "new", "value": "x"}}}}}}}}}'
    expect(xcstringsFormat.parse(text, {}).issues.map((i) => i.message)).toEqual([
      'Repeated key "a": every copy is kept',
      '"single" is not a CLDR plural category; it is kept but not read',
    ])
  })
})

describe('rendering into a template', () => {
  it('marks a changed translation as translated and leaves unchanged states alone', () => {
    const entries = xcstringsFormat.parse(catalog, { locale: 'de' }).entries.map((e) => (e.key === 'Hello' ? { ...e, value: 'Hallo!' } : e))
    const out = xcstringsFormat.render(catalog, entries, de)
    expect(out).toBe(catalog.replace('"state" : "needs_review",\n            "value" : "Hallo"', '"state" : "translated",\n            "value" : "Hallo!"'))
    expect(valid(out)).toBe(true)
  })

  it('writes an edited value in the rendered locale even though values still holds the old text (one field, one meaning)', () => {
    const entries = xcstringsFormat.parse(catalog, { locale: 'de' }).entries
    expect(entries[1]!.values!.de!.value).toBe('Hallo')
    const out = xcstringsFormat.render(catalog, entries.map((e) => (e.key === 'Hello' ? { ...e, value: 'Guten Tag' } : e)), de)
    expect(xcstringsFormat.parse(out, { locale: 'de' }).entries[1]!.value).toBe('Guten Tag')
    expect(out).toContain('"value" : "Hello"')
    const plural = entries.map((e) => (e.key === 'files' ? { ...e, value: '%lld Dateien', plural: { one: '%lld Datei', other: '%lld Dateien' } } : e))
    expect(xcstringsFormat.parse(xcstringsFormat.render(catalog, plural, de), { locale: 'de' }).entries[0]!.plural).toEqual({ one: '%lld Datei', other: '%lld Dateien' })
    expect(valid(out)).toBe(true)
  })

  it('writes a state that meta.states names for an unchanged text, and keeps the file state when meta has none', () => {
    const entries = parsed().entries.map((e) => (e.key === 'Hello' ? { ...e, meta: { ...e.meta, states: { de: 'translated', en: 'needs_review' } } } : e))
    const out = xcstringsFormat.render(catalog, entries, options)
    expect(out).toBe(catalog
      .replace('"state" : "needs_review",\n            "value" : "Hallo"', '"state" : "translated",\n            "value" : "Hallo"')
      .replace('"state" : "translated",\n            "value" : "Hello"', '"state" : "needs_review",\n            "value" : "Hello"'))
    const withoutMeta = parsed().entries.map((e) => ({ ...e, meta: undefined }))
    expect(xcstringsFormat.render(catalog, withoutMeta, options)).toBe(catalog)
  })

  it('adds a new locale in sorted position with the plural forms that locale needs', () => {
    const entries = parsed().entries.map((e) => (e.key === 'files'
      ? { ...e, values: { ...e.values, ru: { value: '%lld файла', plural: { one: '%lld файл', few: '%lld файла', many: '%lld файлов', other: '%lld файла' } }, de: { value: '%lld Dateien', plural: { one: '%lld Datei', other: '%lld Dateien' } } } }
      : e))
    const out = xcstringsFormat.render(catalog, entries, options)
    const back = xcstringsFormat.parse(out, {}).entries[0]!
    expect(Object.keys(back.values!)).toEqual(['de', 'en', 'ru'])
    expect(back.values!.ru!.plural).toEqual({ few: '%lld файла', many: '%lld файлов', one: '%lld файл', other: '%lld файла' })
    expect(out).toContain('"de" : {\n          "variations" : {\n            "plural" : {\n              "one" : {\n                "stringUnit" : {\n                  "state" : "translated",\n                  "value" : "%lld Datei"')
    expect(valid(out)).toBe(true)
  })

  it('writes exactly the forms a locale needs when its plural changes', () => {
    const entries = parsed().entries.map((e) => (e.key === 'files' ? { ...e, values: { ja: { value: '%lld 個', plural: { other: '%lld 個' } } } } : e))
    const out = xcstringsFormat.render(catalog, entries, options)
    const ja = JSON.parse(out).strings.files.localizations.ja
    expect(Object.keys(ja.variations.plural)).toEqual(['other'])
  })

  it('adds a new key where Xcode sorts it, in Xcode layout, and takes value for the rendered locale when values are absent', () => {
    const entries: Entry[] = [...parsed().entries, { key: 'goodbye', value: 'Tschüss', comment: 'Bye' }]
    const out = xcstringsFormat.render(catalog, entries, { locale: 'de', sourceLocale: 'en' })
    expect(Object.keys(JSON.parse(out).strings)).toEqual(['files', 'goodbye', 'Hello', 'Internal'])
    expect(out).toContain('"goodbye" : {\n      "comment" : "Bye",\n      "extractionState" : "manual",\n      "localizations" : {\n        "de" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "Tschüss"\n          }\n        }\n      }\n    },\n    "Hello"')
    expect(valid(out)).toBe(true)
  })

  it('adds localizations to a key that had none, and changes a device variation through its `other` device', () => {
    const text = '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "k" : {\n      "extractionState" : "manual"\n    },\n    "tap" : {\n      "localizations" : {\n        "en" : {\n          "variations" : {\n            "device" : {\n              "mac" : {\n                "stringUnit" : {\n                  "state" : "translated",\n                  "value" : "Click"\n                }\n              },\n              "other" : {\n                "stringUnit" : {\n                  "state" : "translated",\n                  "value" : "Tap"\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  },\n  "version" : "1.0"\n}'
    const entries: Entry[] = [{ key: 'k', value: 'K' }, { key: 'tap', value: 'Touch', values: { en: { value: 'Tap' } } }]
    const out = xcstringsFormat.render(text, entries, options)
    expect(out).toBe(text
      .replace('"extractionState" : "manual"\n', '"extractionState" : "manual",\n      "localizations" : {\n        "en" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "K"\n          }\n        }\n      }\n')
      .replace('"Tap"', '"Touch"'))
    expect(valid(out)).toBe(true)
  })

  it.each([
    ['source', (t: string) => t],
    ['empty', (t: string) => t.replace(/"de" : \{\n {10}"stringUnit" : \{\n[^}]*\}\n {8}\},\n {8}/, '')],
    ['omit', (t: string) => t.replace(/,\n {4}"Hello" : \{[\s\S]*?\n {4}\}(?=,\n {4}"Internal")/, '')],
  ] as const)('handles keys that were not given with `%s`', (missing, expected) => {
    const entries = parsed().entries.filter((e) => e.key !== 'Hello')
    const out = xcstringsFormat.render(catalog, entries, { ...options, missing })
    expect(out).toBe(expected(catalog))
    expect(valid(out)).toBe(true)
  })

  it("keeps a non-Xcode file's own `\": \"` layout when adding keys", () => {
    const text = '{\n  "sourceLanguage": "en",\n  "strings": {\n    "a": {\n      "localizations": {\n        "en": {\n          "stringUnit": {\n            "state": "translated",\n            "value": "A"\n          }\n        }\n      }\n    }\n  },\n  "version": "1.0"\n} '
    const out = xcstringsFormat.render(text, [...xcstringsFormat.parse(text, {}).entries, { key: 'b', value: 'B' }], options)
    expect(out).toContain('    },\n    "b": {\n      "extractionState": "manual",\n      "localizations": {\n        "en": {')
    expect(out.endsWith('"version": "1.0"\n} ')).toBe(true)
  })
})

describe('clean render', () => {
  it("writes Xcode's layout (space before the colon, no final newline), sorted keys, shouldTranslate, substitutions", () => {
    const entries: Entry[] = [
      { key: 'b', value: '%#@n@', values: { de: { value: '%#@n@' } }, meta: { substitutions: { en: { n: { formatSpecifier: 'lld', argNum: 1, variations: { plural: { other: { stringUnit: { value: '%arg', state: 'translated' } } } } } } } } },
      { key: 'A', value: 'A', meta: { shouldTranslate: false, extractionState: 'manual' } },
    ]
    const out = xcstringsFormat.render(undefined, entries, options)
    expect(out.startsWith('{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "A" : {\n      "extractionState" : "manual",\n      "localizations" : {\n        "en" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "A"\n          }\n        }\n      },\n      "shouldTranslate" : false\n    },\n    "b" : {')).toBe(true)
    expect(out.endsWith('\n  },\n  "version" : "1.0"\n}')).toBe(true)
    expect(out).toContain('"substitutions" : {\n            "n" : {\n              "argNum" : 1,\n              "formatSpecifier" : "lld",')
    expect(out).not.toContain('"de" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "%#@n@"\n          },\n          "substitutions"')
    expect(valid(out.replace(/"de" : \{[\s\S]*?\n {8}\},\n/, ''))).toBe(true)
  })

  it('reads back what it writes', () => {
    const entries: Entry[] = [{ key: 'k', value: 'x', values: { en: { value: 'x' }, pl: { value: 'y', plural: { one: 'a', few: 'b', many: 'c', other: 'y' } } } }]
    const out = xcstringsFormat.render(undefined, entries, options)
    expect(xcstringsFormat.parse(out, { locale: 'en' }).entries).toEqual([{ ...entries[0], meta: { extractionState: 'manual' } }])
    expect(valid(out)).toBe(true)
  })
})

describe('bad input', () => {
  it.each([
    ['an object without strings', '{"sourceLanguage": "en"}', 1, 1],
    ['a missing comma', '{\n  "sourceLanguage" : "en"\n  "strings" : {}\n}', 3, 3],
    ['truncated', '{\n  "sourceLanguage" : "en",\n  "strings" : {', 3, 16],
  ])('reports %s as an error with line and column', (_name, text, line, column) => {
    expect(xcstringsFormat.parse(text, {}).issues[0]).toMatchObject({ severity: 'error', line, column })
  })

  it('never throws on truncated files, random bytes or spliced garbage', () => {
    for (const input of fuzzInputs(catalog)) {
      const result = xcstringsFormat.parse(input, {})
      if (!result.issues.some((i) => i.severity === 'error')) expect(xcstringsFormat.render(input, result.entries, options)).toBe(input)
    }
  })
})

describe('size', () => {
  it('parses and renders a generated 100,000-key catalog, and round-trips it', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `key${i}`, value: `Value ${i}` }))
    const file = xcstringsFormat.render(undefined, entries, options)
    const result = xcstringsFormat.parse(file, {})
    expect(result.entries).toHaveLength(100_000)
    expect(xcstringsFormat.render(file, result.entries, options)).toBe(file)
  })
})

describe('many keys at once', () => {
  it('inserts 20,000 new keys between 20,000 existing ones in sorted order', () => {
    const all: Entry[] = Array.from({ length: 40_000 }, (_, i) => ({ key: `k${String(i).padStart(6, '0')}`, value: `v${i}` }))
    const template = xcstringsFormat.render(undefined, all.filter((_, i) => i % 2 === 0), options)
    const out = xcstringsFormat.render(template, all, options)
    expect(out).toBe(xcstringsFormat.render(undefined, all, options))
  })

  it('omits or empties every key a pull does not carry', () => {
    const entries: Entry[] = Array.from({ length: 20_000 }, (_, i) => ({ key: `k${i}`, value: '', values: { en: { value: `v${i}` }, de: { value: `w${i}` } } }))
    const file = xcstringsFormat.render(undefined, entries, options)
    const omitted = xcstringsFormat.render(file, [], { ...options, missing: 'omit' })
    expect(omitted).toBe('{\n  "sourceLanguage" : "en",\n  "strings" : {},\n  "version" : "1.0"\n}')
    const emptied = xcstringsFormat.parse(xcstringsFormat.render(file, [], { ...options, missing: 'empty' }), {})
    expect(emptied.locales).toEqual(['en'])
    expect(emptied.entries).toHaveLength(20_000)
  })
})

describe('10,000,000 characters', () => {
  it('parses without running out of memory', () => {
    const unit = (v: string) => `{"stringUnit": {"state": "translated", "value": "${v}"}}`
    const keys: string[] = []
    for (let size = 0; size < 10_000_000; size += keys[keys.length - 1]!.length + 1) keys.push(`"k${keys.length}": {"localizations": {"en": ${unit('x'.repeat(40))}, "de": ${unit('y'.repeat(40))}}}`)
    const text = `{"sourceLanguage": "en", "strings": {${keys.join(',')}}, "version": "1.0"}`
    expect(text.length).toBeGreaterThanOrEqual(10_000_000)
    const result = xcstringsFormat.parse(text, {})
    expect(result.issues).toEqual([])
    expect(result.entries).toHaveLength(keys.length)
    expect(result.locales).toEqual(['en', 'de'])
  })
})

describe('detect', () => {
  it.each([
    ['Localizable.xcstrings', '{}', 1],
    ['Localizable.json', '{"sourceLanguage" : "en", "strings" : {}}', 0.9],
    ['en.json', '{"a": "b"}', 0],
  ])('scores %s with %j as %d', (name, content, score) => {
    expect(xcstringsFormat.detect(name, content)).toBe(score)
  })
})

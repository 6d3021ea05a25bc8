// Edge cases of Flutter ARB: @@locale, @key metadata (description, placeholders), the Flutter
// rule that metadata lives in the template ARB, ICU plurals per locale, bad input and size.
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { fuzzInputs, strictJson } from '../../test/json-testkit.js'
import { arbFormat } from './index.js'

const template = `{
  "@@locale": "en",
  "@@last_modified": "2024-01-01",
  "hello": "Hello {name}",
  "@hello": {
    "description": "Greets someone",
    "placeholders": {
      "name": {
        "type": "String",
        "example": "Ana"
      }
    }
  },
  "files": "{count, plural, =0{No files} one{{count} file} other{{count} files}}",
  "plain": "Plain"
}
`
const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const de: RenderOptions = { locale: 'de', sourceLocale: 'en' }

describe('reading', () => {
  it('reads messages, descriptions as comments, placeholders and other attributes into meta', () => {
    const result = arbFormat.parse(template, {})
    expect(result.locales).toEqual(['en'])
    expect(result.issues).toEqual([])
    expect(result.entries).toEqual([
      { key: 'hello', value: 'Hello {name}', comment: 'Greets someone', meta: { placeholders: { name: { type: 'String', example: 'Ana' } } } },
      { key: 'files', value: '{count, plural, =0{No files} one{{count} file} other{{count} files}}' },
      { key: 'plain', value: 'Plain' },
    ])
  })

  it('takes the locale from the options when the file has no @@locale', () => {
    expect(arbFormat.parse('{"a": "A"}', { locale: 'ar' }).locales).toEqual(['ar'])
  })

  it('warns about repeated keys and non-string messages, keeping them', () => {
    const text = '{\n  "a": "1",\n  "n": 5,\n  "a": "2"\n}'
    const result = arbFormat.parse(text, {})
    expect(result.entries.map((e) => e.value)).toEqual(['1', '2'])
    expect(result.issues).toEqual([
      { severity: 'warning', message: 'Message "n" is not a string; it is kept as it is', line: 3, column: 3 },
      { severity: 'warning', message: 'Repeated key "a": every copy is kept', line: 4, column: 3 },
    ])
    expect(arbFormat.render(text, result.entries, en)).toBe(text)
  })
})

describe('rendering into a template', () => {
  const entries = arbFormat.parse(template, {}).entries

  it('sets @@locale to the rendered locale and changes only the changed value', () => {
    const changed = entries.map((e) => (e.key === 'plain' ? { ...e, value: 'Einfach' } : e))
    const out = arbFormat.render(template, changed, de)
    expect(out).toBe(template.replace('"@@locale": "en"', '"@@locale": "de"').replace('"Plain"', '"Einfach"'))
  })

  it('keeps @@locale when it names the rendered locale with an underscore, and writes one when it changes', () => {
    const text = '{\n  "@@locale": "pt_BR",\n  "a": "A"\n}'
    expect(arbFormat.render(text, [{ key: 'a', value: 'A' }], { locale: 'pt-BR', sourceLocale: 'en' })).toBe(text)
    expect(arbFormat.render(text, [{ key: 'a', value: 'A' }], { locale: 'zh-Hant-TW', sourceLocale: 'en' })).toBe(text.replace('pt_BR', 'zh_Hant_TW'))
    expect(arbFormat.render(undefined, [], { locale: 'pt-BR', sourceLocale: 'en' })).toBe('{\n  "@@locale": "pt_BR"\n}\n')
  })

  it('writes new messages with metadata when the template carries metadata', () => {
    const out = arbFormat.render(template, [...entries, { key: 'bye', value: 'Bye', comment: 'Farewell' }], en)
    expect(out).toBe(template.replace('"plain": "Plain"\n', '"plain": "Plain",\n  "bye": "Bye",\n  "@bye": {\n    "description": "Farewell"\n  }\n'))
  })

  it('does not copy metadata into a translation file that has none', () => {
    const translation = '{\n  "plain": "Einfach"\n}'
    const out = arbFormat.render(translation, [{ key: 'plain', value: 'Einfach' }, { key: 'bye', value: 'Tschüss', comment: 'Farewell', meta: { placeholders: {} } }], de)
    expect(out).toBe('{\n  "plain": "Einfach",\n  "bye": "Tschüss"\n}')
  })

  it.each([
    ['source', template],
    ['empty', template.replace('"Plain"', '""')],
    ['omit', '{\n  "@@locale": "en",\n  "@@last_modified": "2024-01-01",\n  "files": "{count, plural, =0{No files} one{{count} file} other{{count} files}}"\n}\n'],
  ] as const)('handles messages that were not given with `%s`', (missing, expected) => {
    const given = entries.filter((e) => e.key === 'files' || (missing === 'empty' && e.key === 'hello'))
    expect(arbFormat.render(template, given, { ...en, missing })).toBe(expected)
  })

  it.each([
    ['ja', '{count, plural, other {{count} ファイル}}'],
    ['ar', '{count, plural, zero {{count} ファイル} one {a} two {{count} ファイル} few {{count} ファイル} many {{count} ファイル} other {{count} ファイル}}'],
  ])('writes an ICU plural with the categories %s needs when given plural forms', (locale, expected) => {
    const changed = entries.map((e) => (e.key === 'files' ? { ...e, value: 'x', plural: { one: 'a', other: '{count} ファイル' } } : e))
    const out = arbFormat.render(template, changed, { locale, sourceLocale: 'en' })
    const value = arbFormat.parse(out, {}).entries.find((e) => e.key === 'files')!.value
    expect(value).toBe(expected)
    expect(() => parseIcu(value, { ignoreTag: true })).not.toThrow()
  })
})

describe('clean render', () => {
  const entries: Entry[] = [{ key: 'hello', value: 'Hello {name}', comment: 'Greets', meta: { placeholders: { name: { type: 'String' } } } }]

  it('writes metadata in the source locale, where Flutter keeps it', () => {
    const out = arbFormat.render(undefined, entries, en)
    expect(out).toBe('{\n  "@@locale": "en",\n  "hello": "Hello {name}",\n  "@hello": {\n    "description": "Greets",\n    "placeholders": {\n      "name": {\n        "type": "String"\n      }\n    }\n  }\n}\n')
    expect(arbFormat.parse(out, {}).entries).toEqual(entries)
    expect(strictJson(out)).toBe(true)
  })

  it('leaves metadata out of a translation', () => {
    expect(arbFormat.render(undefined, entries, de)).toBe('{\n  "@@locale": "de",\n  "hello": "Hello {name}"\n}\n')
  })
})

describe('bad input', () => {
  it.each([
    ['a missing comma', '{\n  "a": "A"\n  "b": "B"\n}', 3, 3],
    ['a // comment', '{\n  // #docregion\n  "a": "A"\n}', 2, 3],
    ['a trailing comma', '{"a": "A",}', 1, 11],
  ])('reports %s as an error with line and column', (_name, text, line, column) => {
    expect(arbFormat.parse(text, {}).issues[0]).toMatchObject({ severity: 'error', line, column })
  })

  it('never throws on truncated files, random bytes or spliced garbage', () => {
    for (const input of fuzzInputs(template)) {
      const result = arbFormat.parse(input, {})
      const locale = result.locales[0] ?? 'en'
      if (!result.issues.some((i) => i.severity === 'error')) expect(arbFormat.render(input, result.entries, { locale, sourceLocale: 'en' })).toBe(input)
    }
  })
})

describe('size', () => {
  it('parses and renders a generated 100,000-key file, and round-trips it', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `message${i}`, value: `Value {n} ${i}`, comment: `Note ${i}` }))
    const file = arbFormat.render(undefined, entries, en)
    const parsed = arbFormat.parse(file, {})
    expect(parsed.entries).toEqual(entries)
    expect(arbFormat.render(file, parsed.entries, en)).toBe(file)
  })
})

describe('10,000,000 characters', () => {
  it('parses without running out of memory', () => {
    const members: string[] = []
    for (let size = 0; size < 10_000_000; size += members[members.length - 1]!.length + 1) members.push(`"m${members.length}": "${'x'.repeat(60)}", "@m${members.length}": {"description": "${'d'.repeat(80)}"}`)
    const text = '{' + members.join(',') + '}'
    expect(text.length).toBeGreaterThanOrEqual(10_000_000)
    const result = arbFormat.parse(text, {})
    expect(result.issues).toEqual([])
    expect(result.entries).toHaveLength(members.length)
  })
})

describe('detect', () => {
  it.each([
    ['app_en.arb', '{"a": "b"}', 0.95],
    ['app_en.json', '{"@@locale": "en", "a": "b"}', 0.92],
    ['app_en.json', '{"a": "b", "@a": {"description": "x"}}', 0.92],
    ['en.json', '{"a": "b"}', 0],
    ['Localizable.xcstrings', '{"sourceLanguage": "en", "strings": {}}', 0],
  ])('scores %s with %j as %d', (name, content, score) => {
    expect(arbFormat.detect(name, content)).toBe(score)
  })
})

// Edge cases of Java .properties: escapes, separators, continuations, comments, styles, policies.
import { describe, expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { propertiesFormat } from './index.js'

const opts = { locale: 'de', sourceLocale: 'en' }
const parse = (text: string) => propertiesFormat.parse(text, opts)
const render = (template: string | undefined, entries: readonly Entry[], missing?: 'source' | 'empty' | 'omit') =>
  propertiesFormat.render(template, entries, { ...opts, ...(missing ? { missing } : {}) })
const values = (text: string) => parse(text).entries.map((e) => [e.key, e.value])

describe('properties parse', () => {
  it.each([
    ['equals separator', 'a=b\n', [['a', 'b']]],
    ['colon separator with spaces', 'a : b\n', [['a', 'b']]],
    ['whitespace separator', 'a b\n', [['a', 'b']]],
    ['tab separator', 'a\tb\n', [['a', 'b']]],
    ['separator followed by another separator char', 'a==b\n', [['a', '=b']]],
    ['key without value', 'k\n', [['k', '']]],
    ['empty key', '=l\n', [['', 'l']]],
    ['escaped space and colon in the key', 'a\\ b\\:c = d\n', [['a b:c', 'd']]],
    ['escaped leading space in the value', 'a = \\ x\n', [['a', ' x']]],
    ['trailing whitespace belongs to the value', 'a = x  \n', [['a', 'x  ']]],
    ['unicode escapes', 'a = gr\\u00f6\\u00DFer\n', [['a', 'größer']]],
    ['tab, newline, return and form feed escapes', 'a = 1\\t2\\n3\\r4\\f5\n', [['a', '1\t2\n3\r4\f5']]],
    ['unknown escapes mean the character', 'a = \\q\\#\n', [['a', 'q#']]],
    ['double backslash is one backslash', 'a = c:\\\\dir\n', [['a', 'c:\\dir']]],
    ['continuation drops the next line\'s indentation', 'a = one \\\n    two\n', [['a', 'one two']]],
    ['even backslashes do not continue', 'a = x\\\\\nb = y\n', [['a', 'x\\'], ['b', 'y']]],
    ['# in a value is text', 'a = x # y\n', [['a', 'x # y']]],
    ['comments with # and !', '# one\n! two\na = b\n', [['a', 'b']]],
    ['CRLF lines', 'a = b\r\nc = d\r\n', [['a', 'b'], ['c', 'd']]],
    ['a lone CR ends a line as in Java', 'a = b\rc = d', [['a', 'b'], ['c', 'd']]],
    ['BOM before the first key', '\uFEFFa = b\n', [['a', 'b']]],
    ['raw UTF-8 text', 'klíč = hodnota ž\n', [['klíč', 'hodnota ž']]],
  ])('reads %s', (_name, text, expected) => {
    expect(values(text)).toEqual(expected)
    expect(render(text, parse(text).entries)).toBe(text)
  })

  it('attaches the comment block directly above a key', () => {
    const { entries } = parse('# Section\n\n# first line\n! second line\na = b\nc = d\n')
    expect(entries[0]!.comment).toBe('first line\nsecond line')
    expect(entries[1]!.comment).toBeUndefined()
  })

  it('reads a malformed \\u escape leniently with a warning that names its line and column', () => {
    const { entries, issues } = parse('ok = 1\nbad = x\\u12G4\n')
    expect(entries[1]!.value).toBe('x\\u12G4')
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', line: 2, column: 8 })])
    expect(render('ok = 1\nbad = x\\u12G4\n', entries)).toBe('ok = 1\nbad = x\\u12G4\n')
  })

  it('reports a repeated key as a warning and keeps both copies', () => {
    const text = 'a = 1\nb = 2\na = 3\n'
    const { entries, issues } = parse(text)
    expect(entries.map((e) => e.value)).toEqual(['1', '2', '3'])
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', line: 3 })])
    expect(render(text, entries)).toBe(text)
  })

  it('gives a single value for a repeated key to the last copy, the one Java reads', () => {
    expect(render('a = 1\na = 2\n', [{ key: 'a', value: 'x' }])).toBe('a = 1\na = x\n')
  })
})

describe('properties render', () => {
  it('changes only the value bytes of a continued value', () => {
    const text = '# c\na = one \\\n   two\nb = 3\n'
    expect(render(text, [{ key: 'a', value: 'new' }, { key: 'b', value: '3' }])).toBe('# c\na = new\nb = 3\n')
  })

  it.each([
    ['escapes non-ASCII in an ASCII file (ISO-8859-1 rule)', 'a = x\n', 'größer', 'a = gr\\u00f6\\u00dfer\n'],
    ['follows the file\'s upper-case hex', 'a = \\u00D6\n', 'ö', 'a = \\u00F6\n'],
    ['writes raw UTF-8 in a file that has raw UTF-8', 'a = ž\n', 'größer', 'a = größer\n'],
    ['escapes a leading space and newlines', 'a = x\n', ' two\nlines', 'a = \\ two\\nlines\n'],
    ['escapes backslashes', 'a = x\n', 'c:\\dir', 'a = c:\\\\dir\n'],
    ['writes text beyond the BMP as surrogate escapes', 'a = x\n', '😀', 'a = \\ud83d\\ude00\n'],
    ['adds a separator to a bare key', 'k\n', 'v', 'k=v\n'],
    ['keeps CRLF', 'a = x\r\nb = y\r\n', 'z', 'a = z\r\nb = y\r\n'],
  ])('%s', (_name, template, value, expected) => {
    const entries = parse(template).entries.map((e, i) => (i === 0 ? { ...e, value } : e))
    const out = render(template, entries)
    expect(out).toBe(expected)
    expect(parse(out).entries[0]!.value).toBe(value)
  })

  it('appends new keys at the end with the file\'s separator and comment', () => {
    const text = 'a    = 1\nb    = 2\n'
    const out = render(text, [...parse(text).entries, { key: 'new key', value: 'ž', comment: 'added' }])
    expect(out).toBe('a    = 1\nb    = 2\n# added\nnew\\ key = \\u017e\n')
  })

  it('puts a new key after the last key that shares its longest dotted prefix', () => {
    const text = 'errors.a = A\nerrors.b = B\n\nlabels.x = X\n'
    const out = render(text, [...parse(text).entries, { key: 'errors.c', value: 'C' }, { key: 'labels.y', value: 'Y' }, { key: 'other', value: 'O' }])
    expect(out).toBe('errors.a = A\nerrors.b = B\nerrors.c = C\n\nlabels.x = X\nlabels.y = Y\nother = O\n')
  })

  it('keeps a missing final newline when it appends', () => {
    expect(render('a=1', [{ key: 'a', value: '1' }, { key: 'b', value: '2' }])).toBe('a=1\nb=2')
  })

  it.each([
    ['source', 'a = 1\n# about b\nb = 2\n'],
    ['empty', 'a = 1\n# about b\nb = \n'],
    ['omit', 'a = 1\n'],
  ] as const)('handles a key missing from entries with policy %s', (missing, expected) => {
    expect(render('a = 1\n# about b\nb = 2\n', [{ key: 'a', value: '1' }], missing)).toBe(expected)
  })

  it('writes a clean file from entries alone', () => {
    const out = render(undefined, [
      { key: 'greeting', value: 'Grüße', comment: 'Shown on start' },
      { key: 'two words', value: ' lead' },
    ])
    expect(out).toBe('# Shown on start\ngreeting=Gr\\u00fc\\u00dfe\ntwo\\ words=\\ lead\n')
    expect(parse(out).entries.map((e) => [e.key, e.value, e.comment])).toEqual([
      ['greeting', 'Grüße', 'Shown on start'],
      ['two words', ' lead', undefined],
    ])
  })

  it('writes the other form of a plural entry, the only text properties can hold', () => {
    expect(render(undefined, [{ key: 'n', value: 'many', plural: { one: 'one', other: 'many' } }])).toBe('n=many\n')
    expect(render(undefined, [{ key: 'n', value: '', plural: { one: 'one', other: 'many' } }])).toBe('n=many\n')
  })
})

describe('properties detect', () => {

  it.each([
    ['messages.properties', 'a=b', 0.9, 1],
    ['messages.json', '{"a": "b"}', 0, 0.1],
    ['strings.xml', '<resources/>', 0, 0.1],
    ['upload', 'a=b\nc: d\n', 0.3, 0.5],
    ['upload', '"a" = "b";', 0, 0.1],
    ['messages.properties', '<?xml version="1.0"?><resources/>', 0.3, 0.6],
  ])('scores %s', (name, content, min, max) => {
    const score = propertiesFormat.detect(name, content)
    expect(score).toBeGreaterThanOrEqual(min)
    expect(score).toBeLessThanOrEqual(max)
  })
})

describe('properties robustness', () => {
  it('never throws on truncated files or random bytes', () => {
    const base = 'a = 1\\\n  2\n# c\nb\\ c = \\u00e9\\u12\n'
    for (let i = 0; i <= base.length; i++) {
      const text = base.slice(0, i)
      const { entries } = parse(text)
      expect(render(text, entries)).toBe(text)
    }
    let seed = 42
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 200; n++) {
      const text = Array.from({ length: 200 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('')
      const { entries } = parse(text)
      expect(render(text, entries)).toBe(text)
    }
  })

  it('parses and renders a generated 100,000-key file', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `section${i % 50}.key${i}`, value: `Value ${i} with ü` }))
    const text = render(undefined, entries)
    const parsed = parse(text)
    expect(parsed.entries).toHaveLength(100_000)
    expect(render(text, parsed.entries)).toBe(text)
  })

  it('parses 10,000,000 characters', () => {
    const line = `key = ${'x'.repeat(90)}\n`
    const text = line.repeat(Math.ceil(10_000_000 / line.length))
    expect(parse(text).entries.length).toBeGreaterThan(100_000)
  })
})

describe('properties ICU messages', () => {
  it('writes an ICU plural that reads back to the same message', async () => {
    const { parse: parseIcu } = await import('@formatjs/icu-messageformat-parser')
    const icu = '{count, plural, one {# Datei = ok} other {# Dateien: große}}'
    const out = render('a = x\n', [{ key: 'a', value: icu }])
    expect(out).toBe('a = {count, plural, one {# Datei = ok} other {# Dateien: gro\\u00dfe}}\n')
    expect(parseIcu(parse(out).entries[0]!.value)).toEqual(parseIcu(icu))
  })
})

describe('properties at scale', () => {
  const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `group${i % 100}.key${i}`, value: `Value ${i}` }))

  it('adds 100,000 new keys to a small template', () => {
    const out = render('group1.first = 1\n', [{ key: 'group1.first', value: '1' }, ...entries])
    expect(parse(out).entries).toHaveLength(100_001)
  })

  it('omits and empties 100,000 keys', () => {
    const text = render(undefined, entries)
    expect(render(text, [], 'omit')).toBe('')
    expect(parse(render(text, [], 'empty')).entries.every((e) => e.value === '')).toBe(true)
  })

  it('does not overflow on 100,000 copies of one key', () => {
    const same = Array.from({ length: 100_000 }, (_, i) => ({ key: 'k', value: `v${i}` }))
    expect(parse(render('k = 0\n', same)).entries).toHaveLength(100_000)
  })
})

import { describe, expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { detectStrings, stringsFormat } from './index.js'

const options = { locale: 'de', sourceLocale: 'en' }
const parse = (content: string) => stringsFormat.parse(content, options)
const render = (template: string | undefined, entries: readonly Entry[], missing?: 'source' | 'empty' | 'omit') =>
  stringsFormat.render(template, entries, missing ? { ...options, missing } : options)

describe('strings parse', () => {
  const cases: [string, string, Entry[]][] = [
    ['a quoted pair', '"a" = "b";\n', [{ key: 'a', value: 'b' }]],
    ['unquoted key and value (old-style plist)', 'title = "T";\nname = Value_1;\n', [{ key: 'title', value: 'T' }, { key: 'name', value: 'Value_1' }]],
    ['a key-only pair, whose value is the key', '"Done";\n', [{ key: 'Done', value: 'Done' }]],
    ['escapes', '"e" = "\\"q\\" \\\\ \\n\\t\\r \\U00E9\\u00FC \\101";', [{ key: 'e', value: '"q" \\ \n\t\r éü A' }]],
    ['a raw newline inside a value', '"m" = "line 1\nline 2";\n', [{ key: 'm', value: 'line 1\nline 2' }]],
    ['a block comment right above', '/* Class = "NSButtonCell"; title = "OK"; */\n"a.title" = "OK";\n', [{ key: 'a.title', value: 'OK', comment: 'Class = "NSButtonCell"; title = "OK";' }]],
    ['a line comment right above', '// note\n"a" = "b";\n', [{ key: 'a', value: 'b', comment: 'note' }]],
    ['a comment on the previous pair line, which is not attached', '"a" = "b"; // about a\n"c" = "d";\n', [{ key: 'a', value: 'b' }, { key: 'c', value: 'd' }]],
    ['a file comment far above, which is not attached', '/* file */\n\n\n\n"a" = "b";\n', [{ key: 'a', value: 'b' }]],
    ['a BOM and a leading blank line', '\uFEFF\n"a" = "b";\n', [{ key: 'a', value: 'b' }]],
    ['comments between tokens', '"a" /* x */ = /* y */ "b" /* z */ ;', [{ key: 'a', value: 'b' }]],
    ['an empty file', '', []],
    ['a comment-only file', '/* nothing yet */\n', []],
  ]
  it.each(cases)('reads %s and writes it back unchanged', (_name, content, expected) => {
    const result = parse(content)
    expect(result.issues).toEqual([])
    expect(result.entries).toEqual(expected)
    expect(render(content, result.entries)).toBe(content)
  })

  it('reports a repeated key as a warning and writes every copy back', () => {
    const content = '"a" = "1";\n"b" = "x";\n"a" = "2";\n'
    const result = parse(content)
    expect(result.entries.map((e) => e.value)).toEqual(['1', 'x', '2'])
    expect(result.issues).toEqual([expect.objectContaining({ severity: 'warning', line: 3, column: 1 })])
    expect(render(content, result.entries)).toBe(content)
    expect(render(content, [{ key: 'a', value: 'eins' }, { key: 'b', value: 'x' }])).toBe('"a" = "eins";\n"b" = "x";\n"a" = "2";\n')
  })
})

describe('strings bad input', () => {
  const bad: [string, string, number, number][] = [
    ['a missing semicolon', '"a" = "b"\n"c" = "d";\n', 2, 1],
    ['an unterminated string', '"a" = "b;\n', 1, 7],
    ['an unterminated comment', '/* open\n"a" = "b";\n', 1, 1],
    ['a missing equals sign', '"a" "b";\n', 1, 5],
    ['a stray character', '"a" = "b";\n@\n', 2, 1],
    ['a binary plist', 'bplist00\u0000\u0001', 1, 1],
  ]
  it.each(bad)('reports %s with line and column', (_name, content, line, column) => {
    expect(parse(content).issues).toContainEqual(expect.objectContaining({ severity: 'error', line, column }))
  })

  it('never throws on truncated files or random bytes', () => {
    const sample = '\uFEFF/* c */\n"a" = "b\\"\\U00E9";\nkey = value;\n// x\n"k";\n'
    for (let cut = 0; cut <= sample.length; cut++) {
      const part = sample.slice(0, cut)
      const result = parse(part)
      expect(render(part, result.entries)).toEqual(expect.any(String))
    }
    let seed = 99
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: 200 }, () => String.fromCharCode(Math.floor(rnd() * 256))).join('')
      const mixed = Array.from({ length: 40 }, () => ['"', '\\', '=', ';', '/*', '*/', '//', '\n', 'k', ' ', '\\U'][Math.floor(rnd() * 11)]).join('')
      for (const s of [text, mixed]) expect(render(s, parse(s).entries)).toEqual(expect.any(String))
    }
  })
})

describe('strings render', () => {
  const file = '/* Greeting */\n"hello" = "Hallo";\n\n/* Farewell */\n"bye" = "Tschüss";\n'

  it('changes only the value that changed', () => {
    const entries = parse(file).entries.map((e) => (e.key === 'hello' ? { ...e, value: 'Servus "du"' } : e))
    expect(render(file, entries)).toBe(file.replace('"Hallo"', '"Servus \\"du\\""'))
  })

  it('keeps the BOM and CRLF of the template', () => {
    const crlf = '\uFEFF' + file.replace(/\n/g, '\r\n')
    const out = render(crlf, [...parse(crlf).entries.map((e) => ({ ...e, value: `${e.value}!` })), { key: 'new', value: 'Neu' }])
    expect(out).toBe(crlf.replace('"Hallo"', '"Hallo!"').replace('"Tschüss"', '"Tschüss!"') + '\r\n"new" = "Neu";\r\n')
  })

  it('writes a changed multi-line value with raw newlines when the file does (mastodon)', () => {
    const raw = '"a" = "one\ntwo";\n"b" = "x";'
    expect(render(raw, [{ key: 'a', value: 'one\ntwo' }, { key: 'b', value: 'y\nz' }])).toBe('"a" = "one\ntwo";\n"b" = "y\nz";')
    expect(render('"b" = "x";\n', [{ key: 'b', value: 'y\nz' }])).toBe('"b" = "y\\nz";\n')
  })

  it('gives a key-only pair an explicit value when it changes', () => {
    expect(render('"Done";\n', [{ key: 'Done', value: 'Fertig' }])).toBe('"Done" = "Fertig";\n')
  })

  const policies: [string, 'source' | 'empty' | 'omit', string][] = [
    ['source keeps the template text', 'source', file],
    ['empty writes an empty value', 'empty', file.replace('"Tschüss"', '""')],
    ['omit removes the pair and its comment', 'omit', '/* Greeting */\n"hello" = "Hallo";\n\n'],
  ]
  it.each(policies)('handles a template pair missing from entries: %s', (_name, missing, expected) => {
    const out = render(file, parse(file).entries.filter((e) => e.key !== 'bye'), missing)
    expect(out).toBe(expected)
  })

  it('adds new entries at the end in the file layout, with their comment', () => {
    const out = render(file, [...parse(file).entries, { key: 'new', value: 'Neu', comment: 'Added */ here' }])
    expect(out).toBe(file + '\n/* Added * / here */\n"new" = "Neu";\n')
    const dense = '"a" = "1";\n"b" = "2";'
    expect(render(dense, [...parse(dense).entries, { key: 'c', value: '3' }])).toBe('"a" = "1";\n"b" = "2";\n"c" = "3";')
  })

  it('writes the other form of a plural entry, since .strings has no plurals', () => {
    expect(render('"n" = "x";\n', [{ key: 'n', value: 'files', plural: { one: 'file', other: 'files' } }])).toBe('"n" = "files";\n')
  })
})

describe('strings clean render', () => {
  it('writes an Xcode-style file that reads back the same', () => {
    const entries: Entry[] = [
      { key: 'hello', value: 'Hallo "Welt"', comment: 'Greeting' },
      { key: 'multi', value: 'a\nb\tc\\d' },
      { key: 'control', value: 'bell\u0007 é ✓ 😀' },
      { key: 'Key with spaces %1$@', value: '%1$@ und %2$@' },
    ]
    const out = render(undefined, entries)
    expect(out).toBe('/* Greeting */\n"hello" = "Hallo \\"Welt\\"";\n\n"multi" = "a\\nb\\tc\\\\d";\n\n"control" = "bell\\U0007 é ✓ 😀";\n\n"Key with spaces %1$@" = "%1$@ und %2$@";\n')
    expect(parse(out).entries).toEqual(entries)
  })

  it('writes pairs on consecutive lines when no entry has a comment, and nothing for no entries', () => {
    expect(render(undefined, [{ key: 'a', value: '1' }, { key: 'b', value: '2' }])).toBe('"a" = "1";\n"b" = "2";\n')
    expect(render(undefined, [])).toBe('')
  })

  it('parses and renders a generated 100,000-entry file', () => {
    const many: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `key.${i}`, value: `Wert ${i} "q"` }))
    const clean = render(undefined, many)
    const parsed = parse(clean)
    expect(parsed.entries).toHaveLength(100_000)
    expect(render(clean, parsed.entries)).toBe(clean)
  })

  it('parses 10,000,000 characters without running out of memory', () => {
    const pair = `"k" = "${'x'.repeat(1000)}";\n`
    const big = pair.repeat(Math.ceil(10_000_000 / pair.length))
    const result = parse(big)
    expect(result.entries).toHaveLength(Math.ceil(10_000_000 / pair.length))
  })
})

describe('strings detect', () => {
  const cases: [string, string, string, (n: number) => boolean][] = [
    ['a .strings file with pairs', 'Localizable.strings', '"a" = "b";', (n) => n > 0.9],
    ['an empty .strings file', 'InfoPlist.strings', '', (n) => n >= 0.9],
    ['pairs without the extension', 'file.txt', '/* c */\n"a" = "b";', (n) => n >= 0.7],
    ['JSON', 'en.json', '{ "a": "b" }', (n) => n === 0],
    ['.properties', 'messages.properties', 'a = b\nc = d', (n) => n === 0],
    ['a compiled binary plist', 'Localizable.strings', 'bplist00', (n) => n < 0.9],
  ]
  it.each(cases)('scores %s', (_name, filename, content, check) => {
    expect(check(detectStrings(filename, content))).toBe(true)
  })
})

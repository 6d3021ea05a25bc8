// Edge cases of translation CSV: layouts, delimiters, quoting dialects, formulas, columns, policies.
import { describe, expect, it } from 'vitest'
import type { Entry, MissingPolicy } from '../format.js'
import { csvFormat } from './index.js'

const opts = { locale: 'cs', sourceLocale: 'en' }
const parse = (text: string, locale = 'cs') => csvFormat.parse(text, { locale, sourceLocale: 'en' })
const render = (template: string | undefined, entries: readonly Entry[], missing?: MissingPolicy, locale = 'cs') =>
  csvFormat.render(template, entries, { locale, sourceLocale: 'en', ...(missing ? { missing } : {}) })
const table = (text: string) => parse(text).entries.map((e) => [e.key, e.values])

describe('csv parse', () => {
  it.each([
    ['a key,en,cs header', 'key,en,cs\nhi,Hello,Ahoj\n', [['hi', { en: { value: 'Hello' }, cs: { value: 'Ahoj' } }]]],
    ['semicolons', 'id;en;cs\nhi;Hello;Ahoj\n', [['hi', { en: { value: 'Hello' }, cs: { value: 'Ahoj' } }]]],
    ['tabs', 'key\ten\tcs\nhi\tHello\tAhoj\n', [['hi', { en: { value: 'Hello' }, cs: { value: 'Ahoj' } }]]],
    ['Godot\'s empty first header cell', ',en,cs\nhi,Hello,Ahoj\n', [['hi', { en: { value: 'Hello' }, cs: { value: 'Ahoj' } }]]],
    ['a region in a locale header', 'key,pt_BR\nhi,Olá\n', [['hi', { 'pt-BR': { value: 'Olá' } }]]],
    ['a Key,Value file as the parsed locale', 'Key,Value\nhi,Ahoj\n', [['hi', { cs: { value: 'Ahoj' } }]]],
    ['a headerless key,translation file', 'hi,Ahoj\nbye,Nashle', [['hi', { cs: { value: 'Ahoj' } }], ['bye', { cs: { value: 'Nashle' } }]]],
    ['RFC doubled quotes', 'key,cs\nq,"say ""hi"""\n', [['q', { cs: { value: 'say "hi"' } }]]],
    ['a quoted multi-line cell', 'key,cs\nm,"one\r\ntwo"\r\n', [['m', { cs: { value: 'one\r\ntwo' } }]]],
    ['backslash-escaped quotes', 'key,cs\nq,"say \\"hi\\" \\\\ ok"\n', [['q', { cs: { value: 'say "hi" \\ ok' } }]]],
    ['literal \\n as text', 'key,cs\nn,"a\\nb"\n', [['n', { cs: { value: 'a\\nb' } }]]],
    ['a BOM before the header', '\uFEFFkey,cs\nhi,Ahoj\n', [['hi', { cs: { value: 'Ahoj' } }]]],
    ['an empty cell as no text', 'key,en,cs\nhi,Hello,\n', [['hi', { en: { value: 'Hello' } }]]],
    ['a trailing blank row', 'key,cs\nhi,Ahoj\n\n', [['hi', { cs: { value: 'Ahoj' } }]]],
    ['an apostrophe that neutralised a formula', "key,cs\nf,'=1+1\n", [['f', { cs: { value: '=1+1' } }]]],
  ])('reads %s', (_name, text, expected) => {
    expect(table(text)).toEqual(expected)
    expect(render(text, parse(text).entries)).toBe(text)
  })

  it('gives value in the asked locale and lists every locale column', () => {
    const result = parse('key,context,comment,en,cs\nhi,menu,A greeting,Hello,Ahoj\n')
    expect(result.locales).toEqual(['en', 'cs'])
    expect(result.entries).toEqual([{ key: 'hi', context: 'menu', comment: 'A greeting', value: 'Ahoj', values: { en: { value: 'Hello' }, cs: { value: 'Ahoj' } } }])
    expect(parse('key,en,cs\nhi,Hello,Ahoj\n', 'en').entries[0]!.value).toBe('Hello')
  })

  it('tells rows apart by key plus context', () => {
    const text = 'key,context,cs\nopen,menu,Otevřít\nopen,verb,Otevři\n'
    const { entries, issues } = parse(text)
    expect(issues).toEqual([])
    expect(entries.map((e) => [e.key, e.context, e.value])).toEqual([['open', 'menu', 'Otevřít'], ['open', 'verb', 'Otevři']])
    const edited = entries.map((e) => (e.context === 'verb' ? { ...e, value: 'Otevřete', values: { cs: { value: 'Otevřete' } } } : e))
    expect(render(text, edited)).toBe('key,context,cs\nopen,menu,Otevřít\nopen,verb,Otevřete\n')
  })

  it('reports a repeated key as a warning and keeps both rows', () => {
    const text = 'key,cs\na,1\nb,2\na,3\n'
    const { entries, issues } = parse(text)
    expect(entries.map((e) => e.value)).toEqual(['1', '2', '3'])
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', line: 4, column: 1 })])
    expect(render(text, entries)).toBe(text)
  })

  it.each([
    ['an unclosed quote', 'key,cs\na,"open\nb,2\n', 'error', 2, 3],
    ['text after a closing quote', 'key,cs\na,"x"y\n', 'warning', 2, 6],
    ['a formula-looking cell', 'key,cs\na,=HYPERLINK("x")\n', 'warning', 2, 3],
    ['a short row', 'key,en,cs\na,1\n', 'warning', 2, 1],
  ])('reports %s with its line and column', (_name, text, severity, line, column) => {
    expect(parse(text).issues).toContainEqual(expect.objectContaining({ severity, line, column }))
  })
})

describe('csv render', () => {
  it.each([
    ['keeps the quoting of a quoted cell', 'key,cs\na,"x"\n', 'y', 'key,cs\na,"y"\n'],
    ['quotes a value with the delimiter', 'key,cs\na,x\n', 'y, z', 'key,cs\na,"y, z"\n'],
    ['quotes a semicolon in a ; file', 'key;cs\na;x\n', 'y; z', 'key;cs\na;"y; z"\n'],
    ['doubles quotes in an RFC file', 'key,cs\na,x\n', 'say "hi"', 'key,cs\na,"say ""hi"""\n'],
    ['escapes with backslashes in a backslash file', 'key,cs\nb,"\\"q\\""\na,x\n', 'say "hi" \\', 'key,cs\nb,"\\"q\\""\na,"say \\"hi\\" \\\\"\n'],
    ['writes newlines inside quotes', 'key,cs\r\na,x\r\n', 'one\ntwo', 'key,cs\r\na,"one\ntwo"\r\n'],
    ['neutralises a formula with an apostrophe', 'key,cs\na,x\n', '=HYPERLINK("http://x")', 'key,cs\na,"\'=HYPERLINK(""http://x"")"\n'],
    ['neutralises + - @ too', 'key,cs\na,x\n', '@SUM(1)', "key,cs\na,'@SUM(1)\n"],
    ['leaves a plain negative number alone', 'key,cs\na,x\n', '-5', 'key,cs\na,-5\n'],
  ])('%s', (_name, template, value, expected) => {
    const entries = parse(template).entries
    const edited = entries.map((e, i) => (i === entries.length - 1 ? { ...e, value, values: { cs: { value } } } : e))
    const out = render(template, edited)
    expect(out).toBe(expected)
    expect(parse(out).entries.at(-1)!.value).toBe(value)
  })

  it('takes an edited value for the rendered locale even when values still has the old text', () => {
    const text = 'key,en,cs\na,A,x\n'
    const edited = parse(text).entries.map((e) => ({ ...e, value: 'y' }))
    expect(render(text, edited)).toBe('key,en,cs\na,A,y\n')
  })

  it('writes value into the rendered locale\'s column, whatever values holds for it, and values into the others', () => {
    const text = 'key,en,cs,de\na,A,x,d\n'
    const [entry] = parse(text, 'cs').entries
    expect(render(text, [entry!])).toBe(text)
    expect(render(text, [{ ...entry!, value: 'y' }])).toBe('key,en,cs,de\na,A,y,d\n')
    // An edit that happens to equal another column's text is an edit too.
    expect(render(text, [{ ...entry!, value: 'A' }])).toBe('key,en,cs,de\na,A,A,d\n')
    expect(render(text, [{ ...entry!, values: { ...entry!.values, de: { value: 'D' } } }])).toBe('key,en,cs,de\na,A,x,D\n')
    expect(render(text, [{ ...entry!, value: '' }])).toBe(text)
  })

  it('writes an entry that has only value into the rendered locale column', () => {
    expect(render('key,en,cs\na,A,x\n', [{ key: 'a', value: 'y' }])).toBe('key,en,cs\na,A,y\n')
  })

  it('adds a column for a locale the template lacks', () => {
    const out = render('key,en\na,A\nb,B\n', [{ key: 'a', value: 'á', values: { en: { value: 'A' }, cs: { value: 'á' } } }])
    expect(out).toBe('key,en,cs\na,A,á\nb,B,\n')
  })

  it('follows an all-quoted header when it adds a column and a row', () => {
    const out = render('"key";"en"\n"a";"A"\n', [
      { key: 'a', value: 'á', values: { en: { value: 'A' }, cs: { value: 'á' } } },
      { key: 'b', value: 'b', values: { en: { value: 'B' }, cs: { value: 'b' } } },
    ])
    expect(out).toBe('"key";"en";"cs"\n"a";"A";"á"\n"b";"B";"b"\n')
  })

  it('adds new rows after the last record, before a trailing blank row', () => {
    expect(render('Key,Value\na,1\n\n', [{ key: 'a', value: '1' }, { key: 'b', value: '2' }])).toBe('Key,Value\na,1\nb,2\n\n')
  })

  it('keeps a missing final newline when it adds rows', () => {
    expect(render('a,1\r\nb,2', [{ key: 'a', value: '1' }, { key: 'b', value: '2' }, { key: 'c', value: '3' }])).toBe('a,1\r\nb,2\r\nc,3')
  })

  it.each([
    ['source', 'key,en,cs\na,A,1\nb,B,2\n'],
    ['empty', 'key,en,cs\na,A,1\nb,B,\n'],
    ['omit', 'key,en,cs\na,A,1\n'],
  ] as const)('handles a row missing from entries with policy %s', (missing, expected) => {
    expect(render('key,en,cs\na,A,1\nb,B,2\n', [{ key: 'a', value: '1' }], missing)).toBe(expected)
  })

  it('writes a clean file from entries alone, source locale first', () => {
    const out = render(undefined, [
      { key: 'hi', value: 'Ahoj', comment: 'greeting', values: { cs: { value: 'Ahoj' }, en: { value: 'Hello, you' } } },
      { key: 'f', value: '=1+1' },
    ])
    expect(out).toBe('key,comment,en,cs\nhi,greeting,"Hello, you",Ahoj\nf,,,\'=1+1\n')
    expect(parse(out).entries.map((e) => [e.key, e.value])).toEqual([['hi', 'Ahoj'], ['f', '=1+1']])
  })
})

describe('csv detect', () => {

  it('recognises a CSV without its extension from equal-width records', () => {
    expect(csvFormat.detect('upload', 'key,en\na,b\nc,d\n')).toBeGreaterThan(0.3)
  })
})

describe('csv robustness', () => {
  it('never throws on truncated files or random bytes', () => {
    const base = 'key,en,cs\n"a","x ""y""",z\nb,"multi\nline",\\"w\n'
    for (let i = 0; i <= base.length; i++) {
      const text = base.slice(0, i)
      const { entries, issues } = parse(text)
      if (!issues.some((x) => x.severity === 'error')) expect(render(text, entries)).toBe(text)
    }
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = ['"', ',', ';', '\n', '\r', '\\', 'a', ' ', '=', 'ž']
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: 80 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
      const { entries, issues } = parse(text)
      for (const issue of issues) expect(issue.line).toBeGreaterThan(0)
      if (!issues.some((x) => x.severity === 'error')) expect(render(text, entries)).toBe(text)
    }
  })

  it('never throws on random characters, and reports any error with a position', () => {
    let seed = 99
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 200; n++) {
      const text = Array.from({ length: 300 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('')
      const { entries, issues } = parse(text)
      for (const issue of issues) expect(issue.line).toBeGreaterThanOrEqual(1)
      if (!issues.some((x) => x.severity === 'error')) expect(render(text, entries)).toBe(text)
    }
  })

  it('parses and renders a generated 100,000-key file', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `key.${i}`, value: `Hodnota ${i}, "česky"`, values: { en: { value: `Value ${i}` }, cs: { value: `Hodnota ${i}, "česky"` } } }))
    const text = render(undefined, entries)
    const parsed = parse(text)
    expect(parsed.entries).toHaveLength(100_000)
    expect(render(text, parsed.entries)).toBe(text)
  })

  it('parses 10,000,000 characters', () => {
    const line = `key,${'x'.repeat(90)},"${'y'.repeat(40)}"\n`
    const text = 'key,en,cs\n' + line.repeat(Math.ceil(10_000_000 / line.length))
    expect(parse(text).entries.length).toBeGreaterThan(60_000)
  })
})

describe('csv ICU messages', () => {
  it('writes an ICU plural with commas and quotes that reads back to the same message', async () => {
    const { parse: parseIcu } = await import('@formatjs/icu-messageformat-parser')
    const icu = "{count, plural, one {# ''file''} other {# files, \"quoted\"}}"
    const out = render('key,en,cs\na,x,y\n', [{ key: 'a', value: icu, values: { en: { value: 'x' }, cs: { value: icu } } }])
    const value = parse(out).entries[0]!.value
    expect(value).toBe(icu)
    expect(parseIcu(value)).toEqual(parseIcu(icu))
  })
})

describe('csv at scale', () => {
  const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `key${i}`, value: `Hodnota ${i}` }))

  it('adds 100,000 new rows to a small template', () => {
    const out = render('key,cs\nfirst,1\n', [{ key: 'first', value: '1' }, ...entries])
    expect(parse(out).entries).toHaveLength(100_001)
  })

  it('omits and empties 100,000 rows', () => {
    const text = render(undefined, entries)
    expect(render(text, [], 'omit')).toBe('key,cs\n')
    expect(parse(render(text, [], 'empty')).entries.every((e) => e.value === '')).toBe(true)
  })

  it('does not overflow on 100,000 copies of one key', () => {
    const same = Array.from({ length: 100_000 }, (_, i) => ({ key: 'k', value: `v${i}` }))
    expect(parse(render('key,cs\nk,0\n', same)).entries).toHaveLength(100_000)
  })
})

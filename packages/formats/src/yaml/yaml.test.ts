// Edge cases of translation YAML: layouts, plurals, scalar styles, anchors, limits, policies.
import { describe, expect, it } from 'vitest'
import type { Entry, MissingPolicy } from '../format.js'
import { fastTree } from './fast.js'
import { yamlFormat } from './index.js'

const parse = (text: string, locale = 'en') => yamlFormat.parse(text, { locale })
const render = (template: string | undefined, entries: readonly Entry[], locale = 'en', missing?: MissingPolicy) =>
  yamlFormat.render(template, entries, { locale, sourceLocale: 'en', ...(missing ? { missing } : {}) })
const pairs = (text: string) => parse(text).entries.map((e) => [e.key, e.plural ?? e.value])
const change = (text: string, key: string, value: string) => render(text, parse(text).entries.map((e) => (e.key === key ? { ...e, value } : e)))

describe('yaml parse', () => {
  it.each([
    ['a Rails locale root', '---\nen:\n  a:\n    b: x\n', [['a.b', 'x']]],
    ['plain nested maps', 'a:\n  b: x\nc: y\n', [['a.b', 'x'], ['c', 'y']]],
    ['a Hugo id list', '- id: a\n  translation: "x"\n', [['a', 'x']]],
    ['plural subkeys as one entry', 'en:\n  n:\n    one: "1 item"\n    other: "%{count} items"\n', [['n', { one: '1 item', other: '%{count} items' }]]],
    ['sequence items with a null first item', 'en:\n  m:\n  -\n  - Jan\n', [['m[1]', 'Jan']]],
    ['single quotes with doubled quotes', "en:\n  a: 'it''s'\n", [['a', "it's"]]],
    ['double-quoted escapes', 'en:\n  a: "x\\n\\t\\u00e9\\"q\\""\n', [['a', 'x\n\té"q"']]],
    ['a literal block', 'en:\n  a: |\n    one\n    two\n', [['a', 'one\ntwo\n']]],
    ['a folded block', 'en:\n  a: >-\n    one\n    two\n', [['a', 'one two']]],
    ['an anchored value and skips its alias', 'en:\n  a: &x hi\n  b: *x\n', [['a', 'hi']]],
    ['merge keys without their inherited keys', 'base: &b\n  k: v\nen:\n  <<: *b\n  own: x\n', [['base.k', 'v'], ['en.own', 'x']]],
    ['a quoted key', 'en:\n  "a b": x\n', [['a b', 'x']]],
    ['a flow sequence', 'en:\n  a: [x, "y"]\n', [['a[0]', 'x'], ['a[1]', 'y']]],
    ['no entries from symbols, numbers, booleans, null or dates', 'en:\n  s: :day\n  n: 3\n  b: true\n  y: yes\n  z: ~\n  d: 2024-01-02\n  t: text\n', [['t', 'text']]],
    ['a tagged string', 'en:\n  a: !!str 12\n', [['a', '12']]],
    ['a BOM and CRLF', '\uFEFFen:\r\n  a: x\r\n', [['a', 'x']]],
    ['a missing final newline', 'en:\n  a: x', [['a', 'x']]],
  ])('reads %s', (_name, text, expected) => {
    expect(pairs(text)).toEqual(expected)
    expect(render(text, parse(text).entries)).toBe(text)
  })

  it('reads the comment lines right above a key', () => {
    const { entries } = parse('en:\n  # Shown on the button\n  # (short)\n  a: x\n\n  # detached\n\n  b: y\n')
    expect(entries.map((e) => e.comment)).toEqual(['Shown on the button\n(short)', undefined])
  })

  it('does not take a plain file whose one root is a rare three-letter language for Rails', () => {
    expect(parse('nav:\n  home: Home\n', 'de').entries.map((e) => e.key)).toEqual(['nav.home'])
    expect(render('nav:\n  home: Home\n', [{ key: 'nav.home', value: 'Start' }], 'de')).toBe('nav:\n  home: Start\n')
    expect(parse('fil:\n  a: x\n', 'fil').entries.map((e) => e.key)).toEqual(['a'])
  })

  it('lists the Rails root as the file locale', () => {
    expect(parse('pt-BR:\n  a: x\n', 'pt-BR').locales).toEqual(['pt-BR'])
  })

  it('reports a repeated key as a warning and keeps both copies', () => {
    const text = 'en:\n  a: 1x\n  b: 2x\n  a: 3x\n'
    const { entries, issues } = parse(text)
    expect(entries.map((e) => e.value)).toEqual(['1x', '2x', '3x'])
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', line: 4, column: 1 })])
    expect(render(text, entries)).toBe(text)
  })

  it.each([
    ['an unclosed quote', 'en:\n  a: "open\n  b: x\n'],
    ['a bad indentation', 'en:\n  a: x\n    b: y\n'],
    ['a tab indentation', 'en:\n\ta: x\n'],
    ['an unknown alias', 'en:\n  a: *nope\n'],
  ])('reports %s as an error with line and column', (_name, text) => {
    const { issues } = parse(text)
    expect(issues.some((i) => i.severity === 'error' && i.line >= 1 && i.column >= 1)).toBe(true)
  })
})

describe('yaml limits', () => {
  const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].entries()) {
    const prev = String.fromCharCode(97 + i)
    bomb.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`)
  }

  it('refuses a billion-laughs alias bomb before expanding it', () => {
    const { issues, entries } = parse(bomb.join('\n'))
    expect(issues).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringMatching(/billion laughs/) })])
    expect(entries).toEqual([])
  })

  it('reads an ordinary Rails file with 1,000 merge aliases', () => {
    const lines = ['defaults: &defaults', '  title: Title', '  note: Note', 'en:']
    for (let i = 0; i < 1000; i++) lines.push(`  item${i}:`, '    <<: *defaults', `    name: Name ${i}`)
    const text = lines.join('\n') + '\n'
    const { issues, entries } = parse(text)
    expect(issues).toEqual([])
    expect(entries).toHaveLength(1002)
    expect(render(text, entries)).toBe(text)
  })

  it('refuses nesting deeper than 100 levels, block or flow', () => {
    const block = Array.from({ length: 120 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' x\n'
    const flow = 'a: ' + '['.repeat(100_000) + ']'.repeat(100_000) + '\n'
    for (const text of [block, flow]) {
      expect(parse(text).issues).toContainEqual(expect.objectContaining({ severity: 'error', message: expect.stringMatching(/deeper than 100/) }))
    }
  })

  it('accepts nesting of 100 levels', () => {
    const text = 'en:\n' + Array.from({ length: 98 }, (_, i) => `${' '.repeat(2 * i + 2)}k${i}:`).join('\n') + ' x\n'
    expect(parse(text).issues).toEqual([])
  })
})

describe('yaml render', () => {
  it.each([
    ['keeps a plain value plain', 'en:\n  a: x\n', 'new text', 'en:\n  a: new text\n'],
    ['quotes a plain value that would read as a boolean', 'en:\n  a: x\n', 'yes', "en:\n  a: 'yes'\n"],
    ['quotes a plain value with ": "', 'en:\n  a: x\n', 'a: b', "en:\n  a: 'a: b'\n"],
    ['quotes a plain value that looks like a symbol', 'en:\n  a: x\n', ':day', "en:\n  a: ':day'\n"],
    ['keeps single quotes, doubling the quote', "en:\n  a: 'x'\n", "it's", "en:\n  a: 'it''s'\n"],
    ['moves single quotes to double for a newline', "en:\n  a: 'x'\n", 'one\ntwo', 'en:\n  a: "one\\ntwo"\n'],
    ['keeps double quotes', 'en:\n  a: "x"\n', 'say "hi"', 'en:\n  a: "say \\"hi\\""\n'],
    ['keeps a literal block', 'en:\n  a: |\n    x\n  b: y\n', 'one\ntwo\n', 'en:\n  a: |\n    one\n    two\n  b: y\n'],
    ['keeps a stripped literal block', 'en:\n  a: |-\n    x\n', 'one\ntwo', 'en:\n  a: |-\n    one\n    two\n'],
    ['keeps a folded block for one line', 'en:\n  a: >\n    x\n', 'one line\n', 'en:\n  a: >\n    one line\n'],
    ['keeps an anchor', 'en:\n  a: &x hi\n  b: *x\n', 'hello', 'en:\n  a: &x hello\n  b: *x\n'],
    ['keeps a trailing comment', 'en:\n  a: x # note\n', 'y', 'en:\n  a: y # note\n'],
    ['keeps CRLF in a block', 'en:\r\n  a: |\r\n    x\r\n', 'p\nq\n', 'en:\r\n  a: |\r\n    p\r\n    q\r\n'],
    ['writes in a flow sequence', 'en:\n  a: [x, y]\n', 'p, q', "en:\n  a: ['p, q', y]\n"],
  ])('%s', (_name, template, value, expected) => {
    const key = parse(template).entries[0]!.key
    const out = change(template, key, value)
    expect(out).toBe(expected)
    expect(parse(out).entries[0]!.value).toBe(value)
  })

  it('writes exactly the plural forms the target locale needs', () => {
    const en = 'en:\n  n:\n    one: "1 file"\n    other: "%{count} files"\n'
    const entry: Entry = { key: 'n', value: '%{count} souborů', plural: { one: '1 soubor', few: '%{count} soubory', many: '%{count} souboru', other: '%{count} souborů' } }
    expect(render(en, [entry], 'cs')).toBe('cs:\n  n:\n    one: "1 soubor"\n    other: "%{count} souborů"\n    few: "%{count} soubory"\n    many: "%{count} souboru"\n')
    const ja: Entry = { key: 'n', value: '%{count} ファイル', plural: { other: '%{count} ファイル' } }
    expect(render(en, [ja], 'ja')).toBe('ja:\n  n:\n    other: "%{count} ファイル"\n')
  })

  it('takes an edited value of a plural entry as its other form', () => {
    const text = 'en:\n  n:\n    one: one file\n    other: many files\n'
    const out = render(text, parse(text).entries.map((e) => ({ ...e, value: 'lots of files' })))
    expect(out).toBe('en:\n  n:\n    one: one file\n    other: lots of files\n')
  })

  it('turns a plain string of the template into plural forms when the locale has them', () => {
    const entry: Entry = { key: 'n', value: 'миллиардов', plural: { one: 'миллиард', few: 'миллиарда', many: 'миллиардов', other: 'миллиардов' } }
    expect(render('en:\n  n: Billion # note\n  m: x\n', [entry, { key: 'm', value: 'x' }], 'ru'))
      .toBe('ru:\n  n:\n    one: миллиард\n    few: миллиарда\n    many: миллиардов\n    other: миллиардов # note\n  m: x\n')
    expect(render('en:\n  n: |\n    Billion\n  m: x\n', [entry, { key: 'm', value: 'x' }], 'ru'))
      .toBe('ru:\n  n:\n    one: миллиард\n    few: миллиарда\n    many: миллиардов\n    other: миллиардов\n  m: x\n')
  })

  it('keeps an explicit zero form the entry carries', () => {
    const text = 'ru:\n  n:\n    zero: нет\n    one: один\n    few: мало\n    many: много\n    other: много\n'
    expect(render(text, parse(text, 'ru').entries, 'ru')).toBe(text)
  })

  it('renames the Rails root for another locale, quoting a YAML 1.1 boolean', () => {
    expect(render('en:\n  a: x\n', [{ key: 'a', value: 'y' }], 'no')).toBe("'no':\n  a: y\n")
  })

  it('adds new keys inside the deepest existing map, in the file\'s indentation', () => {
    const text = 'en:\n  a:\n    b: x\n  c: y\n'
    const out = render(text, [...parse(text).entries, { key: 'a.new', value: 'n' }, { key: 'd.e.f', value: 'yes' }, { key: 'd.e.g', value: 'z' }])
    expect(out).toBe("en:\n  a:\n    b: x\n    new: n\n  c: y\n  d:\n    e:\n      f: 'yes'\n      g: z\n")
  })

  it('adds a new plural entry with the locale\'s forms', () => {
    const out = render('en:\n  a: x\n', [{ key: 'a', value: 'x' }, { key: 'n', value: 'many', plural: { one: 'one', other: 'many' } }])
    expect(out).toBe('en:\n  a: x\n  n:\n    one: one\n    other: many\n')
  })

  it('adds a Hugo item at the end of the list, keeping a missing final newline', () => {
    const text = '- id: a\n  translation: "x"\n\n- id: b\n  translation: "y"'
    expect(render(text, [...parse(text).entries, { key: 'c', value: 'z' }])).toBe(`${text}\n\n- id: c\n  translation: z`)
  })

  it.each([
    ['source', 'en:\n  a: x\n  # about b\n  b: y\n'],
    ['empty', "en:\n  a: x\n  # about b\n  b: ''\n"],
    ['omit', 'en:\n  a: x\n'],
  ] as const)('handles a key missing from entries with policy %s', (missing, expected) => {
    expect(render('en:\n  a: x\n  # about b\n  b: y\n', [{ key: 'a', value: 'x' }], 'en', missing)).toBe(expected)
  })

  it('writes an entry comment above a new key, where parse reads it back', () => {
    const out = render('en:\n  a: x\n', [{ key: 'a', value: 'x' }, { key: 'b', value: 'y', comment: 'Shown on the button\nshort' }])
    expect(out).toBe('en:\n  a: x\n  # Shown on the button\n  # short\n  b: y\n')
    expect(parse(out).entries[1]!.comment).toBe('Shown on the button\nshort')
  })

  it('writes a clean file after the comments of a template without a document', () => {
    expect(render('# Translations\n', [{ key: 'a', value: 'x' }], 'de')).toBe('# Translations\nde:\n  a: x\n')
    expect(render('', [{ key: 'a', value: 'x' }], 'de')).toBe('de:\n  a: x\n')
    expect(render('', [], 'de')).toBe('')
  })

  it('writes a clean Rails file from entries alone', () => {
    const out = render(undefined, [
      { key: 'a.b', value: 'x' },
      { key: 'a.c', value: 'on' },
      { key: 'a', value: 'both a value and a parent' },
      { key: 'n', value: 'many', plural: { one: 'one', other: 'many' } },
      { key: 'm', value: 'line\nbreak' },
    ], 'de')
    expect(out).toBe("de:\n  a: both a value and a parent\n  a.b: x\n  a.c: 'on'\n  n:\n    one: one\n    other: many\n  m: \"line\\nbreak\"\n")
    expect(pairs(out)).toEqual([['a', 'both a value and a parent'], ['a.b', 'x'], ['a.c', 'on'], ['n', { one: 'one', other: 'many' }], ['m', 'line\nbreak']])
  })
})

describe('yaml detect', () => {

  it('recognises YAML without its extension', () => {
    expect(yamlFormat.detect('upload', '---\nen:\n  a: b\n')).toBeGreaterThan(0.3)
  })
})

describe('yaml robustness', () => {
  it('never throws on truncated files or random bytes', () => {
    const base = '# c\n---\nen:\n  a: "x\\n"\n  b: |\n    y\n  c: &z [p, \'q\']\n  d: *z\n  n:\n    one: 1x\n    other: 2x\n'
    for (let i = 0; i <= base.length; i++) {
      const text = base.slice(0, i)
      const { entries, issues } = parse(text)
      if (!issues.some((x) => x.severity === 'error')) expect(render(text, entries)).toBe(text)
    }
    let seed = 3
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = ['a', ':', ' ', '  ', '\n', '- ', '"', "'", '#', '&a', '*a', '[', ']', '{', '}', '|', '>', '\\', ',', 'ž']
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: 60 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
      const { entries, issues } = parse(text)
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
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `section${i % 100}.group${i % 7}.key${i}`, value: i % 3 ? `Value ${i}: "quoted"` : `Value ${i}` }))
    const text = render(undefined, entries)
    expect(fastTree(text)).toBeDefined()
    const parsed = parse(text)
    expect(parsed.entries).toHaveLength(100_000)
    expect(render(text, parsed.entries)).toBe(text)
  })

  it('parses 10,000,000 characters', () => {
    const line = `  key_${'x'.repeat(20)}_%: "${'y'.repeat(70)}"\n`
    const count = Math.ceil(10_000_000 / line.length)
    const text = 'en:\n' + Array.from({ length: count }, (_, i) => line.replace('%', String(i))).join('')
    expect(parse(text).entries).toHaveLength(count)
  })
})

describe('yaml ICU messages', () => {
  it('writes an ICU message that reads back the same', async () => {
    const { parse: parseIcu } = await import('@formatjs/icu-messageformat-parser')
    const icu = "{count, plural, one {# soubor: ''a''} other {# souborů #tag}}"
    const out = change('en:\n  a: x\n', 'a', icu)
    expect(parse(out).entries[0]!.value).toBe(icu)
    expect(() => parseIcu(icu)).not.toThrow()
  })
})

describe('yaml at scale', () => {
  const entries = Array.from({ length: 100_000 }, (_, i) => ({ key: `group${i % 100}.key${i}`, value: `Value ${i}` }))

  it('adds 100,000 new keys to a small template', () => {
    const out = render('en:\n  group1:\n    first: x\n', [{ key: 'group1.first', value: 'x' }, ...entries])
    expect(parse(out).entries).toHaveLength(100_001)
  })

  it('omits and empties 100,000 keys', () => {
    const text = render(undefined, entries)
    expect(parse(render(text, [], 'en', 'omit')).entries).toHaveLength(0)
    expect(parse(render(text, [], 'en', 'empty')).entries.every((e) => e.value === '')).toBe(true)
  })

  it('does not overflow on 100,000 copies of one key', () => {
    const same = Array.from({ length: 100_000 }, (_, i) => ({ key: 'k', value: `v${i}` }))
    expect(parse(render('en:\n  k: x\n', same)).entries.length).toBeGreaterThan(0)
  })
})

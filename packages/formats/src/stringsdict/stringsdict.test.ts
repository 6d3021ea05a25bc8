// stringsdict edge cases: entry mapping, plural forms per locale, zero, missing policies, bad input, fuzz and size.
import { describe, expect, test } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { stringsdictFormat } from './index.js'

const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'
const variable = (name: string, forms: Record<string, string>, indent = '\t\t') => [
  `${indent}<key>${name}</key>`,
  `${indent}<dict>`,
  `${indent}\t<key>NSStringFormatSpecTypeKey</key>`,
  `${indent}\t<string>NSStringPluralRuleType</string>`,
  `${indent}\t<key>NSStringFormatValueTypeKey</key>`,
  `${indent}\t<string>ld</string>`,
  ...Object.entries(forms).flatMap(([c, t]) => [`${indent}\t<key>${c}</key>`, `${indent}\t<string>${t}</string>`]),
  `${indent}</dict>`,
]
const file = `${HEAD}${[
  '<dict>',
  '\t<key>files</key>',
  '\t<dict>',
  '\t\t<key>NSStringLocalizedFormatKey</key>',
  '\t\t<string>%#@count@</string>',
  ...variable('count', { zero: 'No files', one: '%ld file', other: '%ld files' }),
  '\t</dict>',
  '\t<key>limit</key>',
  '\t<dict>',
  '\t\t<key>NSStringLocalizedFormatKey</key>',
  '\t\t<string>Limit exceeds %#@chars@ &amp; more</string>',
  ...variable('chars', { one: '1 character', other: '%ld characters' }),
  '\t</dict>',
  '\t<key>mutual</key>',
  '\t<dict>',
  '\t\t<key>NSStringLocalizedFormatKey</key>',
  '\t\t<string>%#@names@%#@mutuals@</string>',
  ...variable('names', { one: '', other: '' }),
  ...variable('mutuals', { one: 'and %1$@', other: 'and %ld others' }),
  '\t</dict>',
  '</dict>',
].join('\n')}\n</plist>\n`

describe('stringsdict reading', () => {
  test('a lone variable is one plural entry; text around or several variables split per variable', () => {
    const { entries, issues } = stringsdictFormat.parse(file, { locale: 'en' })
    expect(issues).toEqual([])
    expect(entries).toEqual([
      { key: 'files', value: '%ld files', plural: { zero: 'No files', one: '%ld file', other: '%ld files' }, meta: { variable: 'count', formatKey: '%#@count@', valueType: 'ld' } },
      { key: 'limit', value: 'Limit exceeds %#@chars@ & more', meta: { kind: 'format' } },
      { key: 'limit:chars', value: '%ld characters', plural: { one: '1 character', other: '%ld characters' }, meta: { variable: 'chars', parent: 'limit', valueType: 'ld' } },
      { key: 'mutual', value: '%#@names@%#@mutuals@', meta: { kind: 'format' } },
      { key: 'mutual:names', value: '', plural: { one: '', other: '' }, meta: { variable: 'names', parent: 'mutual', valueType: 'ld' } },
      { key: 'mutual:mutuals', value: 'and %ld others', plural: { one: 'and %1$@', other: 'and %ld others' }, meta: { variable: 'mutuals', parent: 'mutual', valueType: 'ld' } },
    ])
  })

  test('renders its own entries back byte for byte', () => {
    expect(stringsdictFormat.render(file, stringsdictFormat.parse(file, {}).entries, en)).toBe(file)
  })

  test('changing the format text changes only that string', () => {
    const entries = stringsdictFormat.parse(file, {}).entries.map((e) => (e.key === 'limit' ? { ...e, value: 'Über %#@chars@ <hinaus>' } : e))
    expect(stringsdictFormat.render(file, entries, en)).toBe(file.replace('Limit exceeds %#@chars@ &amp; more', 'Über %#@chars@ &lt;hinaus>'))
  })
})

describe('stringsdict plural forms', () => {
  const change = (key: string, plural: Entry['plural']) => stringsdictFormat.parse(file, {}).entries.map((e) => (e.key === key ? { ...e, plural } : e))

  test('rendering into Russian writes one, few, many and other, keeping zero the file chose to have', () => {
    const out = stringsdictFormat.render(file, change('files', { zero: 'Нет файлов', one: '%ld файл', few: '%ld файла', many: '%ld файлов', other: '%ld файла' }), { locale: 'ru', sourceLocale: 'en' })
    expect(out).toContain([
      '\t\t\t<key>zero</key>',
      '\t\t\t<string>Нет файлов</string>',
      '\t\t\t<key>one</key>',
      '\t\t\t<string>%ld файл</string>',
      '\t\t\t<key>few</key>',
      '\t\t\t<string>%ld файла</string>',
      '\t\t\t<key>many</key>',
      '\t\t\t<string>%ld файлов</string>',
      '\t\t\t<key>other</key>',
      '\t\t\t<string>%ld файла</string>',
      '\t\t</dict>',
    ].join('\n'))
  })

  test('rendering into Japanese keeps only other (and zero the file had)', () => {
    const out = stringsdictFormat.render(file, change('limit:chars', { other: '%ld文字' }), { locale: 'ja', sourceLocale: 'en' })
    const entry = stringsdictFormat.parse(out, {}).entries.find((e) => e.key === 'limit:chars')!
    expect(entry.plural).toEqual({ other: '%ld文字' })
  })

  test('rendering into Arabic adds the six forms, falling back to other where none is given', () => {
    const out = stringsdictFormat.render(file, change('limit:chars', { one: 'حرف', other: '%ld حرف' }), { locale: 'ar', sourceLocale: 'en' })
    expect(stringsdictFormat.parse(out, {}).entries.find((e) => e.key === 'limit:chars')!.plural).toEqual({
      zero: '%ld حرف', one: 'حرف', two: '%ld حرف', few: '%ld حرف', many: '%ld حرف', other: '%ld حرف',
    })
  })

  test('a clean file has exactly the locale forms and no zero unless the locale needs it', () => {
    const out = stringsdictFormat.render(undefined, [{ key: 'n', value: '', plural: { zero: 'none', one: '%d item', other: '%d items' } }], en)
    expect(out).toBe(`${HEAD}<dict>\n${[
      '\t<key>n</key>',
      '\t<dict>',
      '\t\t<key>NSStringLocalizedFormatKey</key>',
      '\t\t<string>%#@count@</string>',
      '\t\t<key>count</key>',
      '\t\t<dict>',
      '\t\t\t<key>NSStringFormatSpecTypeKey</key>',
      '\t\t\t<string>NSStringPluralRuleType</string>',
      '\t\t\t<key>NSStringFormatValueTypeKey</key>',
      '\t\t\t<string>d</string>',
      '\t\t\t<key>one</key>',
      '\t\t\t<string>%d item</string>',
      '\t\t\t<key>other</key>',
      '\t\t\t<string>%d items</string>',
      '\t\t</dict>',
      '\t</dict>',
    ].join('\n')}\n</dict>\n</plist>\n`)
  })

  test('a clean file rebuilds formats with several variables from their split entries', () => {
    const entries = stringsdictFormat.parse(file, {}).entries
    const out = stringsdictFormat.render(undefined, entries, en)
    expect(stringsdictFormat.parse(out, {}).entries.map(({ key, value, plural }) => ({ key, value, plural }))).toEqual(entries.map(({ key, value, plural }) => ({
      key, value, plural: plural && { one: plural.one, other: plural.other },
    })).map((e) => (e.plural ? e : { key: e.key, value: e.value, plural: undefined })))
  })
})

describe('stringsdict missing and added entries', () => {
  test.each([
    ['source', (out: string) => expect(out).toBe(file)],
    ['empty', (out: string) => {
      const entries = stringsdictFormat.parse(out, {}).entries
      expect(entries.find((e) => e.key === 'files')!.plural).toEqual({ zero: '', one: '', other: '' })
      expect(entries.find((e) => e.key === 'limit')!.value).toBe('Limit exceeds %#@chars@ & more')
    }],
    ['omit', (out: string) => {
      expect(stringsdictFormat.parse(out, {}).entries.map((e) => e.key)).toEqual(['limit', 'limit:chars'])
      expect(out).not.toContain('<key>files</key>')
    }],
  ] as const)('template entries absent from the entries under %s', (missing, check) => {
    const entries = stringsdictFormat.parse(file, {}).entries.filter((e) => e.key.startsWith('limit'))
    check(stringsdictFormat.render(file, entries, { ...en, missing }))
  })

  test('a new entry is added after the last key with the file indentation', () => {
    const entries: Entry[] = [...stringsdictFormat.parse(file, {}).entries, { key: 'new', value: '%d new', plural: { one: '%d new one', other: '%d new' } }]
    const out = stringsdictFormat.render(file, entries, en)
    expect(out).toContain('\t</dict>\n\t<key>new</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n')
    expect(out.endsWith('\t</dict>\n</dict>\n</plist>\n')).toBe(true)
    expect(stringsdictFormat.parse(out, {}).entries.at(-1)).toMatchObject({ key: 'new', plural: { one: '%d new one', other: '%d new' } })
  })

  test('a repeated key is reported, kept, and each copy takes its own entry', () => {
    const one = (t: string) => ['\t<key>a</key>', '\t<dict>', '\t\t<key>NSStringLocalizedFormatKey</key>', `\t\t<string>${t}</string>`, '\t</dict>'].join('\n')
    const dup = `${HEAD}<dict>\n${one('first')}\n${one('second')}\n</dict>\n</plist>\n`
    const parsed = stringsdictFormat.parse(dup, {})
    expect(parsed.entries.map((e) => e.value)).toEqual(['first', 'second'])
    expect(parsed.issues).toEqual([{ severity: 'warning', message: 'Repeated key "a"; every copy is kept', line: 10, column: 2 }])
    expect(stringsdictFormat.render(dup, parsed.entries, en)).toBe(dup)
    expect(stringsdictFormat.render(dup, [{ key: 'a', value: 'first' }, { key: 'a', value: 'zweite' }], en)).toBe(dup.replace('second', 'zweite'))
  })

  test('CRLF, two-space indentation and a BOM are kept', () => {
    const crlf = `\uFEFF${file.replace(/\t/g, '  ').replace(/\n/g, '\r\n')}`
    const entries = stringsdictFormat.parse(crlf, {}).entries
    expect(stringsdictFormat.render(crlf, entries, en)).toBe(crlf)
    const out = stringsdictFormat.render(crlf, [...entries, { key: 'x', value: 'plain' }], en)
    expect(out).toContain('  </dict>\r\n  <key>x</key>\r\n  <dict>\r\n    <key>NSStringLocalizedFormatKey</key>\r\n    <string>plain</string>\r\n  </dict>\r\n</dict>')
  })

  test('numeric character references are decoded and kept as written when unchanged', () => {
    const refs = file.replace('No files', 'No files&#8230;')
    const entries = stringsdictFormat.parse(refs, {}).entries
    expect(entries[0]!.plural!.zero).toBe('No files…')
    expect(stringsdictFormat.render(refs, entries, en)).toBe(refs)
  })
})

describe('stringsdict bad input', () => {
  test.each([
    ['not XML', 'nothing here', 1, 1],
    ['a key without a value', `${HEAD}<dict>\n\t<key>a</key>\n</dict>\n</plist>`, 5, 2],
    ['a missing format key', `${HEAD}<dict>\n\t<key>a</key>\n\t<dict>\n\t</dict>\n</dict>\n</plist>`, 5, 2],
    ['a wrong root', '<dict/>', 1, 1],
    ['an unclosed dict', `${HEAD}<dict>\n\t<key>a</key>\n\t<dict>`, 6, 8],
  ])('%s yields an error issue with line and column', (_, content, line, column) => {
    expect(stringsdictFormat.parse(content, {}).issues.find((i) => i.severity === 'error')).toMatchObject({ line, column })
  })

  test('external entities are refused and entity bombs are bounded', () => {
    const xxe = '<!DOCTYPE plist [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<plist><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>&x;</string></dict></dict></plist>'
    expect(stringsdictFormat.parse(xxe, {}).issues.some((i) => /External entity/.test(i.message))).toBe(true)
    const lol = ['<!ENTITY a0 "lollollollol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`)].join('')
    const bomb = `<!DOCTYPE plist [${lol}]>\n<plist><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>&a9;</string></dict></dict></plist>`
    expect(stringsdictFormat.parse(bomb, {}).issues.some((i) => i.severity === 'error')).toBe(true)
  })

  test('nesting deeper than 100 levels is refused', () => {
    expect(stringsdictFormat.parse(`<plist>${'<dict>'.repeat(120)}${'</dict>'.repeat(120)}</plist>`, {}).issues.some((i) => i.severity === 'error')).toBe(true)
  })

  test('truncated files and random bytes end in issues or a clean parse, never a throw', () => {
    for (let cut = 0; cut <= file.length; cut += 3) {
      const part = file.slice(0, cut)
      const parsed = stringsdictFormat.parse(part, {})
      expect(typeof stringsdictFormat.render(part, parsed.entries, en)).toBe('string')
    }
    let seed = 11
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pieces = ['<', '>', '/', '&', ';', 'plist', 'dict', 'key', 'string', 'NSStringLocalizedFormatKey', '%#@v@', 'v', 'other', ' ', '\n', '<!--', '-->', 'x', '\u0000']
    for (let n = 0; n < 300; n++) {
      const junk = Array.from({ length: Math.floor(rand() * 60) }, () => pieces[Math.floor(rand() * pieces.length)]).join('')
      const parsed = stringsdictFormat.parse(junk, {})
      expect(typeof stringsdictFormat.render(junk, parsed.entries, en)).toBe('string')
    }
  })
})

test('stringsdict: random UTF-16 code units parse to issues or entries and render, never throwing', () => {
  let seed = 99
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  for (let n = 0; n < 300; n++) {
    const junk = String.fromCharCode(...Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 0x10000)))
    const parsed = stringsdictFormat.parse(junk, {})
    expect(parsed.issues.length + parsed.entries.length).toBeGreaterThanOrEqual(junk.trim() ? 1 : 0)
    expect(typeof stringsdictFormat.render(junk, parsed.entries, en)).toBe('string')
  }
})

describe('stringsdict size and detection', () => {
  test('a generated 100,000-key file renders clean, parses and renders back byte for byte', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 0
      ? { key: `key.${i}`, value: `%d items ${i}`, plural: { one: `%d item ${i}`, other: `%d items ${i}` } }
      : { key: `key.${i}`, value: `Value ${i} & <more>` }))
    const out = stringsdictFormat.render(undefined, entries, en)
    const parsed = stringsdictFormat.parse(out, {})
    expect(parsed.entries.length).toBe(100_000)
    expect(parsed.entries[10]!.plural).toEqual(entries[10]!.plural)
    expect(parsed.entries[11]!.value).toBe(entries[11]!.value)
    expect(stringsdictFormat.render(out, parsed.entries, en)).toBe(out)
  }, 120_000)

  test('10,000,000 characters parse', () => {
    const block = (i: number) => `\t<key>k${i}</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>Some fairly long text to fill the file quickly &amp; more</string>\n\t</dict>\n`
    const parts = [`${HEAD}<dict>\n`]
    let length = 0
    for (let i = 0; length < 10_000_000; i++) {
      parts.push(block(i))
      length += block(i).length
    }
    parts.push('</dict>\n</plist>\n')
    const parsed = stringsdictFormat.parse(parts.join(''), {})
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.length).toBe(parts.length - 2)
  }, 120_000)

  test.each([
    ['Localizable.stringsdict', file, 0.95],
    ['Localizable.plist', file, 0.85],
  ])('ranks %s high', (name, content, min) => {
    expect(stringsdictFormat.detect(name, content)).toBeGreaterThanOrEqual(min)
  })

  test.each([
    ['Info.plist', `${HEAD}<dict><key>CFBundleName</key><string>App</string></dict></plist>`],
    ['strings.xml', '<resources><string name="a">x</string></resources>'],
    ['Resources.resx', '<root><resheader name="resmimetype"/></root>'],
    ['Localizable.strings', '"a" = "b";'],
  ])('ranks %s low', (name, content) => {
    expect(stringsdictFormat.detect(name, content)).toBeLessThan(0.3)
  })
})

describe('stringsdict degenerate templates', () => {
  test('adds an entry to an empty top dict and fills a self-closing form', () => {
    const empty = `${HEAD}<dict/>\n</plist>\n`
    const out = stringsdictFormat.render(empty, [{ key: 'a', value: 'plain' }], en)
    expect(stringsdictFormat.parse(out, {})).toMatchObject({ issues: [], entries: [{ key: 'a', value: 'plain' }] })
    const emptyLines = `${HEAD}<dict>\n</dict>\n</plist>\n`
    expect(stringsdictFormat.render(emptyLines, [{ key: 'a', value: 'plain' }], en)).toBe(`${HEAD}<dict>\n\t<key>a</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>plain</string>\n\t</dict>\n</dict>\n</plist>\n`)
    const selfClosing = file.replace('<string>1 character</string>', '<string/>')
    const entries = stringsdictFormat.parse(selfClosing, {}).entries.map((e) => (e.key === 'limit:chars' ? { ...e, plural: { ...e.plural, one: 'filled' } } : e))
    expect(stringsdictFormat.render(selfClosing, entries, en)).toBe(file.replace('<string>1 character</string>', '<string>filled</string>'))
  })
})

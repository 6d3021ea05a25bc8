// Android strings.xml edge cases: escapes, markup, plurals, arrays, missing policies, bad input, fuzz and size.
import { describe, expect, test } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { androidFormat } from './index.js'
import { encodeValue } from './value.js'

const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const wrap = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n${body}\n</resources>\n`
const valueOf = (content: string) => androidFormat.parse(wrap(`    <string name="k">${content}</string>`), {}).entries[0]!.value

describe('android values', () => {
  test.each([
    ['apostrophe escape', "They\\'re", "They're"],
    ['double quote escape', 'say \\"hi\\"', 'say "hi"'],
    ['newline and tab escapes', 'a\\nb\\tc', 'a\nb\tc'],
    ['unicode escape', '\\u0041\\u00e9', 'Aé'],
    ['escaped at sign is not a reference', '\\@home', '@home'],
    ['escaped question mark', '\\?query', '?query'],
    ['backslash escape', 'C:\\\\temp', 'C:\\temp'],
    ['quoted value keeps spaces and apostrophes', '"  It\'s  spaced  "', "  It's  spaced  "],
    ['unquoted whitespace collapses and trims', '  a   b\n    c  ', 'a b c'],
    ['CDATA is text, so its markup is escaped in the value', '<![CDATA[<b>x</b> & y]]>', '&lt;b>x&lt;/b> & y'],
    ['ampersand entity', 'Tom &amp; Jerry', 'Tom & Jerry'],
    ['escaped markup stays distinguishable from markup', '&lt;b>bold&lt;/b>', '&lt;b>bold&lt;/b>'],
    ['a less-than sign before a space needs no value escape', 'a &lt; b', 'a < b'],
    ['decimal character reference', 'Wait&#8230;', 'Wait…'],
    ['hexadecimal character reference', 'Wait&#x2026;', 'Wait…'],
    ['html markup is kept literally', 'A <b>bold</b> <i>move</i>', 'A <b>bold</b> <i>move</i>'],
    ['xliff placeholders are kept literally', 'Hi <xliff:g id="name" example="Bob">%1$s</xliff:g>', 'Hi <xliff:g id="name" example="Bob">%1$s</xliff:g>'],
    ['a literal entity-looking text is escaped in the value', '&amp;lt;', '&amp;lt;'],
    ['quotes may span markup', '"Today at <xliff:g id="t">%s</xliff:g>  "', 'Today at <xliff:g id="t">%s</xliff:g>  '],
    ['empty element', '', ''],
  ])('reads %s', (_, xml, value) => {
    expect(valueOf(xml)).toBe(value)
  })

  test.each([
    ['apostrophe', "It's", "It\\'s"],
    ['double quotes', 'say "hi"', 'say \\"hi\\"'],
    ['newline and tab', 'a\nb\tc', 'a\\nb\\tc'],
    ['leading at sign', '@home', '\\@home'],
    ['leading question mark', '?x', '\\?x'],
    ['leading space', ' lead', '" lead"'],
    ['double space', 'a  b', '"a  b"'],
    ['ampersand and less-than', 'x & y < z', 'x &amp; y &lt; z'],
    ['markup with an apostrophe inside', "<b>it's</b>", "<b>it\\'s</b>"],
    ['unbalanced markup as text', '<b>unclosed', '&lt;b>unclosed'],
    ['backslash', 'back\\slash', 'back\\\\slash'],
    ['control character', 'a\u0001b', 'a\\u0001b'],
    ['CDATA terminator', 'a]]>b', 'a]]&gt;b'],
  ])('writes %s so aapt reads it back', (_, value, xml) => {
    expect(encodeValue(value)).toBe(xml)
    expect(valueOf(xml)).toBe(value.replace(/^<b>unclosed$/, '&lt;b>unclosed'))
  })

  test('a reference keeps its leading at sign when meta says so', () => {
    const { entries } = androidFormat.parse(wrap('    <string name="r" formatted="false">@string/app</string>'), {})
    expect(entries[0]).toMatchObject({ value: '@string/app', meta: { reference: true } })
    const out = androidFormat.render(undefined, [{ ...entries[0]!, value: '@string/other' }], en)
    expect(out).toContain('<string name="r" formatted="false">@string/other</string>')
  })

  test('random values survive encode then decode', () => {
    const alphabet = ['a', ' ', '  ', "'", '"', '\\', '\n', '\t', '&', '<', '>', '@', '?', 'é', '%1$s', '&lt;', '<b>', '</b>', '\u0001', ']]>']
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    for (let n = 0; n < 500; n++) {
      const value = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('')
      const out = androidFormat.render(undefined, [{ key: 'k', value }], en)
      const back = androidFormat.parse(out, {}).entries[0]!.value
      // Values are compared after the same value-level escaping: markup that does not balance is text.
      expect(androidFormat.parse(androidFormat.render(undefined, [{ key: 'k', value: back }], en), {}).entries[0]!.value).toBe(back)
      if (!value.includes('<') && !value.includes('&')) expect(back).toBe(value)
    }
  })
})

describe('android structure', () => {
  const file = wrap([
    '    <!-- App name -->',
    '    <string name="app">App</string>',
    '',
    '    <!-- Section header -->',
    '',
    '    <string name="hello">Hello</string>',
    '    <plurals name="songs">',
    '        <!-- shown in the list -->',
    '        <item quantity="one">%d song</item>',
    '        <item quantity="other">%d songs</item>',
    '    </plurals>',
    '    <string-array name="planets">',
    '        <item>Mercury</item>',
    '        <item>Venus</item>',
    '    </string-array>',
    '    <integer-array name="ids"><item>1</item></integer-array>',
    '    <string name="tablet" product="tablet">Tablet</string>',
    '    <string name="tablet" product="default">Phone</string>',
    '    <skip/>',
  ].join('\n'))

  test('reads strings, plurals and array items with comments, contexts and kinds', () => {
    const { entries, issues } = androidFormat.parse(file, { locale: 'en' })
    expect(issues).toEqual([])
    expect(entries).toEqual([
      { key: 'app', value: 'App', comment: 'App name' },
      { key: 'hello', value: 'Hello' },
      { key: 'songs', value: '%d songs', plural: { one: '%d song', other: '%d songs' }, comment: 'shown in the list', meta: { kind: 'plurals' } },
      { key: 'planets[0]', value: 'Mercury', meta: { kind: 'string-array' } },
      { key: 'planets[1]', value: 'Venus', meta: { kind: 'string-array' } },
      { key: 'tablet', context: 'tablet', value: 'Tablet' },
      { key: 'tablet', context: 'default', value: 'Phone' },
    ])
  })

  test('renders its own entries back byte for byte', () => {
    expect(androidFormat.render(file, androidFormat.parse(file, {}).entries, en)).toBe(file)
  })

  test('changing one value changes only that value', () => {
    const entries = androidFormat.parse(file, {}).entries.map((e) => (e.key === 'hello' ? { ...e, value: "Hi, it's me" } : e))
    expect(androidFormat.render(file, entries, en)).toBe(file.replace('>Hello<', ">Hi, it\\'s me<"))
  })

  test('rendering a changed plural into Russian writes exactly one, few, many and other', () => {
    const entries = androidFormat.parse(file, {}).entries.map((e) => (e.key === 'songs' ? { ...e, plural: { one: '%d песня', few: '%d песни', many: '%d песен', other: '%d песни' } } : e))
    const out = androidFormat.render(file, entries, { locale: 'ru', sourceLocale: 'en' })
    expect(out).toContain([
      '        <item quantity="one">%d песня</item>',
      '        <item quantity="few">%d песни</item>',
      '        <item quantity="many">%d песен</item>',
      '        <item quantity="other">%d песни</item>',
      '    </plurals>',
    ].join('\n'))
  })

  test('rendering a changed plural into Japanese keeps only other', () => {
    const entries = androidFormat.parse(file, {}).entries.map((e) => (e.key === 'songs' ? { ...e, plural: { other: '%d曲' } } : e))
    const out = androidFormat.render(file, entries, { locale: 'ja', sourceLocale: 'en' })
    expect(out).not.toContain('quantity="one"')
    expect(androidFormat.parse(out, {}).entries.find((e) => e.key === 'songs')!.plural).toEqual({ other: '%d曲' })
  })

  test('an unchanged plural keeps forms the locale does not need', () => {
    const entries = androidFormat.parse(file, {}).entries
    expect(androidFormat.render(file, entries, { locale: 'ja', sourceLocale: 'en' })).toBe(file)
  })

  test.each([
    ['source', (out: string) => expect(out).toBe(file)],
    ['empty', (out: string) => {
      const entries = androidFormat.parse(out, {}).entries
      expect(entries.find((e) => e.key === 'app')!.value).toBe('')
      expect(entries.find((e) => e.key === 'songs')!.plural).toEqual({ one: '', other: '' })
      expect(entries.find((e) => e.key === 'hello')!.value).toBe('Hello')
    }],
    ['omit', (out: string) => {
      expect(out).not.toContain('App name')
      expect(out).not.toContain('name="app"')
      expect(out).not.toContain('name="songs"')
      expect(out).not.toContain('name="planets"')
      expect(out).toContain('<integer-array name="ids">')
      expect(out).toContain('<!-- Section header -->')
    }],
  ] as const)('missing entries under %s', (missing, check) => {
    const entries = androidFormat.parse(file, {}).entries.filter((e) => e.key === 'hello' || e.key === 'tablet')
    check(androidFormat.render(file, entries, { ...en, missing }))
  })

  test('an empty or null context matches an entry without context', () => {
    const entries = androidFormat.parse(file, {}).entries.map((e) => (e.context === undefined ? { ...e, context: e.key === 'app' ? '' : (null as unknown as string) } : e))
    expect(androidFormat.render(file, entries, { ...en, missing: 'omit' })).toBe(file)
  })

  test('omitting an uncommented string keeps the comment of the string after it', () => {
    const two = wrap('    <string name="a">A</string>\n    <!-- about b -->\n    <string name="b">B</string>')
    const out = androidFormat.render(two, [{ key: 'b', value: 'B' }], { ...en, missing: 'omit' })
    expect(out).toBe(wrap('    <!-- about b -->\n    <string name="b">B</string>'))
    expect(androidFormat.parse(two, {}).entries).toEqual([{ key: 'a', value: 'A' }, { key: 'b', value: 'B', comment: 'about b' }])
  })

  test('new entries are added after the last resource with the file indentation', () => {
    const entries: Entry[] = [...androidFormat.parse(file, {}).entries, { key: 'added', value: 'New', comment: 'a note' }, { key: 'planets[2]', value: 'Earth' }]
    const out = androidFormat.render(file, entries, en)
    expect(out).toContain('    <skip/>\n    <!-- a note -->\n    <string name="added">New</string>\n</resources>')
    expect(out).toContain('        <item>Venus</item>\n        <item>Earth</item>\n    </string-array>')
  })

  test('untranslatable strings are skipped in a clean translation but kept in the source locale', () => {
    const entries: Entry[] = [{ key: 'brand', value: 'Tolk', meta: { translatable: false, attrs: { translatable: 'false' } } }, { key: 'hi', value: 'Hi' }]
    expect(androidFormat.render(undefined, entries, { locale: 'de', sourceLocale: 'en' })).not.toContain('brand')
    expect(androidFormat.render(undefined, entries, en)).toContain('<string name="brand" translatable="false">Tolk</string>')
  })

  test('a clean file with no template is idiomatic and declares the namespaces it uses', () => {
    const out = androidFormat.render(undefined, [
      { key: 'a', value: 'Hi <xliff:g id="n">%s</xliff:g>' },
      { key: 'n', value: '', plural: { one: 'one', other: 'many' } },
      { key: 'arr[0]', value: 'x' },
      { key: 'arr[1]', value: 'y' },
    ], { locale: 'pl', sourceLocale: 'en' })
    expect(out).toBe([
      '<?xml version="1.0" encoding="utf-8"?>',
      '<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">',
      '    <string name="a">Hi <xliff:g id="n">%s</xliff:g></string>',
      '    <plurals name="n">',
      '        <item quantity="one">one</item>',
      '        <item quantity="few">many</item>',
      '        <item quantity="many">many</item>',
      '        <item quantity="other">many</item>',
      '    </plurals>',
      '    <string-array name="arr">',
      '        <item>x</item>',
      '        <item>y</item>',
      '    </string-array>',
      '</resources>',
      '',
    ].join('\n'))
  })

  test('a repeated key is reported, kept, and each copy takes its own entry', () => {
    const dup = wrap('    <string name="a">one</string>\n    <string name="a">two</string>')
    const parsed = androidFormat.parse(dup, {})
    expect(parsed.entries.map((e) => e.value)).toEqual(['one', 'two'])
    expect(parsed.issues).toEqual([{ severity: 'warning', message: 'Repeated key "a"; every copy is kept', line: 4, column: 5 }])
    expect(androidFormat.render(dup, parsed.entries, en)).toBe(dup)
    const out = androidFormat.render(dup, [{ key: 'a', value: 'one' }, { key: 'a', value: 'deux' }], en)
    expect(out).toBe(dup.replace('two', 'deux'))
  })

  test('CRLF line endings and a BOM are kept, and added lines use CRLF', () => {
    const crlf = `\uFEFF${wrap('    <string name="a">A</string>').replace(/\n/g, '\r\n')}`
    const entries = androidFormat.parse(crlf, {}).entries
    expect(androidFormat.render(crlf, entries, en)).toBe(crlf)
    const out = androidFormat.render(crlf, [...entries, { key: 'b', value: 'B' }], en)
    expect(out.startsWith('\uFEFF')).toBe(true)
    expect(out).toContain('<string name="a">A</string>\r\n    <string name="b">B</string>\r\n</resources>')
  })

  test('numeric character references are decoded and kept as written when unchanged', () => {
    const refs = wrap('    <string name="a">Wait&#8230; &#x2026;</string>\n    <string name="b">x</string>')
    const entries = androidFormat.parse(refs, {}).entries
    expect(entries[0]!.value).toBe('Wait… …')
    expect(androidFormat.render(refs, entries.map((e) => (e.key === 'b' ? { ...e, value: 'y' } : e)), en)).toBe(refs.replace('>x<', '>y<'))
  })
})

describe('android bad input', () => {
  test.each([
    ['not XML at all', 'hello world', 1, 1],
    ['an unclosed element', '<resources>\n  <string name="a">x\n', 3, 1],
    ['a wrong root', '<root>\n</root>', 1, 1],
    ['a string without a name', '<resources>\n  <string>x</string>\n</resources>', 2, 3],
    ['a plural item without quantity', '<resources>\n  <plurals name="p">\n    <item>x</item>\n  </plurals>\n</resources>', 3, 5],
  ])('%s yields an error issue with line and column', (_, content, line, column) => {
    const { issues } = androidFormat.parse(content, {})
    expect(issues.find((i) => i.severity === 'error')).toMatchObject({ line, column })
  })

  test('an unescaped apostrophe is reported as aapt would reject it', () => {
    const { issues } = androidFormat.parse(wrap("    <string name=\"a\">It's</string>"), {})
    expect(issues).toMatchObject([{ severity: 'warning', line: 3, column: 5 }])
  })

  test('external entities are refused and never read', () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE resources [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<resources><string name="a">&x;</string></resources>'
    const { issues, entries } = androidFormat.parse(xxe, {})
    expect(issues.some((i) => i.severity === 'error' && /External entity/.test(i.message))).toBe(true)
    expect(JSON.stringify(entries)).not.toContain('root:')
  })

  test('entity expansion is bounded', () => {
    const lol = ['<!ENTITY a0 "lollollollol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`)].join('')
    const bomb = `<!DOCTYPE resources [${lol}]>\n<resources><string name="a">&a9;</string></resources>`
    const { issues, entries } = androidFormat.parse(bomb, {})
    // Bounded by the XML layer's expansion budget: refused with its message, no expanded text kept.
    expect(issues).toContainEqual(expect.objectContaining({ severity: 'error', message: expect.stringContaining('Entity expansion exceeds 1000000 characters') }))
    expect(JSON.stringify(entries).length).toBeLessThan(1_000_000)
  })

  test('nesting deeper than 100 levels is refused', () => {
    const deep = `<resources><string name="a">${'<b>'.repeat(150)}x${'</b>'.repeat(150)}</string></resources>`
    expect(androidFormat.parse(deep, {}).issues.some((i) => i.severity === 'error')).toBe(true)
  })

  test('truncated files and random bytes end in issues or a clean parse, never a throw', () => {
    const file = wrap('    <!-- c -->\n    <string name="a">A \\\'b\\\' <b>c</b> &amp; "d"</string>\n    <plurals name="p"><item quantity="one">x</item><item quantity="other">y</item></plurals>\n    <string-array name="s"><item>i</item></string-array>')
    for (let cut = 0; cut <= file.length; cut++) {
      const part = file.slice(0, cut)
      const parsed = androidFormat.parse(part, {})
      expect(Array.isArray(parsed.issues)).toBe(true)
      androidFormat.render(part, parsed.entries, en)
    }
    let seed = 42
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pieces = ['<', '>', '/', '"', "'", '&', ';', '#', '\\', 'string', 'resources', 'name=', 'item', ' ', '\n', '<!--', '-->', '<![CDATA[', ']]>', 'x', '\u0000', '\uD800']
    for (let n = 0; n < 300; n++) {
      const junk = Array.from({ length: Math.floor(rand() * 60) }, () => pieces[Math.floor(rand() * pieces.length)]).join('')
      const parsed = androidFormat.parse(junk, {})
      expect(Array.isArray(parsed.entries)).toBe(true)
      expect(typeof androidFormat.render(junk, parsed.entries, en)).toBe('string')
    }
  })
})

test('android: random UTF-16 code units parse to issues or entries and render, never throwing', () => {
  let seed = 99
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  for (let n = 0; n < 300; n++) {
    const junk = String.fromCharCode(...Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 0x10000)))
    const parsed = androidFormat.parse(junk, {})
    expect(parsed.issues.length + parsed.entries.length).toBeGreaterThanOrEqual(junk.trim() ? 1 : 0)
    expect(typeof androidFormat.render(junk, parsed.entries, en)).toBe('string')
  }
})

describe('android size', () => {
  test('a generated 100,000-key file renders clean, parses and renders back byte for byte', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 0
      ? { key: `plural_${i}`, value: `${i} items`, plural: { one: `${i} item`, other: `${i} items` } }
      : { key: `key_${i}`, value: `Value ${i} it's "quoted" & <b>bold</b>` }))
    const file = androidFormat.render(undefined, entries, en)
    const parsed = androidFormat.parse(file, { locale: 'en' })
    expect(parsed.entries.length).toBe(100_000)
    expect(parsed.entries[1]!.value).toBe(entries[1]!.value)
    expect(androidFormat.render(file, parsed.entries, en)).toBe(file)
  }, 120_000)

  test('10,000,000 characters parse', () => {
    const line = '    <string name="k">Some text that is long enough to fill the file quickly, with &amp; and \\\' escapes.</string>\n'
    const count = Math.ceil(10_000_000 / line.length)
    const file = `<resources>\n${Array.from({ length: count }, (_, i) => line.replace('"k"', `"k${i}"`)).join('')}</resources>\n`
    expect(file.length).toBeGreaterThanOrEqual(10_000_000)
    const parsed = androidFormat.parse(file, {})
    expect(parsed.entries.length).toBe(count)
    expect(parsed.issues).toEqual([])
  }, 120_000)
})

describe('android detection', () => {
  test.each([
    ['values/strings.xml', wrap('<string name="a">x</string>'), 0.9],
    ['strings.xml', '<resources></resources>', 0.7],
  ])('ranks %s high', (name, content, min) => {
    expect(androidFormat.detect(name, content)).toBeGreaterThanOrEqual(min)
  })

  test.each([
    ['Resources.resx', '<?xml version="1.0"?><root><resheader name="resmimetype"><value>text/microsoft-resx</value></resheader></root>'],
    ['messages.xlf', '<?xml version="1.0"?><xliff version="1.2"><file></file></xliff>'],
    ['Localizable.stringsdict', '<?xml version="1.0"?><plist version="1.0"><dict/></plist>'],
    ['en.json', '{"a": "b"}'],
  ])('ranks %s low', (name, content) => {
    expect(androidFormat.detect(name, content)).toBeLessThan(0.2)
  })
})

describe('android degenerate templates', () => {
  test.each([
    ['a self-closing resources element', '<resources/>\n', '<resources>\n    <string name="a">A</string>\n</resources>\n'],
    ['an empty resources element', '<resources>\n</resources>\n', '<resources>\n    <string name="a">A</string>\n</resources>\n'],
  ])('adds an entry to %s', (_, template, expected) => {
    expect(androidFormat.render(template, [{ key: 'a', value: 'A' }], en)).toBe(expected)
  })

  test('fills a self-closing string and a plural without items', () => {
    const template = wrap('    <string name="a"/>\n    <plurals name="p">\n    </plurals>')
    const out = androidFormat.render(template, [{ key: 'a', value: 'A' }, { key: 'p', value: 'n', plural: { one: 'one', other: 'n' } }], en)
    expect(androidFormat.parse(out, {}).entries).toMatchObject([{ key: 'a', value: 'A' }, { key: 'p', plural: { one: 'one', other: 'n' } }])
  })
})

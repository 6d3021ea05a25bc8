// RESX edge cases: whitespace and escapes, comments, non-string data, missing policies, bad input, fuzz and size.
import { describe, expect, test } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { resxFormat } from './index.js'

const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const file = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<root>',
  '  <resheader name="resmimetype">',
  '    <value>text/microsoft-resx</value>',
  '  </resheader>',
  '  <assembly alias="System.Windows.Forms" name="System.Windows.Forms, Version=4.0.0.0" />',
  '  <data name="Greeting" xml:space="preserve">',
  '    <value>Hello, {0}!</value>',
  '    <comment>Shown on the start page.',
  'Keep it short.</comment>',
  '  </data>',
  '  <data name="term two" xml:space="preserve">',
  '    <value> padded </value>',
  '  </data>',
  '  <data name="Logo" type="System.Resources.ResXFileRef, System.Windows.Forms">',
  '    <value>..\\Resources\\logo.png;System.Drawing.Bitmap, System.Drawing</value>',
  '  </data>',
  '  <data name="Blob" mimetype="application/x-microsoft.net.object.binary.base64">',
  '    <value>AAEAAAD/////AQAAAAAAAAAMAgAAAA==</value>',
  '  </data>',
  '  <data name="Markup" xml:space="preserve">',
  '    <value>&lt;b&gt;bold&lt;/b&gt; &amp; &#8230;</value>',
  '  </data>',
  '  <data name="Empty" xml:space="preserve">',
  '    <value />',
  '  </data>',
  '</root>',
].join('\n')

describe('resx reading', () => {
  test('reads string data with comments and skips file references and binary data', () => {
    const { entries, issues } = resxFormat.parse(file, { locale: 'en' })
    expect(issues).toEqual([])
    expect(entries).toEqual([
      { key: 'Greeting', value: 'Hello, {0}!', comment: 'Shown on the start page.\nKeep it short.' },
      { key: 'term two', value: ' padded ' },
      { key: 'Markup', value: '<b>bold</b> & …' },
      { key: 'Empty', value: '' },
    ])
  })

  test('renders its own entries back byte for byte', () => {
    expect(resxFormat.render(file, resxFormat.parse(file, {}).entries, en)).toBe(file)
  })

  test.each([
    ['markup and ampersands', '<i>x</i> & y', '&lt;i&gt;x&lt;/i&gt; &amp; y'],
    ['leading and trailing whitespace', '  spaced  ', '  spaced  '],
    ['a newline', 'one\ntwo', 'one\ntwo'],
    ['a literal backslash-n', 'one\\ntwo', 'one\\ntwo'],
    ['quotes', `"double" 'single'`, `"double" 'single'`],
    ['a carriage return character', 'a\rb', 'a&#13;b'],
  ])('writes %s so it reads back the same', (_, value, xml) => {
    const entries = resxFormat.parse(file, {}).entries.map((e) => (e.key === 'Greeting' ? { ...e, value } : e))
    const out = resxFormat.render(file, entries, en)
    expect(out).toBe(file.replace('Hello, {0}!', xml))
    expect(resxFormat.parse(out, {}).entries[0]!.value).toBe(value)
  })

  test('writing into a self-closing value expands it', () => {
    const entries = resxFormat.parse(file, {}).entries.map((e) => (e.key === 'Empty' ? { ...e, value: 'filled' } : e))
    expect(resxFormat.render(file, entries, en)).toBe(file.replace('<value />', '<value>filled</value>'))
  })

  test('a changed comment is written; an absent one is left alone', () => {
    const entries = resxFormat.parse(file, {}).entries.map((e) => (e.key === 'term two' ? { ...e, comment: 'new note' } : e.key === 'Greeting' ? { key: e.key, value: e.value } : e))
    const out = resxFormat.render(file, entries, en)
    expect(out).toBe(file.replace('    <value> padded </value>', '    <value> padded </value>\n    <comment>new note</comment>'))
  })
})

describe('resx rendering', () => {
  test.each([
    ['source', (out: string) => expect(out).toBe(file)],
    ['empty', (out: string) => {
      expect(resxFormat.parse(out, {}).entries.find((e) => e.key === 'term two')!.value).toBe('')
      expect(out).toContain('AAEAAAD/////AQAAAAAAAAAMAgAAAA==')
    }],
    ['omit', (out: string) => {
      expect(resxFormat.parse(out, {}).entries.map((e) => e.key)).toEqual(['Greeting'])
      expect(out).toContain('name="Logo"')
      expect(out).toContain('name="Blob"')
      expect(out).not.toContain('term two')
    }],
  ] as const)('template entries absent from the entries under %s', (missing, check) => {
    const entries = resxFormat.parse(file, {}).entries.filter((e) => e.key === 'Greeting')
    check(resxFormat.render(file, entries, { ...en, missing }))
  })

  test('new entries are added after the last element in Visual Studio style', () => {
    const entries: Entry[] = [...resxFormat.parse(file, {}).entries, { key: 'New "one"', value: 'x < y', comment: 'note' }]
    const out = resxFormat.render(file, entries, en)
    expect(out).toBe(file.replace('\n</root>', [
      '',
      '  <data name="New &quot;one&quot;" xml:space="preserve">',
      '    <value>x &lt; y</value>',
      '    <comment>note</comment>',
      '  </data>',
      '</root>',
    ].join('\n')))
  })

  test('a clean file has the four resheaders and one data per entry', () => {
    const out = resxFormat.render(undefined, [{ key: 'a', value: 'A' }, { key: 'b', value: 'B', comment: 'c' }], { locale: 'de', sourceLocale: 'en' })
    expect(out).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<root>\n {2}<resheader name="resmimetype">/)
    expect(out).toContain('<resheader name="writer">')
    expect(out.endsWith('  <data name="b" xml:space="preserve">\n    <value>B</value>\n    <comment>c</comment>\n  </data>\n</root>')).toBe(true)
    expect(resxFormat.parse(out, {}).entries).toEqual([{ key: 'a', value: 'A' }, { key: 'b', value: 'B', comment: 'c' }])
  })

  test('CRLF and a BOM are kept, and new lines and multi-line values use CRLF', () => {
    const crlf = `\uFEFF${file.replace(/\n/g, '\r\n')}`
    const entries = resxFormat.parse(crlf, {}).entries
    expect(entries[0]!.comment).toBe('Shown on the start page.\nKeep it short.')
    expect(resxFormat.render(crlf, entries, en)).toBe(crlf)
    const out = resxFormat.render(crlf, [...entries.map((e) => (e.key === 'Greeting' ? { ...e, value: 'a\nb' } : e)), { key: 'n', value: 'N' }], en)
    expect(out.startsWith('\uFEFF')).toBe(true)
    expect(out).toContain('<value>a\r\nb</value>')
    expect(out).toContain('</data>\r\n  <data name="n" xml:space="preserve">\r\n    <value>N</value>\r\n  </data>\r\n</root>')
    expect(out.replace(/\r\n/g, '').includes('\n')).toBe(false)
  })

  test('a repeated name is reported, kept, and each copy takes its own entry', () => {
    const dup = '<root>\n  <data name="a"><value>1</value></data>\n  <data name="a"><value>2</value></data>\n</root>'
    const parsed = resxFormat.parse(dup, {})
    expect(parsed.issues).toEqual([{ severity: 'warning', message: 'Repeated key "a"; every copy is kept', line: 3, column: 3 }])
    expect(resxFormat.render(dup, parsed.entries, en)).toBe(dup)
    expect(resxFormat.render(dup, [{ key: 'a', value: '1' }, { key: 'a', value: 'two' }], en)).toBe(dup.replace('>2<', '>two<'))
  })

  test('plural entries are written as their other form, since RESX has no plurals', () => {
    const out = resxFormat.render(undefined, [{ key: 'n', value: '{0} files', plural: { one: '{0} file', other: '{0} files' } }], en)
    expect(resxFormat.parse(out, {}).entries).toEqual([{ key: 'n', value: '{0} files' }])
  })
})

describe('resx bad input', () => {
  test.each([
    ['not XML', 'just text', 1, 1],
    ['a broken tag', '<root>\n  <data name="a"><value>x</data>\n</root>', 2, 26],
    ['a wrong root', '<resources/>', 1, 1],
    ['data without a name', '<root>\n  <data><value>x</value></data>\n</root>', 2, 3],
  ])('%s yields an error issue with line and column', (_, content, line, column) => {
    expect(resxFormat.parse(content, {}).issues.find((i) => i.severity === 'error')).toMatchObject({ line, column })
  })

  test('external entities are refused and entity bombs are bounded', () => {
    const xxe = '<!DOCTYPE root [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<root><data name="a"><value>&x;</value></data></root>'
    expect(resxFormat.parse(xxe, {}).issues.some((i) => /External entity/.test(i.message))).toBe(true)
    const lol = ['<!ENTITY a0 "lollollollol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`)].join('')
    const bomb = `<!DOCTYPE root [${lol}]>\n<root><data name="a"><value>&a9;</value></data></root>`
    expect(resxFormat.parse(bomb, {}).issues.some((i) => i.severity === 'error')).toBe(true)
  })

  test('nesting deeper than 100 levels is refused', () => {
    expect(resxFormat.parse(`<root>${'<x>'.repeat(120)}${'</x>'.repeat(120)}</root>`, {}).issues.some((i) => i.severity === 'error')).toBe(true)
  })

  test('a template that does not parse is replaced by a clean file', () => {
    const out = resxFormat.render('<root><data name=', [{ key: 'a', value: 'A' }], en)
    expect(resxFormat.parse(out, {})).toMatchObject({ entries: [{ key: 'a', value: 'A' }], issues: [] })
  })

  test('truncated files and random bytes end in issues or a clean parse, never a throw', () => {
    for (let cut = 0; cut <= file.length; cut++) {
      const part = file.slice(0, cut)
      const parsed = resxFormat.parse(part, {})
      expect(typeof resxFormat.render(part, parsed.entries, en)).toBe('string')
    }
    let seed = 3
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pieces = ['<', '>', '/', '"', '&', ';', 'root', 'data', 'value', 'comment', 'name=', ' ', '\n', '<!--', '-->', '<![CDATA[', ']]>', 'x', '\u0000']
    for (let n = 0; n < 300; n++) {
      const junk = Array.from({ length: Math.floor(rand() * 60) }, () => pieces[Math.floor(rand() * pieces.length)]).join('')
      const parsed = resxFormat.parse(junk, {})
      expect(typeof resxFormat.render(junk, parsed.entries, en)).toBe('string')
    }
  })
})

test('resx: random UTF-16 code units parse to issues or entries and render, never throwing', () => {
  let seed = 99
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  for (let n = 0; n < 300; n++) {
    const junk = String.fromCharCode(...Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 0x10000)))
    const parsed = resxFormat.parse(junk, {})
    expect(parsed.issues.length + parsed.entries.length).toBeGreaterThanOrEqual(junk.trim() ? 1 : 0)
    expect(typeof resxFormat.render(junk, parsed.entries, en)).toBe('string')
  }
})

describe('resx size and detection', () => {
  test('a generated 100,000-key file renders clean, parses and renders back byte for byte', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `Key_${i}`, value: `Value ${i} <b>&</b>`, ...(i % 3 ? {} : { comment: `Note ${i}` }) }))
    const out = resxFormat.render(undefined, entries, en)
    const parsed = resxFormat.parse(out, {})
    expect(parsed.entries).toEqual(entries)
    expect(resxFormat.render(out, parsed.entries, en)).toBe(out)
  }, 120_000)

  test('10,000,000 characters parse', () => {
    const block = (i: number) => `  <data name="k${i}" xml:space="preserve">\n    <value>Some longer text to fill the file &amp; more</value>\n  </data>\n`
    const parts = ['<root>\n']
    let length = 0
    for (let i = 0; length < 10_000_000; i++) {
      parts.push(block(i))
      length += block(i).length
    }
    parts.push('</root>')
    const parsed = resxFormat.parse(parts.join(''), {})
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.length).toBe(parts.length - 2)
  }, 120_000)

  test.each([
    ['Resources.resx', file, 0.9],
    ['Resources.xml', file, 0.8],
  ])('ranks %s high', (name, content, min) => {
    expect(resxFormat.detect(name, content)).toBeGreaterThanOrEqual(min)
  })

  test.each([
    ['strings.xml', '<resources><string name="a">x</string></resources>'],
    ['messages.xlf', '<xliff version="1.2"><file/></xliff>'],
    ['Localizable.stringsdict', '<plist version="1.0"><dict/></plist>'],
    ['data.xml', '<root><item/></root>'],
  ])('ranks %s low', (name, content) => {
    expect(resxFormat.detect(name, content)).toBeLessThan(0.2)
  })
})

describe('resx degenerate templates', () => {
  test.each([
    ['a self-closing root', '<root/>', '<root>\n  <data name="a" xml:space="preserve">\n    <value>A</value>\n  </data>\n</root>'],
    ['an empty root', '<root>\n</root>', '<root>\n  <data name="a" xml:space="preserve">\n    <value>A</value>\n  </data>\n</root>'],
    ['a self-closing data', '<root>\n  <data name="a"/>\n</root>', '<root>\n  <data name="a">\n    <value>A</value>\n  </data>\n</root>'],
    ['a data without value', '<root>\n  <data name="a">\n  </data>\n</root>', '<root>\n  <data name="a">\n    <value>A</value>\n  </data>\n</root>'],
  ])('writes into %s', (_, template, expected) => {
    expect(resxFormat.render(template, [{ key: 'a', value: 'A' }], en)).toBe(expected)
  })
})

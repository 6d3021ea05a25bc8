import { describe, expect, it } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { xliffFormat } from './index.js'

const { parse, render } = xliffFormat
const de: RenderOptions = { locale: 'de', sourceLocale: 'en' }

const v12 = (units: string, fileAttrs = 'source-language="en" target-language="de"') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file ${fileAttrs} datatype="plaintext" original="app">
    <body>
${units}
    </body>
  </file>
</xliff>
`

const v20 = (units: string) =>
  `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="f1">
${units}
  </file>
</xliff>
`

const simple12 = v12(`      <trans-unit id="1" resname="greeting">
        <source>Hello</source>
        <target state="translated">Hallo</target>
        <note>Shown on the home page</note>
      </trans-unit>
      <trans-unit id="bye">
        <source>Bye &amp; see you&#8230;</source>
        <target>Tschüss &amp; bis bald&#8230;</target>
      </trans-unit>`)

const simple20 = v20(`    <unit id="greeting">
      <notes>
        <note>Shown on the home page</note>
      </notes>
      <segment state="translated">
        <source>Hello</source>
        <target>Hallo</target>
      </segment>
    </unit>
    <unit id="bye">
      <segment>
        <source>Bye</source>
      </segment>
    </unit>`)

function withValue(entries: Entry[], key: string, value: string): Entry[] {
  return entries.map((e) => (e.key === key ? { ...e, value } : e))
}

describe('xliff parse', () => {
  it('reads 1.2 trans-units: key from resname else id, target as value, notes as comment, state in meta', () => {
    const { entries, locales, issues } = parse(simple12, {})
    expect(issues).toEqual([])
    expect(locales).toEqual(['en', 'de'])
    expect(entries).toEqual([
      { key: 'greeting', source: 'Hello', value: 'Hallo', comment: 'Shown on the home page', meta: { xliff: '1.2', id: '1', resname: 'greeting', state: 'translated', file: 'app' } },
      { key: 'bye', source: 'Bye & see you\u2026', value: 'Tschüss & bis bald\u2026', meta: { xliff: '1.2', id: 'bye', file: 'app' } },
    ])
  })

  it('reads 2.0 units: key from unit id, state from the segment, an absent target as an empty value', () => {
    const { entries, locales } = parse(simple20, {})
    expect(locales).toEqual(['en', 'de'])
    expect(entries.map((e) => [e.key, e.source, e.value, e.comment, e.meta?.state])).toEqual([
      ['greeting', 'Hello', 'Hallo', 'Shown on the home page', 'translated'],
      ['bye', 'Bye', '', undefined, undefined],
    ])
  })

  it('reads units inside nested groups, and never takes an alt-trans target as the value', () => {
    const content = v12(`      <group id="g1"><group id="g2">
        <trans-unit id="a"><source>A</source><target>Ä</target>
          <alt-trans><target>Alt</target></alt-trans>
        </trans-unit>
      </group></group>`)
    expect(parse(content, {}).entries.map((e) => [e.key, e.value])).toEqual([['a', 'Ä']])
  })

  it('gives each segment of a multi-segment 2.0 unit its own key: unit id # segment id (or position)', () => {
    const content = v20(`    <unit id="u1">
      <segment id="s1"><source>One.</source><target>Eins.</target></segment>
      <ignorable><source> </source></ignorable>
      <segment><source>Two.</source></segment>
    </unit>`)
    expect(parse(content, {}).entries.map((e) => e.key)).toEqual(['u1#s1', 'u1#2'])
  })

  it('uses the file name as context when a document holds several files', () => {
    const content = `<xliff version="1.2"><file original="a.strings" source-language="en"><body><trans-unit id="k"><source>A</source></trans-unit></body></file><file original="b.strings" source-language="en"><body><trans-unit id="k"><source>B</source></trans-unit></body></file></xliff>`
    const { entries, issues } = parse(content, {})
    expect(issues).toEqual([])
    expect(entries.map((e) => [e.context, e.key, e.source])).toEqual([['a.strings', 'k', 'A'], ['b.strings', 'k', 'B']])
  })

  it.each([
    ['1.2 g, x, bx, ex', '<g id="1">bold</g> and <x id="2"/><bx id="3"/>x<ex id="3"/>'],
    ['1.2 bpt/ept with native code', '<bpt id="1">&lt;b&gt;</bpt>bold<ept id="1">&lt;/b&gt;</ept>'],
    ['2.0 ph, pc, sc, ec, mrk', '<ph id="1" dataRef="d1"/><pc id="2">A <mrk id="m1" type="term">B</mrk></pc><sc id="3"/>C<ec startRef="3"/>'],
  ])('keeps inline elements (%s) as literal markup in the value', (_name, inner) => {
    const content = v12(`      <trans-unit id="k"><source>${inner}</source><target>${inner}</target></trans-unit>`)
    const [entry] = parse(content, {}).entries
    expect(entry!.value).toBe(entry!.source)
    expect(entry!.value).toContain('<')
    expect(render(content, [entry!], de)).toBe(content)
    const edited = render(content, [{ ...entry!, value: `X ${entry!.value} & Y` }], de)
    expect(parse(edited, {}).entries[0]!.value).toBe(`X ${entry!.value} & Y`)
  })

  it('decodes entities and character references, and text that only looks like a tag stays text', () => {
    const content = v12('      <trans-unit id="k"><source>a</source><target>&lt;b&gt; &#x2026; &#8230; &quot;</target></trans-unit>')
    expect(parse(content, {}).entries[0]!.value).toBe('<b> \u2026 \u2026 "')
  })

  it('reads a CDATA target literally', () => {
    const content = v12('      <trans-unit id="k"><source>a</source><target><![CDATA[Go <a href="{url}">home</a> & rest]]></target></trans-unit>')
    expect(parse(content, {}).entries[0]!.value).toBe('Go <a href="{url}">home</a> & rest')
  })

  it('reports a repeated key as a warning and keeps both copies through a render', () => {
    const content = v12(`      <trans-unit id="k"><source>a</source><target>one</target></trans-unit>
      <trans-unit id="k"><source>a</source><target>two</target></trans-unit>`)
    const { entries, issues } = parse(content, {})
    expect(entries.map((e) => e.value)).toEqual(['one', 'two'])
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', line: 6, column: 7 })])
    expect(render(content, entries, de)).toBe(content)
    const out = render(content, [entries[0]!, { ...entries[1]!, value: 'zwei' }], de)
    expect(parse(out, {}).entries.map((e) => e.value)).toEqual(['one', 'zwei'])
  })
})

describe('xliff render into a template', () => {
  it('returns the template unchanged for its own entries', () => {
    for (const t of [simple12, simple20]) expect(render(t, parse(t, {}).entries, de)).toBe(t)
  })

  it('matches entries to units by key and context whatever their order', () => {
    const content = v12(`      <trans-unit id="a"><source>a</source><target>1</target></trans-unit>
      <trans-unit id="b"><source>b</source><target>2</target></trans-unit>
      <trans-unit id="a"><source>a</source><target>3</target></trans-unit>`)
    const entries = parse(content, {}).entries
    expect(render(content, [...entries].reverse(), de)).toBe(content.replace('<target>1</target>', '<target state="translated">3</target>').replace('<target>3</target>', '<target state="translated">1</target>'))
    expect(render(content, [entries[1]!, entries[0]!, entries[2]!], de)).toBe(content)
  })

  it('changes only the bytes of the edited value and sets its state (1.2)', () => {
    const out = render(simple12, withValue(parse(simple12, {}).entries, 'bye', 'Ciao & <3'), de)
    expect(out).toBe(simple12.replace('<target>Tschüss &amp; bis bald&#8230;</target>', '<target state="translated">Ciao &amp; &lt;3</target>'))
  })

  it('keeps the original spelling of an unchanged value next to an edited one', () => {
    const out = render(simple12, withValue(parse(simple12, {}).entries, 'greeting', 'Servus'), de)
    expect(out).toContain('Tschüss &amp; bis bald&#8230;')
    expect(out).toContain('<target state="translated">Servus</target>')
  })

  it('writes characters the target spelled as numeric references the same way in a changed value', () => {
    const out = render(simple12, withValue(parse(simple12, {}).entries, 'bye', 'Ciao\u2026 a presto\u2026'), de)
    expect(out).toContain('<target state="translated">Ciao&#8230; a presto&#8230;</target>')
  })

  it('keeps a newline written as &#10; a reference in a CRLF file', () => {
    const content = v12('      <trans-unit id="k"><source>a</source><target>one&#10;two</target></trans-unit>').replace(/\n/g, '\r\n')
    const out = render(content, [{ key: 'k', value: 'eins\nzwei' }], de)
    expect(out).toContain('<target state="translated">eins&#10;zwei</target>')
    expect(parse(out, {}).entries[0]!.value).toBe('eins\nzwei')
  })

  it('creates a 2.0 target after the source with the same indentation and marks the segment translated', () => {
    const out = render(simple20, withValue(parse(simple20, {}).entries, 'bye', 'Tschüss'), de)
    expect(out).toBe(simple20.replace(`      <segment>
        <source>Bye</source>
`, `      <segment state="translated">
        <source>Bye</source>
        <target>Tschüss</target>
`))
  })

  it('creates a 1.2 target after seg-source when the unit has one', () => {
    const content = v12(`      <trans-unit id="k">
        <source>Hi</source>
        <seg-source><mrk mid="0" mtype="seg">Hi</mrk></seg-source>
      </trans-unit>`)
    const out = render(content, [{ key: 'k', value: '<mrk mid="0" mtype="seg">Hallo</mrk>' }], de)
    expect(out).toContain('<seg-source><mrk mid="0" mtype="seg">Hi</mrk></seg-source>\n        <target state="translated"><mrk mid="0" mtype="seg">Hallo</mrk></target>')
  })

  it('writes a new CDATA target value as CDATA again', () => {
    const content = v12('      <trans-unit id="k"><source>a</source><target><![CDATA[<b>x</b>]]></target></trans-unit>')
    expect(render(content, [{ key: 'k', value: '<i>y</i>' }], de)).toContain('<target state="translated"><![CDATA[<i>y</i>]]></target>')
  })

  it('writes as markup only tags the unit already has, in the file\'s spelling however retyped; a new tag becomes text', () => {
    const content = v12('      <trans-unit id="k"><source>Hi <x id="1" ctype="x-br"/></source><target>Hallo <x id="1" ctype="x-br"/></target></trans-unit>')
    const out = render(content, [{ key: 'k', value: 'Servus <x id="1"/> <x id="2"/> <x  ctype=\'x-br\' id="1" />' }], de)
    expect(out).toContain('<target state="translated">Servus &lt;x id="1"/> &lt;x id="2"/> <x id="1" ctype="x-br"/></target>')
  })

  it('escapes only a tag left without its partner, keeping the rest of the markup', () => {
    const content = v12('      <trans-unit id="k"><source><g id="1">a</g> <g id="2">b</g></source><target><g id="1">a</g> <g id="2">b</g></target></trans-unit>')
    const out = render(content, [{ key: 'k', value: '<g id="1">x</g> <g id="2">y' }], de)
    expect(out).toContain('<target state="translated"><g id="1">x</g> &lt;g id="2">y</target>')
    const crossed = render(content, [{ key: 'k', value: '<g id="1">x <g id="2">y</g></g> </g>' }], de)
    expect(crossed).toContain('<target state="translated"><g id="1">x <g id="2">y</g></g> &lt;/g></target>')
  })

  it('escapes a value whose markup is broken so the file stays well-formed', () => {
    const content = v12('      <trans-unit id="k"><source><g id="1">a</g></source><target><g id="1">a</g></target></trans-unit>')
    const out = render(content, [{ key: 'k', value: '<g id="1">b' }], de)
    expect(out).toContain('<target state="translated">&lt;g id="1">b</target>')
  })

  it('sets target-language to the locale of the render when it changes something and it differs', () => {
    const content = simple12.replace(' target-language="de"', '')
    const entries = withValue(parse(content, {}).entries, 'bye', 'Adiós')
    expect(render(content, entries, { locale: 'es', sourceLocale: 'en' })).toMatch(/<file [^>]*target-language="es"/)
    expect(render(simple20, withValue(parse(simple20, {}).entries, 'bye', 'Adiós'), { locale: 'es', sourceLocale: 'en' })).toContain('trgLang="es"')
  })

  it('adds xml:space="preserve" when a new value has significant whitespace', () => {
    const out = render(simple12, withValue(parse(simple12, {}).entries, 'bye', ' two  spaces\n'), de)
    expect(out).toContain('<trans-unit id="bye" xml:space="preserve">')
    expect(parse(out, {}).entries[1]!.value).toBe(' two  spaces\n')
  })

  it('keeps CRLF line ends and the BOM, and writes new lines with CRLF', () => {
    const content = '\uFEFF' + simple20.replace(/\n/g, '\r\n')
    const entries = parse(content, {}).entries
    expect(render(content, entries, de)).toBe(content)
    const out = render(content, [...withValue(entries, 'bye', 'a\nb'), { key: 'new', value: 'Neu', source: 'New' }], de)
    expect(out.startsWith('\uFEFF<xliff')).toBe(true)
    expect(out.replace(/\r\n/g, '')).not.toContain('\n')
    expect(parse(out, {}).entries.map((e) => e.value)).toEqual(['Hallo', 'a\nb', 'Neu'])
  })

  it('adds entries that are not in the template after the last unit, indented like it', () => {
    const out = render(simple12, [...parse(simple12, {}).entries, { key: 'new key', value: 'Neu', source: 'New', comment: 'Added' }], de)
    expect(out).toBe(simple12.replace(`        <target>Tschüss &amp; bis bald&#8230;</target>
      </trans-unit>`, `        <target>Tschüss &amp; bis bald&#8230;</target>
      </trans-unit>
      <trans-unit id="new key">
        <source>New</source>
        <target state="translated">Neu</target>
        <note>Added</note>
      </trans-unit>`))
  })

  it('adds a new <file> for an entry whose context names no file of a multi-file document', () => {
    const content = `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="a.strings" source-language="en" datatype="plaintext">
    <body>
      <trans-unit id="k">
        <source>A</source>
      </trans-unit>
    </body>
  </file>
  <file original="b.strings" source-language="en" datatype="plaintext">
    <body>
      <trans-unit id="k">
        <source>B</source>
      </trans-unit>
    </body>
  </file>
</xliff>
`
    const entries = [...parse(content, {}).entries, { key: 'n', context: 'c.strings', value: 'Neu', source: 'New' }]
    const out = render(content, entries, de)
    expect(out).toContain(`  </file>
  <file original="c.strings" source-language="en" target-language="de" datatype="plaintext">
    <body>
      <trans-unit id="n">
        <source>New</source>
        <target state="translated">Neu</target>
      </trans-unit>
    </body>
  </file>
</xliff>`)
    const back = parse(out, {}).entries
    expect(back.map((e) => [e.context, e.key])).toEqual([['a.strings', 'k'], ['b.strings', 'k'], ['c.strings', 'n']])
    expect(render(out, back, de)).toBe(out)
  })

  it('gives a new 2.0 unit an NMTOKEN id and keeps a key that is not one in name', () => {
    const out = render(simple20, [...parse(simple20, {}).entries, { key: 'Save file?', value: 'Datei speichern?' }], de)
    expect(out).toContain('<unit id="Save_file_" name="Save file?">')
    expect(parse(out, {}).entries.map((e) => e.key)).toEqual(['greeting', 'bye', 'Save file?'])
  })

  it.each([
    ['source', (t: string) => t],
    ['empty', (t: string) => t.replace('<target state="translated">Hallo</target>', '<target state="needs-translation"></target>')],
    ['omit', (t: string) => t.replace(/      <trans-unit id="1" resname="greeting">[\s\S]*?<\/trans-unit>\n/, '')],
  ] as const)('handles a template entry missing from the entries with policy %s', (missing, expected) => {
    const entries = parse(simple12, {}).entries.filter((e) => e.key !== 'greeting')
    expect(render(simple12, entries, { ...de, missing })).toBe(expected(simple12))
  })

  it('omits a 2.0 unit whose entry is missing, and empties its target with policy empty', () => {
    const entries = parse(simple20, {}).entries.filter((e) => e.key !== 'greeting')
    expect(parse(render(simple20, entries, { ...de, missing: 'omit' }), {}).entries.map((e) => e.key)).toEqual(['bye'])
    const emptied = render(simple20, entries, { ...de, missing: 'empty' })
    expect(emptied).toContain('<segment state="initial">')
    expect(parse(emptied, {}).entries[0]!.value).toBe('')
  })

  it('omits one segment of a multi-segment unit by removing its target and resetting its state', () => {
    const content = v20(`    <unit id="u1">
      <segment id="a" state="translated">
        <source>One.</source>
        <target>Eins.</target>
      </segment>
      <segment id="b" state="translated">
        <source>Two.</source>
        <target>Zwei.</target>
      </segment>
    </unit>`)
    const out = render(content, parse(content, {}).entries.slice(0, 1), { ...de, missing: 'omit' })
    expect(out).toBe(content.replace('<segment id="b" state="translated">', '<segment id="b" state="initial">').replace('        <target>Zwei.</target>\n', ''))
  })

  it('writes a state asked for in meta, if it is valid for the version', () => {
    const [greeting] = parse(simple12, {}).entries
    expect(render(simple12, [{ ...greeting!, meta: { ...greeting!.meta, state: 'final' } }], de)).toContain('<target state="final">Hallo</target>')
    expect(render(simple12, [{ ...greeting!, meta: { ...greeting!.meta, state: 'reviewed' } }], de)).toContain('<target state="translated">Hallo</target>')
  })
})

describe('xliff source files', () => {
  const angular = `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="title" datatype="html">
        <source>Hello</source>
      </trans-unit>
    </body>
  </file>
</xliff>
`
  const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }

  it('reads <source> as the value when parsed as the source language', () => {
    expect(parse(angular, { locale: 'en' }).entries.map((e) => e.value)).toEqual(['Hello'])
    expect(parse(angular, { locale: 'de' }).entries.map((e) => e.value)).toEqual([''])
  })

  it('writes values into <source>, with no target, state or target-language, when rendered as the source language', () => {
    const entries = parse(angular, { locale: 'en' }).entries
    expect(render(angular, entries, en)).toBe(angular)
    const out = render(angular, [{ ...entries[0]!, value: 'Hi' }, { key: 'new', value: 'New' }], en)
    expect(out).toBe(angular.replace('<source>Hello</source>', '<source>Hi</source>').replace(`      </trans-unit>
    </body>`, `      </trans-unit>
      <trans-unit id="new">
        <source>New</source>
      </trans-unit>
    </body>`))
  })

  it('writes targets when rendered into another language', () => {
    const out = render(angular, [{ key: 'title', value: 'Hallo' }], de)
    expect(out).toContain('<source>Hello</source>\n        <target state="translated">Hallo</target>')
    expect(out).toContain('target-language="de"')
  })
})

describe('xliff plurals', () => {
  const icu = v12('      <trans-unit id="files"><source>{n, plural, one {# file} other {# files}}</source><target>{n, plural, one {# Datei} other {# Dateien}}</target></trans-unit>')

  it('reads a value that is one ICU plural as plural forms', () => {
    const [e] = parse(icu, {}).entries
    expect(e).toMatchObject({ value: '# Dateien', plural: { one: '# Datei', other: '# Dateien' }, sourcePlural: { one: '# file', other: '# files' }, meta: { icuPlural: 'n' } })
  })

  it.each([
    ['ru', '{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}'],
    ['ja', '{n, plural, other {# ファイル}}'],
    ['ar', '{n, plural, zero {0} one {1} two {2} few {3} many {4} other {5}}'],
  ])('writes exactly the forms %s needs', (locale, expected) => {
    const [e] = parse(icu, {}).entries
    const forms: Record<string, Record<string, string>> = {
      ru: { one: '# файл', few: '# файла', many: '# файлов', other: '# файла' },
      ja: { one: 'x', other: '# ファイル' },
      ar: { zero: '0', one: '1', two: '2', few: '3', many: '4', other: '5' },
    }
    const out = render(icu, [{ ...e!, value: forms[locale]!.other!, plural: forms[locale] }], { locale, sourceLocale: 'en' })
    expect(parse(out, {}).entries[0]!.value).toBe(forms[locale]!.other)
    expect(out).toContain(`<target state="translated">${expected}</target>`)
  })

  it('takes a changed value as the other form when the caller left plural as parsed', () => {
    const [e] = parse(icu, {}).entries
    expect(render(icu, [{ ...e!, value: '# Files' }], de)).toContain('<target state="translated">{n, plural, one {# Datei} other {# Files}}</target>')
  })

  const xcode = v12(`      <trans-unit id="/files:dict/count:dict/one:dict/:string">
        <source>%d file</source>
        <target>%d Datei</target>
      </trans-unit>
      <trans-unit id="/files:dict/count:dict/other:dict/:string">
        <source>%d files</source>
        <target>%d Dateien</target>
      </trans-unit>`)

  it('reads the per-form units of an Xcode stringsdict export as one plural entry', () => {
    const { entries } = parse(xcode, {})
    expect(entries).toEqual([expect.objectContaining({
      key: '/files:dict/count:dict', value: '%d Dateien', plural: { one: '%d Datei', other: '%d Dateien' },
      source: '%d files', sourcePlural: { one: '%d file', other: '%d files' },
    })])
    expect(render(xcode, entries, de)).toBe(xcode)
  })

  it('adds and removes Xcode form units so the file holds exactly the forms of the locale', () => {
    const [e] = parse(xcode, {}).entries
    const ru = render(xcode, [{ ...e!, value: '%d файла', plural: { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' } }], { locale: 'ru', sourceLocale: 'en' })
    expect(parse(ru, {}).entries[0]!.plural).toEqual({ one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' })
    expect(ru).toContain(`      </trans-unit>
      <trans-unit id="/files:dict/count:dict/few:dict/:string">
        <source>%d files</source>
        <target state="translated">%d файла</target>
      </trans-unit>`)
    const ja = render(xcode, [{ ...e!, value: '%d ファイル', plural: { other: '%d ファイル' } }], { locale: 'ja', sourceLocale: 'en' })
    expect(parse(ja, {}).entries[0]!.plural).toEqual({ other: '%d ファイル' })
    expect(ja).not.toContain('one:dict')
  })

  it('keeps Angular plurals with =N selectors as plain text', () => {
    const content = v12('      <trans-unit id="p"><source>{VAR_PLURAL, plural, =0 {none} other {many}}</source></trans-unit>')
    expect(parse(content, {}).entries[0]!.plural).toBeUndefined()
  })
})

describe('xliff clean render', () => {
  const entries: Entry[] = [
    { key: 'title', value: 'Titel', source: 'Title', comment: 'Window title' },
    { key: 'tags', value: 'Hallo <x id="1"/> & tschüss', source: 'Hello <x id="1"/> & bye' },
    { key: 'files', value: '# Dateien', source: '# files', plural: { one: '# Datei', other: '# Dateien' }, sourcePlural: { one: '# file', other: '# files' } },
    { key: 'empty', value: '', source: 'Untranslated' },
  ]

  it('writes XLIFF 1.2 by default and reads back the same entries', () => {
    const out = render(undefined, entries, de)
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2"')).toBe(true)
    const back = parse(out, {})
    expect(back.issues).toEqual([])
    expect(back.locales).toEqual(['en', 'de'])
    expect(back.entries.map((e) => [e.key, e.value, e.source, e.comment, e.plural])).toEqual(
      entries.map((e) => [e.key, e.value, e.source, e.comment, e.plural]))
    expect(render(out, back.entries, de)).toBe(out)
  })

  it('writes XLIFF 2.0 when every entry came from a 2.0 file', () => {
    const out = render(undefined, parse(simple20, {}).entries, de)
    expect(out).toContain('version="2.0"')
    expect(parse(out, {}).entries.map((e) => [e.key, e.value])).toEqual([['greeting', 'Hallo'], ['bye', '']])
  })

  it('writes a clean file when the template does not parse', () => {
    const out = render('<xliff version="1.2"><file', entries, de)
    expect(parse(out, {}).entries).toHaveLength(4)
  })
})

describe('xliff bad input', () => {
  it.each([
    ['a truncated file', simple12.slice(0, 200)],
    ['a mismatched end tag', v12('      <trans-unit id="k"><source>a</target></trans-unit>')],
    ['another XML root', '<resources><string name="a">x</string></resources>'],
    ['an external entity', '<!DOCTYPE xliff [<!ENTITY x SYSTEM "file:///etc/passwd">]><xliff version="1.2">&x;</xliff>'],
    ['nesting deeper than 100', `<xliff>${'<g>'.repeat(150)}${'</g>'.repeat(150)}</xliff>`],
    ['empty content', ''],
  ])('answers %s with an error issue naming line and column', (_name, content) => {
    const result = parse(content, {})
    const error = result.issues.find((i) => i.severity === 'error')
    expect(error).toBeDefined()
    expect(error!.line).toBeGreaterThan(0)
    expect(error!.column).toBeGreaterThan(0)
  })

  it('ends every truncation of a file in a clean parse or an error issue, never a throw', () => {
    for (let i = 0; i < simple20.length; i += 3) {
      const result = parse(simple20.slice(0, i), {})
      expect(result.entries.length > 0 || result.issues.some((x) => x.severity === 'error') || i < 10).toBe(true)
    }
  })

  it('never throws on random bytes and answers with issues', () => {
    let seed = 7
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let n = 0; n < 300; n++) {
      const len = 1 + Math.floor(rand() * 300)
      const s = Array.from({ length: len }, () => String.fromCharCode(Math.floor(rand() * 128))).join('')
      const result = parse(`<xliff version="1.2">${s}`, {})
      expect(Array.isArray(result.entries)).toBe(true)
      expect(() => render(`<xliff version="1.2">${s}`, result.entries, de)).not.toThrow()
    }
  })
})

describe('xliff scale', () => {
  it('parses and renders a generated 100,000-key file and round-trips it', () => {
    const entries: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `key.${i}`, value: `Wert ${i} & <x id="${i}"/>`, source: `Value ${i}` }))
    const content = render(undefined, entries, de)
    const parsed = parse(content, {})
    expect(parsed.issues).toEqual([])
    expect(parsed.entries).toHaveLength(100_000)
    expect(render(content, parsed.entries, de)).toBe(content)
    const edited = render(content, withValue(parsed.entries, 'key.500', 'neu'), de)
    // The edited target holds the new text, and nothing else changed: only the line of key.500's target differs.
    const before = content.split('\n')
    const after = edited.split('\n')
    expect(after).toHaveLength(before.length)
    const changed = after.filter((line, i) => line !== before[i])
    expect(changed).toHaveLength(1)
    expect(changed[0]).toMatch(/<target[^>]*>neu<\/target>/)
    expect(before[after.indexOf(changed[0]!)]).toContain('Wert 500 ')
  })
})

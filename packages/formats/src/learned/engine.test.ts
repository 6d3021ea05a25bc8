// Table tests of the template language: each feature reads its entries, writes the file back byte for byte, and an
// edit changes only the edited value's bytes, escaped as the template says.
import { describe, expect, test } from 'vitest'
import type { Entry } from '../format.js'
import { checkTemplate, parseLearned, renderLearned } from './engine.js'
import { validateTemplate, type Template } from './schema.js'
import type { Unwritable } from './writable.js'

interface Case { name: string; template: Template; text: string; entries: Record<string, string>; edit?: [string, string, string] }

const cases: Case[] = [
  {
    name: 'lines: separator, comments, blank lines, spaces around the separator',
    template: { kind: 'lines', separators: ['='], comments: ['#'] },
    text: '# app\n\ngreeting = Hello\nbye=Bye\n',
    entries: { greeting: 'Hello', bye: 'Bye' },
    edit: ['greeting', 'Hallo', 'greeting = Hallo\n'],
  },
  {
    name: 'lines: quotes with an escape table, terminator, quoted keys',
    template: { kind: 'lines', separators: ['='], key_quotes: [{ open: '"', close: '"' }], quotes: [{ open: '"', close: '"' }], escapes: { '\\"': '"', '\\n': '\n', '\\\\': '\\' }, terminator: ';' },
    text: '"title" = "Say \\"hi\\"";\n"multi" = "a\\nb";\n',
    entries: { title: 'Say "hi"', multi: 'a\nb' },
    edit: ['multi', 'x\ny "z" \\', '"multi" = "x\\ny \\"z\\" \\\\";\n'],
  },
  {
    name: 'lines: sections give a key prefix; include limits the sections read',
    template: { kind: 'lines', separators: ['='], sections: { open: '[', close: ']', join: '/', include: ['Strings'] } },
    text: '[Version]\nClass=Net\n[Strings]\nDesc=Adapter\n',
    entries: { 'Strings/Desc': 'Adapter' },
    edit: ['Strings/Desc', 'Karte', 'Desc=Karte\n'],
  },
  {
    name: 'lines: continuation lines join into one value',
    template: { kind: 'lines', separators: ['=', ':'], comments: ['#', '!'], continuation: '\\', escapes: { '\\\\': '\\', '\\n': '\n' } },
    text: 'long = first \\\n    second\npath = C:\\\\dir\n',
    entries: { long: 'first second', path: 'C:\\dir' },
  },
  {
    name: 'lines: blocks nest keys (Lua-like tables)',
    template: { kind: 'lines', separators: ['='], blocks: { open: '{', close: '}' }, quotes: [{ open: '"', close: '"' }], terminator: ',' },
    text: 'L = {\n  menu = {\n    open = "Open",\n  },\n  quit = "Quit",\n}\n',
    entries: { 'L.menu.open': 'Open', 'L.quit': 'Quit' },
    edit: ['L.menu.open', 'Öffnen', '    open = "Öffnen",\n'],
  },
  {
    name: 'lines: indentation nests keys',
    template: { kind: 'lines', separators: [':'], indent: { join: '.' } },
    text: 'menu:\n  file:\n    open: Open\n  quit: Quit\ntitle: App\n',
    entries: { 'menu.file.open': 'Open', 'menu.quit': 'Quit', title: 'App' },
    edit: ['menu.quit', 'Ende', '  quit: Ende\n'],
  },
  {
    name: 'lines: other lines kept when the template says so',
    template: { kind: 'lines', separators: ['='], other_lines: 'keep' },
    text: 'BEGIN\nk=v\nEND\n',
    entries: { k: 'v' },
  },
  {
    name: 'json: path with * and key/value fields',
    template: { kind: 'json', path: ['strings', '*'], key_field: 'id', value_field: 'text' },
    text: '{\n  "strings": [\n    {"id": "a", "text": "A \\"q\\""},\n    {"id": "b", "text": "B", "n": 1}\n  ]\n}\n',
    entries: { a: 'A "q"', b: 'B' },
    edit: ['b', 'Bé', '    {"id": "b", "text": "Bé", "n": 1}\n'],
  },
  {
    name: 'json: * segments make the key',
    template: { kind: 'json', path: ['*', 'labels', '*'] },
    text: '{"home": {"labels": {"title": "Home", "n": 3}}}',
    entries: { 'home.title': 'Home' },
  },
  {
    name: 'yaml: path with *',
    template: { kind: 'yaml', path: ['messages', '*', 'text'] },
    text: 'messages:\n  hello:\n    text: Hello\n    note: x\n  bye:\n    text: "Bye"\n',
    entries: { hello: 'Hello', bye: 'Bye' },
    edit: ['hello', 'Hallo: Welt', "    text: 'Hallo: Welt'\n"],
  },
  {
    name: 'xml: value in an attribute',
    template: { kind: 'xml', element: 'String', key_attribute: 'Id', value_attribute: 'Value' },
    text: '<L>\n  <String Id="a" Value="A &amp; B" />\n</L>\n',
    entries: { a: 'A & B' },
    edit: ['a', '"x"', '  <String Id="a" Value="&quot;x&quot;" />\n'],
  },
  {
    name: 'xml: key and value in child elements, within a parent',
    template: { kind: 'xml', element: 'item', within: ['items'], key_child: 'name', value_child: 'text' },
    text: '<r><items>\n<item><name>k</name><text>V</text></item>\n</items><item><name>no</name><text>x</text></item></r>\n',
    entries: { k: 'V' },
    edit: ['k', 'W', '<item><name>k</name><text>W</text></item>\n'],
  },
  {
    name: 'xml: CDATA values stay CDATA',
    template: { kind: 'xml', element: 'e', key_attribute: 'k' },
    text: '<r>\n<e k="a"><![CDATA[<b>bold</b>]]></e>\n</r>\n',
    entries: { a: '<b>bold</b>' },
    edit: ['a', '<i>it</i>', '<e k="a"><![CDATA[<i>it</i>]]></e>\n'],
  },
]

const render = (t: Template, text: string, entries: Entry[], missing: 'omit' | 'source' = 'source') => renderLearned(t, text, entries, { locale: 'de', sourceLocale: 'en', missing })

describe('template language', () => {
  test.each(cases)('$name', (c) => {
    expect(validateTemplate(c.template).issues).toBeUndefined()
    const parsed = parseLearned(c.template, c.text)
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(Object.fromEntries(parsed.entries.map((e) => [e.key, e.value]))).toEqual(c.entries)
    expect(render(c.template, c.text, parsed.entries)).toBe(c.text)
    expect(checkTemplate(c.template, c.text).errors).toEqual([])
    if (!c.edit) return
    const [key, value, line] = c.edit
    const out = render(c.template, c.text, parsed.entries.map((e) => (e.key === key ? { ...e, value } : e)))
    const before = c.text.split(/(?<=\n)/)
    expect(out.split(/(?<=\n)/).filter((l, i) => before[i] !== l)).toEqual([line])
    expect(parseLearned(c.template, out).entries.find((e) => e.key === key)?.value).toBe(value)
  })

  test('a key the copy lacks goes after the key before it, in its line shape; a left-out key is removed with omit', () => {
    const t: Template = { kind: 'lines', separators: ['='], sections: { open: '[', close: ']' }, quotes: [{ open: '"', close: '"' }] }
    const text = '[a]\nx = "X"\ny = "Y"\n[b]\nz = "Z"\n'
    const out = render(t, text, [{ key: 'a.x', value: 'X' }, { key: 'a.new', value: 'N' }, { key: 'b.z', value: 'Z' }], 'omit')
    expect(out).toBe('[a]\nx = "X"\nnew = "N"\n[b]\nz = "Z"\n')
  })

  test('a key that comes before every key of the copy goes first, as built-in formats place it', () => {
    const t: Template = { kind: 'lines', separators: ['='] }
    expect(render(t, 'b=B\nc=C\n', [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }, { key: 'c', value: 'C' }])).toBe('a=A\nb=B\nc=C\n')
    // In a section, before the section's first entry; CRLF kept.
    const s: Template = { kind: 'lines', separators: ['='], sections: { open: '[', close: ']' } }
    expect(render(s, '[app]\r\nb=B\r\n', [{ key: 'app.a', value: 'A' }, { key: 'app.b', value: 'B' }])).toBe('[app]\r\na=A\r\nb=B\r\n')
    // The copy's only line has no final break: the new first line still ends with one.
    expect(render(t, 'b=B', [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }])).toBe('a=A\nb=B')
  })

  test('a key added after an unterminated last line starts a new line (never b=Bc=C)', () => {
    const t: Template = { kind: 'lines', separators: ['='] }
    expect(render(t, 'a=A\nb=B', [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }, { key: 'c', value: 'C' }])).toBe('a=A\nb=B\nc=C')
    expect(render(t, 'a=A\r\nb=B', [{ key: 'a', value: 'A' }, { key: 'b', value: 'B' }, { key: 'c', value: 'C' }])).toBe('a=A\r\nb=B\r\nc=C')
  })

  test('an edited value that spanned continuation lines is written on one line', () => {
    const t: Template = { kind: 'lines', separators: ['='], continuation: '\\', escapes: { '\\\\': '\\' } }
    const text = 'long = first \\\n    second\npath = C:\\\\dir\n'
    expect(render(t, text, [{ key: 'long', value: 'one' }, { key: 'path', value: 'C:\\dir' }])).toBe('long = one\npath = C:\\\\dir\n')
  })

  test('comment lines right above an entry are its comment', () => {
    const parsed = parseLearned({ kind: 'lines', separators: ['='], comments: ['#'] }, '# shown on the button\nsave=Save\n')
    expect(parsed.entries[0]).toEqual({ key: 'save', value: 'Save', comment: 'shown on the button' })
  })

  test('a line the template cannot read is an error with its line', () => {
    const parsed = parseLearned({ kind: 'lines', separators: ['='] }, 'a=1\nno separator here\n')
    expect(parsed.issues[0]).toMatchObject({ severity: 'error', line: 2, column: 1 })
    expect(checkTemplate({ kind: 'lines', separators: ['='] }, 'a=1\nno separator here\n').errors[0]).toContain('line 2')
  })

  test('a template that reads nothing, or breaks the round trip, fails its check', () => {
    expect(checkTemplate({ kind: 'xml', element: 'nothing', key_attribute: 'k' }, '<r><e k="a">A</e></r>').errors).toEqual(['The template reads no entries from the sample.'])
    // Sections missed: both `name` lines read as one key, so writing the entries back gives the last value twice.
    const ini = '[a]\nname=A\n[b]\nname=B\n'
    const missed = checkTemplate({ kind: 'lines', separators: ['='], other_lines: 'keep' }, ini)
    expect(missed.entries.map((e) => e.key)).toEqual(['name', 'name'])
    expect(missed.errors).toEqual(['Writing the entries back does not give the sample byte for byte (first difference at offset 9).'])
    expect(checkTemplate({ kind: 'lines', separators: ['='], sections: { open: '[', close: ']' } }, ini).errors).toEqual([])
  })

  const QUOTED: Template = { kind: 'lines', separators: ['='], quotes: [{ open: '"', close: '"' }] }
  test.each([
    ['a quote inside a quoted value with no escape for it', QUOTED, 'COM_A="Example"\nCOM_B="B"\n', 'COM_A', 'say "hi"', /holds ", which ends a quoted value/],
    ['a line break in a line format with no escape for it', { kind: 'lines', separators: ['='] } as Template, 'a=1\nb=2\n', 'a', 'one\ntwo', /line break/],
    ['a trailing continuation mark', { kind: 'lines', separators: ['='], continuation: '\\' } as Template, 'a=1\nb=2\n', 'a', 'ends with \\', /ends with \\, which continues the line/],
    ['blanks around an unquoted value', { kind: 'lines', separators: ['='] } as Template, 'a=1\nb=2\n', 'a', ' padded ', /blanks/],
    ['an escape sequence written as plain text', { kind: 'lines', separators: ['='], escapes: { '\\n': '\n' } } as Template, 'a=1\nb=2\n', 'a', 'C:\\new', /does not read back as written/],
    ['an empty value in an indented format (it would read as a group)', { kind: 'lines', separators: [':'], indent: {} } as Template, 'a: 1\nb: 2\n', 'a', '', /does not read back/],
    ['a carriage return in an XML CDATA section', { kind: 'xml', element: 'e', key_attribute: 'k' } as Template, '<r>\n<e k="a"><![CDATA[A]]></e>\n</r>\n', 'a', 'one\rtwo', /does not read back as written/],
  ])('%s is not written: the file keeps its text there, reads as before, and the value is reported', (_name, template, text, key, value, reason) => {
    const unwritable: Unwritable[] = []
    const entries = parseLearned(template, text).entries
    const out = renderLearned(template, text, entries.map((e) => (e.key === key ? { ...e, value } : e)), { locale: 'de', sourceLocale: 'en', unwritable })
    expect(out).toBe(text)
    expect(parseLearned(template, out).issues).toEqual([])
    expect(unwritable).toEqual([{ key, reason: expect.stringMatching(reason) }])
    expect(unwritable[0]!.reason).toContain('add an escape for it to the template (approve_format) or change the text')
  })

  test('a value the template can escape is written; one it cannot, beside it, is left out', () => {
    const t: Template = { ...QUOTED, escapes: { '\\"': '"' } }
    const unwritable: Unwritable[] = []
    const out = renderLearned(t, 'a="1"\nb="2"\n', [{ key: 'a', value: 'say "hi"' }, { key: 'b', value: 'x\ny' }], { locale: 'de', sourceLocale: 'en', unwritable })
    expect(out).toBe('a="say \\"hi\\""\nb="2"\n')
    expect(unwritable.map((u) => u.key)).toEqual(['b'])
  })

  test('a new key that would not read back (it holds the separator) is not added', () => {
    const unwritable: Unwritable[] = []
    const out = renderLearned({ kind: 'lines', separators: ['='] }, 'a=1\n', [{ key: 'a', value: '1' }, { key: 'b=c', value: '2' }, { key: 'd', value: '3' }], { locale: 'de', sourceLocale: 'en', unwritable })
    expect(out).toBe('a=1\nd=3\n')
    expect(unwritable).toEqual([{ key: 'b=c', reason: expect.stringContaining('The key is not added to the file') }])
  })

  test('the check says which of a quote, a line break and a trailing backslash a template cannot write', () => {
    const sample = 'COM_A="Example"\nCOM_B="Other"\nCOM_C="Third"\n'
    expect(checkTemplate(QUOTED, sample)).toMatchObject({ errors: [], unwritable: ['a double quote (")', 'a line break'] })
    const escaped = { ...QUOTED, escapes: { '\\"': '"', '\\n': '\n', '\\\\': '\\' } }
    expect(checkTemplate(escaped, sample)).toMatchObject({ errors: [], unwritable: [] })
    // One entry: the probes go into it one after another.
    expect(checkTemplate({ kind: 'lines', separators: ['='], continuation: '\\' }, 'a=1\n').unwritable).toEqual(['a line break', 'a backslash (\\)'])
    expect(checkTemplate({ kind: 'xml', element: 'e', key_attribute: 'k' }, '<r><e k="a">A</e></r>').unwritable).toEqual([])
  })

  test.each([
    [{ kind: 'csv' }, 'kind'],
    [{ kind: 'lines', separators: [] }, 'separators'],
    [{ kind: 'lines', separators: ['='], color: 'red' }, 'color'],
    [{ kind: 'lines', separators: ['x'.repeat(17)] }, 'separators.0'],
    [{ kind: 'xml', element: 'e' }, 'key_attribute'],
    [{ kind: 'json', path: ['a'] }, 'path'],
    [[1, 2], ''],
  ])('an invalid template is refused with its path: %j', (template, path) => {
    expect(validateTemplate(template).issues?.map((i) => i.path)).toContain(path)
  })
})

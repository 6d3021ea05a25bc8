// A WinForms form's designer resources (docs/formats/resx.md § Not translatable). Layout: a .NET desktop app with a
// Localizable form, Forms/HistoryForm.resx and the German Forms/HistoryForm.de.resx Visual Studio writes beside it.
// Quirks of the fixture, as the designer generates them: CRLF; the schema comment and <xsd:schema>; resheaders;
// <assembly> aliases between the data; `>>control.Name/.Type/.Parent/.ZOrder` entries (untyped text that describes
// the form); typed Point/Size/SizeF/Int32/Color/DockStyle entries; a toolbar bitmap and the form icon as base64 with a
// mimetype; `<metadata>` for TrayLocation and $this.Localizable; a text entry whose value is `>>` (a button label);
// and a German copy holding only what differs, including a wider button (a typed Size: localized layout).
import { describe, expect, test } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { fixture } from '../../test/fixtures.js'
import { resxFormat } from './index.js'

const source = fixture('winforms/HistoryViewer/Forms/HistoryForm.resx')
const german = fixture('winforms/HistoryViewer/Forms/HistoryForm.de.resx')
const de: RenderOptions = { locale: 'de', sourceLocale: 'en', missing: 'omit' }

describe('resx: a WinForms form', () => {
  test('only the texts a translator changes are entries: no designer metadata, no typed or binary resource', () => {
    const { entries, issues } = resxFormat.parse(source, { locale: 'en' })
    expect(issues).toEqual([])
    expect(entries.map((e) => [e.key, e.value])).toEqual([
      ['colDate.Text', 'Date'],
      ['colEvent.Text', 'Event'],
      ['tsbRefresh.Text', 'Refresh'],
      ['tsbRefresh.ToolTipText', 'Reload the history from disk'],
      ['btnOlder.Text', '>>'],
      ['btnOlder.ToolTipText', 'Show older entries >>'],
      ['lblFilter.Text', 'Show entries since:'],
      ['$this.Text', 'History'],
    ])
  })

  test('the form renders back byte for byte', () => {
    expect(resxFormat.render(source, resxFormat.parse(source, {}).entries, { locale: 'en', sourceLocale: 'en', missing: 'omit' })).toBe(source)
  })

  test('the German copy keeps its localized layout and gains only the texts it lacks', () => {
    expect(resxFormat.parse(german, { locale: 'de' }).entries.map((e) => e.key)).toEqual(['colDate.Text', 'tsbRefresh.Text', '$this.Text'])
    const own = new Map(resxFormat.parse(german, {}).entries.map((e) => [e.key, e]))
    const entries: Entry[] = resxFormat.parse(source, {}).entries.map((e) => own.get(e.key) ?? e)
    const out = resxFormat.render(german, entries, de)
    const added = ['colEvent.Text', 'tsbRefresh.ToolTipText', 'btnOlder.Text', 'btnOlder.ToolTipText', 'lblFilter.Text']
    const block = (key: string) => new RegExp(`\\r\\n  <data name="${key.replace(/[.$]/g, '\\$&')}" xml:space="preserve">\\r\\n    <value>[^<]*</value>\\r\\n  </data>`)
    // The copy's own bytes are all kept; what it gains is one data block per text it lacked, and nothing else.
    expect(added.reduce((text, key) => text.replace(block(key), ''), out)).toBe(german)
    expect(out).not.toMatch(/name="&gt;&gt;|type="System\.Drawing\.(Point|Bitmap|Icon)|mimetype="application|\$this\.Localizable|TrayLocation/)
    expect(resxFormat.parse(out, {}).entries.map((e) => e.key).sort()).toEqual(resxFormat.parse(source, {}).entries.map((e) => e.key).sort())
  })

  test('a first German copy made from the form keeps its texts and none of its designer data', () => {
    const out = resxFormat.render(source, resxFormat.parse(source, {}).entries, { ...de, templateLocale: 'en' })
    expect(resxFormat.parse(out, {}).entries).toEqual(resxFormat.parse(source, {}).entries)
    expect(out).not.toMatch(/name="&gt;&gt;|type="System\.(Drawing|Int32|Windows)|mimetype="application|<metadata/)
    // Headers, schema and <assembly> aliases are kept.
    expect(out.startsWith(source.slice(0, source.indexOf('  <metadata')) + '  <assembly alias="System.Windows.Forms"')).toBe(true)
    // The form's own render, and a render into the German copy itself, keep everything.
    expect(resxFormat.render(source, resxFormat.parse(source, {}).entries, { ...de, locale: 'en', templateLocale: 'en' })).toBe(source)
    expect(resxFormat.render(german, resxFormat.parse(german, {}).entries, { ...de, templateLocale: 'de' })).toBe(german)
  })

  test.each([
    ['a `>>` designer entry', '<data name="&gt;&gt;button1.Name" xml:space="preserve"><value>button1</value></data>', false],
    ['a Point', '<data name="button1.Location" type="System.Drawing.Point, System.Drawing"><value>12, 12</value></data>', false],
    ['an Int32', '<data name="button1.TabIndex" type="System.Int32, mscorlib"><value>0</value></data>', false],
    ['an old-style $this.Localizable data', '<data name="$this.Localizable" type="System.Boolean, mscorlib"><value>True</value></data>', false],
    ['a bitmap', '<data name="pic.Image" type="System.Drawing.Bitmap, System.Drawing" mimetype="application/x-microsoft.net.object.bytearray.base64"><value>iVBORw0K</value></data>', false],
    ['a file reference', '<data name="Logo" type="System.Resources.ResXFileRef, System.Windows.Forms"><value>logo.png;System.Drawing.Bitmap, System.Drawing</value></data>', false],
    ['a button text', '<data name="button1.Text" xml:space="preserve"><value>OK</value></data>', true],
    ['$this.Text', '<data name="$this.Text" xml:space="preserve"><value>Settings</value></data>', true],
    ['a typed System.String', '<data name="Title" type="System.String, mscorlib"><value>Title</value></data>', true],
    ['a name with `>>` inside', '<data name="Next&gt;&gt;" xml:space="preserve"><value>Next</value></data>', true],
  ])('%s: translatable %s', (_, data, isText) => {
    const file = `<?xml version="1.0" encoding="utf-8"?>\n<root>\n  ${data}\n</root>`
    expect(resxFormat.parse(file, {}).entries.length).toBe(isText ? 1 : 0)
    // Kept byte for byte, given or not.
    expect(resxFormat.render(file, [], { locale: 'en', sourceLocale: 'en', missing: 'omit' })).toBe(isText ? '<?xml version="1.0" encoding="utf-8"?>\n<root>\n</root>' : file)
  })
})

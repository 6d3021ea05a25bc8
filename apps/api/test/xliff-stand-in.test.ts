// With `missing: source`, a pulled XLIFF target that holds only the source text is marked not translated, and such a
// target pushed back unchanged imports nothing (issue 11).
// Layout: an Angular app, `src/locale/messages.xlf` from `ng extract-i18n` (1.2, or 2.0 with `--format xlf2`) and
// the German copy `src/locale/messages.de.xlf` beside it.
import { expect, test } from 'vitest'
import { forEachBackend, type Caller } from './harness.js'
import { keyOfProject, rowsOf } from '../../../packages/db/test/rows.js'
import { ok } from './units-fixture.js'

const SOURCE = 'src/locale/messages.xlf'
const DE = 'src/locale/messages.de.xlf'

const unit12 = (id: string, source: string, target?: string, state = 'translated') => `      <trans-unit id="${id}" datatype="html">
        <source>${source}</source>${target === undefined ? '' : `
        <target state="${state}">${target}</target>`}
        <context-group purpose="location">
          <context context-type="sourcefile">src/app/app.component.html</context>
        </context-group>
      </trans-unit>
`
const xliff12 = (locale: string | undefined, units: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en-US"${locale ? ` target-language="${locale}"` : ''} datatype="plaintext" original="ng2.template">
    <body>
${units}    </body>
  </file>
</xliff>
`
const unit20 = (id: string, source: string, target?: string) => `    <unit id="${id}">
      <notes>
        <note category="location">src/app/app.component.html:3</note>
      </notes>
      <segment${target === undefined ? '' : ' state="translated"'}>
        <source>${source}</source>${target === undefined ? '' : `
        <target>${target}</target>`}
      </segment>
    </unit>
`
const xliff20 = (locale: string | undefined, units: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US"${locale ? ` trgLang="${locale}"` : ''}>
  <file id="ngi18n" original="ng.template">
${units}  </file>
</xliff>
`

forEachBackend('XLIFF targets that stand in for missing translations', (env) => {
  /** The source pushed and "welcome" translated by a person; the German copy pushed when given. */
  async function setUp(source: string, copy?: string) {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('push_file', { project: 'shop', path: SOURCE, content: source }))
    if (copy) expect((await ok(ws.call('push_file', { project: 'shop', path: DE, content: copy }))).counts.translations_imported).toBe(1)
    else {
      const unit = (await keyOfProject(env.conn().db, ws.workspaceId, 'shop', 'welcome')).unit_id
      await ok(ws.call('set_translation', { unit, locale: 'de', text: 'Willkommen' }))
    }
    return ws
  }
  const pull = async (ws: Caller) => (await ok(ws.call('pull_file', { project: 'shop', path: DE, locale: 'de', missing: 'source' }))).content as string
  /** Pushes the pulled copy back unchanged: nothing is imported, and "welcome" stays the one German translation. */
  async function pushBack(ws: Caller & { workspaceId: string }, content: string) {
    const back = await ok(ws.call('push_file', { project: 'shop', path: DE, content }))
    expect(back.counts).toMatchObject({ translations_imported: 0, translations_unchanged: 1 })
    const german = (await rowsOf(env.conn().db, 'translations', ws.workspaceId)).filter((t) => t.locale === 'de').map((t) => t.text)
    expect(german).toEqual(['Willkommen'])
  }

  test('XLIFF 1.2: the stand-ins get state="needs-translation" and come back as no translation', async () => {
    const source = xliff12(undefined, unit12('welcome', 'Welcome') + unit12('save', 'Save') + unit12('cancel', 'Cancel'))
    const ws = await setUp(source)
    const pulled = await pull(ws)
    // Rendered into the source copy: target-language is added after its other attributes.
    const want = xliff12(undefined, unit12('welcome', 'Welcome', 'Willkommen') + unit12('save', 'Save', 'Save', 'needs-translation') + unit12('cancel', 'Cancel', 'Cancel', 'needs-translation'))
    expect(pulled).toBe(want.replace('original="ng2.template">', 'original="ng2.template" target-language="de">'))
    await pushBack(ws, pulled)
  })

  test('XLIFF 1.2: a copy that marks untranslated targets `new` gets `new` on the key it lacked', async () => {
    const source = xliff12(undefined, unit12('welcome', 'Welcome') + unit12('save', 'Save') + unit12('cancel', 'Cancel'))
    // The copy's own stand-in ("Save", state new) is no translation either: one translation is imported.
    const ws = await setUp(source, xliff12('de', unit12('welcome', 'Welcome', 'Willkommen') + unit12('save', 'Save', 'Save', 'new')))
    const pulled = await pull(ws)
    expect(pulled).toBe(xliff12('de', unit12('welcome', 'Welcome', 'Willkommen') + unit12('save', 'Save', 'Save', 'new') + `      <trans-unit id="cancel">
        <source>Cancel</source>
        <target state="new">Cancel</target>
      </trans-unit>
`))
    await pushBack(ws, pulled)
  })

  test('XLIFF 2.0: the stand-ins\' segments get state="initial" and come back as no translation', async () => {
    const source = xliff20(undefined, unit20('welcome', 'Welcome') + unit20('save', 'Save') + unit20('cancel', 'Cancel'))
    const ws = await setUp(source)
    const pulled = await pull(ws)
    const initial = (id: string, text: string) => unit20(id, text, text).replace('state="translated"', 'state="initial"')
    expect(pulled).toBe(xliff20('de', unit20('welcome', 'Welcome', 'Willkommen') + initial('save', 'Save') + initial('cancel', 'Cancel')))
    await pushBack(ws, pulled)
  })

  test('an edited stand-in is a translation, whatever its state says', async () => {
    const source = xliff12(undefined, unit12('welcome', 'Welcome') + unit12('save', 'Save'))
    const ws = await setUp(source)
    const edited = (await pull(ws)).replace('>Save</target>', '>Speichern</target>')
    const back = await ok(ws.call('push_file', { project: 'shop', path: DE, content: edited }))
    expect(back.counts.translations_imported).toBe(1)
  })
})

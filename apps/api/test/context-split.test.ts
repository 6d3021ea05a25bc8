// Two keys of one file whose texts are equal but whose contexts differ share a unit; a translation file that gives
// them different texts keeps both: the import moves the second key onto its own unit and files one merge_review task.
// Layout: a Django app, `src/locale/en_US/LC_MESSAGES/django.po` with "Order" (a noun) and msgctxt "verb" "Order",
// and the German copy `src/locale/de_DE/LC_MESSAGES/django.po` ("Bestellung", "Bestellen").
import { expect, test } from 'vitest'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'
import { ok } from './units-fixture.js'

const EN = 'src/locale/en_US/LC_MESSAGES/django.po'
const DE = 'src/locale/de_DE/LC_MESSAGES/django.po'

const po = (language: string, noun: string, verb: string) => `msgid ""
msgstr ""
"Project-Id-Version: shop 2.4\\n"
"Language: ${language}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: shop/models.py:41
msgid "Order"
msgstr "${noun}"

#: shop/models.py:58
msgid "Shipping address"
msgstr "${language === 'en_US' ? 'Shipping address' : 'Lieferadresse'}"

#: shop/forms.py:23
msgctxt "verb"
msgid "Order"
msgstr "${verb}"
`

forEachBackend('keys of one file with equal texts and different contexts', (env) => {
  test('the German copy keeps "Bestellung" and "Bestellen", round-trips byte for byte, and files one merge_review', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false, locale_map: { en: 'en_US', de: 'de_DE' } }))
    await ok(ws.call('push_file', { project: 'shop', path: EN, content: po('en_US', 'Order', 'Order') }))
    const keysBefore = await rowsOf(env.conn().db, 'keys', ws.workspaceId)
    const shared = keysBefore.find((k) => k.name === 'Order' && k.context === '')!.unit_id
    expect(keysBefore.find((k) => k.name === 'Order' && k.context === 'verb')!.unit_id).toBe(shared)

    const copy = po('de_DE', 'Bestellung', 'Bestellen')
    const pushed = await ok(ws.call('push_file', { project: 'shop', path: DE, content: copy }))
    expect(pushed.counts).toMatchObject({ translations_imported: 3, keys_split: 1 })

    const keys = await rowsOf(env.conn().db, 'keys', ws.workspaceId)
    const noun = keys.find((k) => k.name === 'Order' && k.context === '')!
    const verb = keys.find((k) => k.name === 'Order' && k.context === 'verb')!
    expect(noun.unit_id).toBe(shared)
    expect(verb.unit_id).not.toBe(shared)
    const german = new Map((await rowsOf(env.conn().db, 'translations', ws.workspaceId)).filter((t) => t.locale === 'de').map((t) => [t.unit_id, t.text]))
    expect(german.get(noun.unit_id)).toBe('Bestellung')
    expect(german.get(verb.unit_id)).toBe('Bestellen')

    const pulled = await ok(ws.call('pull_file', { project: 'shop', path: DE, locale: 'de' }))
    expect(pulled.content).toBe(copy)
    // Pushed again, nothing changes: no second split, no second task.
    const again = await ok(ws.call('push_file', { project: 'shop', path: DE, content: copy }))
    expect(again.counts).toMatchObject({ translations_imported: 0, keys_split: 0 })

    const tasks = (await rowsOf(env.conn().db, 'tasks', ws.workspaceId)).filter((t) => t.kind === 'merge_review')
    expect(tasks).toHaveLength(1)
    expect(tasks[0]!.subject).toBe(shared)
    expect(tasks[0]!.title).toBe(`"Order" translated differently for "Order" and "Order" (verb) in ${DE}`)
    expect(tasks[0]!.payload).toMatchObject({
      differences: [{ locale: 'de', merged_text: 'Bestellung', split_text: 'Bestellen' }],
      merged: { unit_id: shared, key: 'Order', context: '', text: 'Bestellung' },
      split: { unit_id: verb.unit_id, key: 'Order', context: 'verb', text: 'Bestellen' },
    })
    // The source pushed again keeps the verb on its own unit.
    await ok(ws.call('push_file', { project: 'shop', path: EN, content: po('en_US', 'Order', 'Order').replace('Shipping address"\n', 'Delivery address"\n') }))
    const after = await rowsOf(env.conn().db, 'keys', ws.workspaceId)
    expect(after.find((k) => k.name === 'Order' && k.context === 'verb')!.unit_id).toBe(verb.unit_id)
    expect((await ok(ws.call('pull_file', { project: 'shop', path: DE, locale: 'de' }))).content).toContain('msgctxt "verb"\nmsgid "Order"\nmsgstr "Bestellen"')
  })
})

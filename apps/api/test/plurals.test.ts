// The plural rule across formats (docs/formats/README.md): a plural unit's source_text is its `other` form whatever
// file it came from, so the same plural in a Django app's .po and its Android app's strings.xml is one unit.
import { expect, test } from 'vitest'
import { rowsOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

const djangoEn = `msgid ""
msgstr ""
"Language: en\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: inbox/templates/inbox/list.html:9
#, python-format
msgid "%d new message"
msgid_plural "%d new messages"
msgstr[0] ""
msgstr[1] ""
`

const djangoFr = `msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

#: inbox/templates/inbox/list.html:9
#, python-format
msgid "%d new message"
msgid_plural "%d new messages"
msgstr[0] "%d nouveau message"
msgstr[1] "%d nouveaux messages"
`

const androidEn = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <plurals name="new_messages">
        <item quantity="one">%d new message</item>
        <item quantity="other">%d new messages</item>
    </plurals>
</resources>
`

forEachBackend('plural units', (env) => {
  test('a plural from a Django .po and from Android strings.xml is one unit whose source_text is the other form', async () => {
    const ws = await env.workspace()
    const p = (await ws.call('create_project', { name: `Inbox ${Math.random().toString(36).slice(2, 8)}`, target_locales: ['fr'] })).body
    for (const [path, content] of [['web/inbox/locale/en/LC_MESSAGES/django.po', djangoEn], ['android/app/src/main/res/values/strings.xml', androidEn]]) {
      const res = await ws.call('push_file', { project: p.slug, path, content, locale: 'en' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const units = await rowsOf(env.conn().db, 'units', ws.workspaceId)
    expect(units).toEqual([expect.objectContaining({ source_text: '%d new messages', source_plural: { one: '%d new message', other: '%d new messages' } })])
    // A French .po with one/other imports, and the Android French file gets one/other from it, no many item.
    const fr = await ws.call('push_file', { project: p.slug, path: 'web/inbox/locale/fr/LC_MESSAGES/django.po', content: djangoFr, locale: 'fr' })
    expect(fr.status, JSON.stringify(fr.body)).toBe(200)
    const pulled = (await ws.call('pull_file', { project: p.slug, path: 'android/app/src/main/res/values-fr/strings.xml', locale: 'fr' })).body
    expect(pulled.content).toBe(androidEn.replace('%d new message<', '%d nouveau message<').replace('%d new messages<', '%d nouveaux messages<'))
  })
})

// Multi-locale files (an iOS app's Resources/Localizable.xcstrings, a game's translations.csv): a pull writes the
// pulled locale's translations into the one file and leaves every other locale's text as it was.
import { expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

const catalog = `{
  "sourceLanguage" : "en",
  "strings" : {
    "%lld photos" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld photo"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld photos"
                }
              }
            }
          }
        }
      }
    },
    "Settings" : {
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Einstellungen"
          }
        },
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Settings"
          }
        },
        "fr" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Réglages"
          }
        }
      }
    }
  },
  "version" : "1.0"
}`

forEachBackend('multi-locale pulls', (env) => {
  test('xcstrings: a translation set after the push is written in the pulled locale only; the other locales stay', async () => {
    const ws = await env.workspace()
    const p = (await ws.call('create_project', { name: `Photos ${Math.random().toString(36).slice(2, 8)}`, target_locales: ['de', 'fr'] })).body
    expect((await ws.call('push_file', { project: p.slug, path: 'Photos/Resources/Localizable.xcstrings', content: catalog })).status).toBe(200)
    const settings = (await keyOfProject(env.conn().db, ws.workspaceId, p.slug, 'Settings')).unit_id
    expect((await ws.call('set_translation', { unit: settings, locale: 'de', text: 'Optionen' })).status).toBe(200)
    const photos = (await keyOfProject(env.conn().db, ws.workspaceId, p.slug, '%lld photos')).unit_id
    expect((await ws.call('set_translation', { unit: photos, locale: 'de', text: '%lld Fotos', plural: { one: '%lld Foto', other: '%lld Fotos' } })).status).toBe(200)
    const de = (await ws.call('pull_file', { project: p.slug, path: 'Photos/Resources/Localizable.xcstrings', locale: 'de' })).body
    const out = JSON.parse(de.content).strings
    expect(out.Settings.localizations.de.stringUnit.value).toBe('Optionen')
    expect(out.Settings.localizations.fr.stringUnit.value).toBe('Réglages')
    expect(out.Settings.localizations.en.stringUnit.value).toBe('Settings')
    expect(out['%lld photos'].localizations.de.variations.plural.one.stringUnit.value).toBe('%lld Foto')
    expect(out['%lld photos'].localizations.en.variations.plural.other.stringUnit.value).toBe('%lld photos')
    // The one file holds every locale: a French pull keeps French as pushed and carries the German news too.
    const fr = JSON.parse((await ws.call('pull_file', { project: p.slug, path: 'Photos/Resources/Localizable.xcstrings', locale: 'fr' })).body.content).strings
    expect(fr.Settings.localizations.fr.stringUnit.value).toBe('Réglages')
    expect(fr.Settings.localizations.de.stringUnit.value).toBe('Optionen')
    expect(fr['%lld photos'].localizations.fr).toBeUndefined()
  })

  test('csv with a column per locale: a pull writes the pulled column and keeps the others', async () => {
    const ws = await env.workspace()
    const p = (await ws.call('create_project', { name: `Game ${Math.random().toString(36).slice(2, 8)}`, target_locales: ['de', 'fr'] })).body
    const csv = 'keys,en,de,fr\nSTART,Start,Start,Commencer\nQUIT,Quit,,Quitter\n'
    expect((await ws.call('push_file', { project: p.slug, path: 'localization/translations.csv', content: csv })).status).toBe(200)
    const quit = (await keyOfProject(env.conn().db, ws.workspaceId, p.slug, 'QUIT')).unit_id
    expect((await ws.call('set_translation', { unit: quit, locale: 'de', text: 'Beenden' })).status).toBe(200)
    const de = (await ws.call('pull_file', { project: p.slug, path: 'localization/translations.csv', locale: 'de' })).body
    expect(de.content).toBe('keys,en,de,fr\nSTART,Start,Start,Commencer\nQUIT,Quit,Beenden,Quitter\n')
  })
})

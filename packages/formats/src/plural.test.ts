// The plural rule every format follows (docs/formats/README.md): a plural's text is its `other` form, and the
// categories a locale's files rarely carry (French `many`) are optional. Fixtures in the shape of a Django app
// (myapp/locale/fr/LC_MESSAGES/django.po) and an Android app (app/src/main/res/values-fr/strings.xml).
import { describe, expect, it } from 'vitest'
import { fixture } from '../test/fixtures.js'
import type { Entry } from './format.js'
import { parse, render } from './index.js'
import { categoriesToWrite, extraCategoriesReadBy, optionalCategories, pluralFit } from './plural.js'

const fr = { locale: 'fr', sourceLocale: 'en' }

describe('a plural\'s text is its other form', () => {
  it('in a Django .po: value and source are the plural forms, not the singular msgid', () => {
    const po = fixture('django/myapp/locale/fr/LC_MESSAGES/django.po')
    const entry = parse('po', po, { locale: 'fr', sourceLocale: 'en' }).entries.find((e) => e.plural && e.value !== '')!
    expect(entry).toMatchObject({
      key: '%(count)d new message',
      value: '%(count)d nouveaux messages',
      source: '%(count)d new messages',
      sourcePlural: { one: '%(count)d new message', other: '%(count)d new messages' },
    })
    // Read as the source locale, an untranslated plural gives the English forms, `other` as the text.
    const asSource = parse('po', po, { locale: 'en', sourceLocale: 'en' }).entries.find((e) => e.key === 'Deleted %(num)d item.')!
    expect(asSource.value).toBe('Deleted %(num)d items.')
    expect(render('po', po, parse('po', po, { locale: 'fr', sourceLocale: 'en' }).entries, fr)).toBe(po)
  })

  it.each([
    ['android', 'app/src/main/res/values/strings.xml', '<resources>\n    <plurals name="n">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>\n</resources>\n'],
    ['json', 'locales/en.json', '{\n  "n_one": "{{count}} file",\n  "n_other": "{{count}} files"\n}\n'],
    ['yaml', 'config/locales/en.yml', 'en:\n  n:\n    one: "%{count} file"\n    other: "%{count} files"\n'],
    ['stringsdict', 'en.lproj/Localizable.stringsdict', '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>n</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@c@</string>\n\t\t<key>c</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d file</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d files</string>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n'],
    ['xliff', 'messages.xlf', '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" datatype="plaintext" original="x"><body><trans-unit id="n"><source>{count, plural, one {# file} other {# files}}</source></trans-unit></body></file></xliff>'],
  ] as const)('in %s (%s)', (format, _path, content) => {
    const [entry] = parse(format, content, { locale: 'en', sourceLocale: 'en' }).entries
    expect(entry!.value).toMatch(/files$/)
    expect(entry!.plural!.one).toMatch(/file$/)
  })
})

describe('categories a locale\'s files rarely carry', () => {
  it('are French, Spanish, Italian, Portuguese and Catalan many, and Czech many; never a category the locale lacks', () => {
    for (const locale of ['fr', 'fr-CA', 'es', 'it', 'pt-BR', 'ca', 'cs']) expect(optionalCategories(locale)).toEqual(['many'])
    for (const locale of ['ru', 'pl', 'ar', 'de', 'en', 'ja']) expect(optionalCategories(locale)).toEqual([])
  })

  it('may be left out of a plural map; others may not', () => {
    expect(pluralFit('fr', { one: 'a', other: 'b' })).toEqual({ missing: [], omitted: ['many'], extra: [] })
    expect(pluralFit('ru', { one: 'a', few: 'b', other: 'c' })).toEqual({ missing: ['many'], omitted: [], extra: [] })
    expect(pluralFit('fr', { one: 'a', few: 'x', other: 'b' })).toEqual({ missing: [], omitted: ['many'], extra: ['few'] })
  })

  it('are written only when the translation or the file has them', () => {
    expect(categoriesToWrite('fr', { one: 'a', other: 'b' })).toEqual(['one', 'other'])
    expect(categoriesToWrite('fr', { one: 'a', other: 'b' }, { one: 'x', many: 'y', other: 'z' })).toEqual(['one', 'many', 'other'])
    expect(categoriesToWrite('ru', { one: 'a', other: 'b' })).toEqual(['one', 'few', 'many', 'other'])
  })

  it('in an Android values-fr file: an edit keeps the file\'s items, filling a many item it has from other', () => {
    const xml = fixture('android/app/src/main/res/values-fr/strings.xml')
    const entries = parse('android', xml, { locale: 'fr' }).entries
    expect(render('android', xml, entries, fr)).toBe(xml)
    const edited: Entry[] = entries.map((e) => e.key === 'new_messages'
      ? { ...e, value: '%d messages non lus', plural: { one: '%d message non lu', other: '%d messages non lus' } }
      : e.key === 'deleted_items' ? { ...e, value: '%d éléments effacés', plural: { one: '%d élément effacé', other: '%d éléments effacés' } } : e)
    const out = render('android', xml, edited, fr)
    expect(out).toContain('<plurals name="new_messages">\n        <item quantity="one">%d message non lu</item>\n        <item quantity="other">%d messages non lus</item>\n    </plurals>')
    expect(out).toContain('<item quantity="many">%d éléments effacés</item>')
  })

  it('in a Django .po with nplurals=2, and in a clean YAML and xcstrings file, a one/other translation writes one/other', () => {
    const po = fixture('django/myapp/locale/fr/LC_MESSAGES/django.po')
    const entries = parse('po', po, { locale: 'fr', sourceLocale: 'en' }).entries
    const out = render('po', po, entries.map((e) => (e.key === 'Deleted %(num)d item.' ? { ...e, value: '%(num)d éléments supprimés.', plural: { one: '%(num)d élément supprimé.', other: '%(num)d éléments supprimés.' } } : e)), fr)
    expect(out).toContain('msgstr[0] "%(num)d élément supprimé."\nmsgstr[1] "%(num)d éléments supprimés."')
    const plural = { key: 'n', value: '%{count} fichiers', plural: { one: '%{count} fichier', other: '%{count} fichiers' } }
    expect(render('yaml', undefined, [plural], fr)).not.toContain('many')
    expect(render('xcstrings', undefined, [plural], fr)).not.toContain('"many"')
  })
})

// Issue 26: translators (and the tools that wrote their files) put forms in a locale copy that CLDR does not list for
// its language; runtimes such as Rails and Android read whatever the map holds, so a pull keeps them.
describe('a changed plural in the locale\'s own copy keeps every form the copy has', () => {
  it('adds the locale\'s categories the copy lacks, and keeps the copy\'s others only when the template is its own', () => {
    const de = { one: 'a', other: 'b' }
    expect(categoriesToWrite('de', de, { one: 'x', few: 'y', other: 'z' }, true)).toEqual(['one', 'few', 'other'])
    // The source's copy rendered for German (no German copy yet): its forms are English ones, not the copy's.
    expect(categoriesToWrite('de', de, { one: 'x', few: 'y', other: 'z' })).toEqual(['one', 'other'])
    expect(categoriesToWrite('zh-Hant', { other: 'b' }, { one: 'x', other: 'z' }, true)).toEqual(['one', 'other'])
    expect(categoriesToWrite('ar', { zero: '0', one: '1', two: '2', few: '3', many: '11', other: '100' }, { zero: '', one: '', two: '', few: '', other: '' }, true))
      .toEqual(['zero', 'one', 'two', 'few', 'many', 'other'])
  })

  it.each([
    ['android', 'app/src/main/res/values-de/strings.xml', '<resources>\n    <plurals name="n">\n        <item quantity="one">%d Datei</item>\n        <item quantity="few">%d Dateien</item>\n        <item quantity="other">%d Dateien</item>\n    </plurals>\n</resources>\n',
      '<resources>\n    <plurals name="n">\n        <item quantity="one">%d Akte</item>\n        <item quantity="few">%d Akten</item>\n        <item quantity="other">%d Akten</item>\n    </plurals>\n</resources>\n'],
    ['json', 'public/locales/de/translation.json', '{\n  "n_one": "{{count}} Datei",\n  "n_few": "{{count}} Dateien",\n  "n_other": "{{count}} Dateien"\n}\n',
      '{\n  "n_one": "{{count}} Akte",\n  "n_few": "{{count}} Akten",\n  "n_other": "{{count}} Akten"\n}\n'],
  ] as const)('in %s (%s): a German few stays, filled from other', (format, _path, copy, expected) => {
    const de = { locale: 'de', sourceLocale: 'en', templateLocale: 'de' }
    const entries = parse(format, copy, de).entries.map((e) => ({ ...e, value: e.value.replace('Dateien', 'Akten'), plural: { one: e.plural!.one!.replace('Datei', 'Akte'), other: e.plural!.other!.replace('Dateien', 'Akten') } }))
    expect(render(format, copy, entries, de)).toBe(expected)
  })
})

describe('extraCategoriesReadBy', () => {
  it.each([
    [['yaml'], ['zero']],
    [['json', 'yaml'], ['zero']],
    [['yaml', 'android'], []],
    [['android'], []],
    [['po'], []],
    [[], []],
    [['a-learned-format'], []],
  ])('files of %j may carry %j beyond the locale\'s categories', (formats, extra) => {
    expect(extraCategoriesReadBy(formats)).toEqual(extra)
  })
})

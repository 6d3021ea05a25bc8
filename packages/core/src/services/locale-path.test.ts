import { describe, expect, test } from 'vitest'
import { androidQualifier, localeOfPath, localeOfQualifier, localeOfSlotText, pathFromPattern, patternFromPath, slotText } from './locale-path.js'

describe('file path patterns', () => {
  test.each([
    ['res/values/strings.xml', 'en', 'res/values-{android_locale}/strings.xml', false],
    ['res/values-de/strings.xml', 'de', 'res/values-{android_locale}/strings.xml', true],
    ['res/values-pt-rBR/strings.xml', 'pt-BR', 'res/values-{android_locale}/strings.xml', true],
    ['locales/de.json', 'de', 'locales/{locale}.json', true],
    ['src/i18n/en/messages.json', 'en', 'src/i18n/{locale}/messages.json', true],
    ['Sparkle/en.lproj/Sparkle.strings', 'en', 'Sparkle/{locale}.lproj/Sparkle.strings', true],
    ['Sparkle/Base.lproj/Sparkle.strings', 'en', 'Sparkle/{locale}.lproj/Sparkle.strings', false],
    ['messages.fr-FR.xlf', 'fr-FR', 'messages.{locale}.xlf', true],
    ['Resources.resx', 'en', 'Resources.{locale}.resx', false],
    ['Resources.de.resx', 'de', 'Resources.{locale}.resx', true],
    ['ValidationMessages.properties', 'en', 'ValidationMessages_{locale}.properties', false],
    ['ValidationMessages_de.properties', 'de', 'ValidationMessages_{locale}.properties', true],
    ['intl_en.arb', 'en', 'intl_{locale}.arb', true],
    ['po/de.po', 'de', 'po/{locale}.po', true],
    // gettext: a template's translations live beside it as <locale>.po.
    ['po/messages.pot', 'en', 'po/{locale}.po', false],
    // Django's region-underscore folders, Angular's region-underscore file names.
    ['src/locale/en_US/LC_MESSAGES/django.po', 'en', 'src/locale/{locale}/LC_MESSAGES/django.po', true],
    ['src/locale/de_DE/LC_MESSAGES/django.po', 'de', 'src/locale/{locale}/LC_MESSAGES/django.po', true],
    ['src/locale/pt_BR/LC_MESSAGES/djangojs.po', 'pt-BR', 'src/locale/{locale}/LC_MESSAGES/djangojs.po', true],
    ['src/locale/messages.de_DE.xlf', 'de', 'src/locale/messages.{locale}.xlf', true],
    ['i18n/en_US.json', 'en', 'i18n/{locale}.json', true],
  ])('%s pushed as %s has pattern %s', (path, locale, pattern, inPath) => {
    expect(patternFromPath(path, locale, false)).toMatchObject({ pattern, localeInPath: inPath })
  })

  test('the path says how it spells the locale, and a locale map spelling is found where the locale is not', () => {
    expect(patternFromPath('i18n/de_DE.json', 'de', false).spelled).toBe('de_DE')
    expect(patternFromPath('i18n/pt_BR.json', 'pt-BR', false).spelled).toBe('pt_BR')
    expect(patternFromPath('i18n/zh_CN.json', 'zh-Hans', false).localeInPath).toBe(false)
    expect(patternFromPath('i18n/zh_CN.json', 'zh-Hans', false, { 'zh-Hans': 'zh_CN' })).toEqual({ pattern: 'i18n/{locale}.json', localeInPath: true, spelled: 'zh_CN' })
    expect(patternFromPath('res/values-iw/strings.xml', 'he', false, { he: 'iw' })).toEqual({ pattern: 'res/values-{android_locale}/strings.xml', localeInPath: true })
  })

  test('paths are written and read back with the locale map', () => {
    const map = { de: 'de_DE', 'pt-BR': 'pt_BR', 'zh-Hans': 'zh_CN', he: 'iw' }
    expect(pathFromPattern('src/locale/{locale}/LC_MESSAGES/django.po', 'zh-Hans', map)).toBe('src/locale/zh_CN/LC_MESSAGES/django.po')
    expect(pathFromPattern('src/locale/messages.{locale}.xlf', 'fr', map)).toBe('src/locale/messages.fr.xlf')
    expect(localeOfPath('src/locale/{locale}/LC_MESSAGES/django.po', 'src/locale/pt_BR/LC_MESSAGES/django.po', map)).toBe('pt-BR')
    expect(localeOfPath('i18n/{locale}.json', 'i18n/zh_CN.json', map)).toBe('zh-Hans')
    // Android reads qualifiers only: a gettext spelling is no resource folder, a qualifier spelling is.
    expect(pathFromPattern('res/values-{android_locale}/strings.xml', 'de', map)).toBe('res/values-de/strings.xml')
    expect(pathFromPattern('res/values-{android_locale}/strings.xml', 'he', map)).toBe('res/values-iw/strings.xml')
    expect(localeOfPath('res/values-{android_locale}/strings.xml', 'res/values-iw/strings.xml', map)).toBe('he')
  })

  test('a multi-locale file is its own pattern', () => {
    expect(patternFromPath('Localizable.xcstrings', 'en', true)).toEqual({ pattern: 'Localizable.xcstrings', localeInPath: false })
  })

  test('patterns render and read back Android qualifiers', () => {
    expect(androidQualifier('pt-BR')).toBe('pt-rBR')
    expect(androidQualifier('sr-Latn')).toBe('b+sr+Latn')
    expect(pathFromPattern('res/values-{android_locale}/strings.xml', 'pt-BR')).toBe('res/values-pt-rBR/strings.xml')
    expect(localeOfPath('res/values-{android_locale}/strings.xml', 'res/values-pt-rBR/strings.xml')).toBe('pt-BR')
    expect(localeOfPath('res/values-{android_locale}/strings.xml', 'res/values-b+sr+Latn/strings.xml')).toBe('sr-Latn')
    expect(localeOfPath('locales/{locale}.json', 'locales/de.json')).toBe('de')
    expect(localeOfPath('locales/{locale}.json', 'other/de.json')).toBeUndefined()
  })
})

// The one rule the server and the CLI share (the CLI reads it through @tolk/core/paths; it once had its own copy,
// which wrote a gettext map spelling into Android folders): docs/decisions.md, projects.locale_map.
describe('slot texts, both ways, with a locale_map', () => {
  test.each([
    ['de', 'de'], ['pt-BR', 'pt-rBR'], ['pt_br', 'pt-rBR'], ['es-419', 'es-r419'], ['sr-Latn', 'b+sr+Latn'], ['zh-Hant-TW', 'b+zh+Hant+TW'], ['fil-PH', 'fil-rPH'],
  ])('%s is written values-%s and read back', (locale, qualifier) => {
    expect(slotText(locale, 'android_locale')).toBe(qualifier)
    expect(localeOfQualifier(qualifier)).toBe(locale.replace('_br', '-BR'))
  })

  const map = { he: 'iw', 'zh-Hant': 'zh-rTW', de: 'de_DE', 'pt-BR': 'pt_BR' }
  test.each([
    // An Android qualifier in the map is used in both slots.
    ['he', 'android_locale', 'iw'], ['he', 'locale', 'iw'], ['zh-Hant', 'android_locale', 'zh-rTW'],
    // A gettext spelling names no folder Android reads: the {android_locale} slot keeps the qualifier rule.
    ['de', 'locale', 'de_DE'], ['de', 'android_locale', 'de'], ['pt-BR', 'locale', 'pt_BR'], ['pt-BR', 'android_locale', 'pt-rBR'],
    // Unmapped locales follow the slot's rule.
    ['fr', 'locale', 'fr'], ['fr-CA', 'android_locale', 'fr-rCA'],
  ] as const)('%s in {%s} is %s', (locale, slot, text) => {
    expect(slotText(locale, slot, map)).toBe(text)
    expect(localeOfSlotText(text, slot, map)).toBe(locale)
  })
})

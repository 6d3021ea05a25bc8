import { describe, expect, test } from 'vitest'
import { androidQualifier, localeOfPath, pathFromPattern, patternFromPath } from './locale-path.js'

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

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
  ])('%s pushed as %s has pattern %s', (path, locale, pattern, inPath) => {
    expect(patternFromPath(path, locale, false)).toEqual({ pattern, localeInPath: inPath })
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

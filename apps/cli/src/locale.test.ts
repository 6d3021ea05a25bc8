import { describe, expect, it } from 'vitest'
import { fromAndroidLocale, localeFromPath, localeToPath, toAndroidLocale } from './locale.js'

describe('android locale qualifiers', () => {
  it.each([
    ['de', 'de'],
    ['pt-BR', 'pt-rBR'],
    ['pt_br', 'pt-rBR'],
    ['es-419', 'es-r419'],
    ['sr-Latn', 'b+sr+Latn'],
    ['zh-Hant-TW', 'b+zh+Hant+TW'],
    ['fil-PH', 'fil-rPH'],
  ])('writes %s as values-%s', (locale, qualifier) => {
    expect(toAndroidLocale(locale)).toBe(qualifier)
  })

  it.each([
    ['de', 'de'],
    ['pt-rBR', 'pt-BR'],
    ['es-r419', 'es-419'],
    ['b+sr+Latn', 'sr-Latn'],
    ['b+zh+Hant+TW', 'zh-Hant-TW'],
  ])('reads values-%s as %s', (qualifier, locale) => {
    expect(fromAndroidLocale(qualifier)).toBe(locale)
  })
})

describe('locale_map', () => {
  const map = { he: 'iw', 'zh-Hant': 'zh-rTW' }

  it('uses the mapped text verbatim in either slot', () => {
    expect(localeToPath('he', 'android_locale', map)).toBe('iw')
    expect(localeToPath('zh-Hant', 'android_locale', map)).toBe('zh-rTW')
    expect(localeToPath('he', 'locale', map)).toBe('iw')
  })

  it('maps path text back to the project locale', () => {
    expect(localeFromPath('iw', 'android_locale', map)).toBe('he')
    expect(localeFromPath('zh-rTW', 'android_locale', map)).toBe('zh-Hant')
    expect(localeFromPath('pt-rBR', 'android_locale', map)).toBe('pt-BR')
    expect(localeFromPath('fr', 'locale', map)).toBe('fr')
  })

  it('leaves unmapped locales to the slot rule', () => {
    expect(localeToPath('pt-BR', 'android_locale', map)).toBe('pt-rBR')
    expect(localeToPath('pt-BR', 'locale', map)).toBe('pt-BR')
  })
})

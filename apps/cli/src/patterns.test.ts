import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fillPattern, findFiles, globsOf, matchPath, withSlots } from './patterns.js'

describe('matchPath', () => {
  it('reads the locale text out of an Android path', () => {
    expect(matchPath('res/values-{android_locale}/strings.xml', 'res/values-pt-rBR/strings.xml')).toEqual({ globs: [], slots: { android_locale: 'pt-rBR' } })
  })

  it('reads an Apple .lproj folder', () => {
    expect(matchPath('{locale}.lproj/Localizable.strings', 'de.lproj/Localizable.strings')?.slots).toEqual({ locale: 'de' })
  })

  it('captures ** as zero or more folders and * within one name', () => {
    expect(matchPath('src/**/i18n/*.json', 'src/i18n/app.json')?.globs).toEqual(['', 'app'])
    expect(matchPath('src/**/i18n/*.json', 'src/a/b/i18n/app.json')?.globs).toEqual(['a/b', 'app'])
    expect(matchPath('src/*.json', 'src/a/app.json')).toBeUndefined()
  })

  it('treats ./x, /x and x alike', () => {
    expect(matchPath('./res/values/strings.xml', 'res/values/strings.xml')).toBeDefined()
    expect(matchPath('/res/values/strings.xml', 'res/values/strings.xml')).toBeDefined()
  })

  it('requires a slot used twice to hold the same locale', () => {
    expect(matchPath('{locale}/app.{locale}.json', 'de/app.de.json')?.slots).toEqual({ locale: 'de' })
    expect(matchPath('{locale}/app.{locale}.json', 'de/app.fr.json')).toBeUndefined()
  })

  it('escapes regular expression characters in literal parts', () => {
    expect(matchPath('a+b/(x).json', 'a+b/(x).json')).toBeDefined()
    expect(matchPath('a.b/x.json', 'aXb/x.json')).toBeUndefined()
  })
})

describe('fillPattern', () => {
  it('writes the translation path of a source file match', () => {
    const m = matchPath('src/**/en/*.json', 'src/a/b/en/app.json')!
    expect(fillPattern('src/**/{locale}/*.json', { ...m, slots: { locale: 'de' } })).toBe('src/a/b/de/app.json')
  })

  it('drops an empty ** folder', () => {
    const m = matchPath('**/en.lproj/*.strings', 'en.lproj/Main.strings')!
    expect(fillPattern('**/{locale}.lproj/*.strings', { ...m, slots: { locale: 'de' } })).toBe('de.lproj/Main.strings')
  })

  it('refuses a slot with no value', () => {
    expect(() => fillPattern('{locale}.json', { globs: [], slots: {} })).toThrow(/locale/)
  })
})

describe('withSlots and globsOf', () => {
  it('fills slots and keeps globs', () => {
    expect(withSlots('locales/{locale}/**/*.json', { locale: 'en' })).toBe('locales/en/**/*.json')
    expect(globsOf('locales/{locale}/**/*.json')).toEqual(['**', '*'])
  })
})

describe('findFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'tolk-patterns-'))
  for (const f of ['res/values/strings.xml', 'res/values-de/strings.xml', 'src/a/en/x.json', 'src/en/y.json', 'node_modules/pkg/en/z.json', 'src/b/fr/x.json']) {
    mkdirSync(dirname(join(root, f)), { recursive: true })
    writeFileSync(join(root, f), '{}')
  }

  it('finds a literal path only when the file exists', () => {
    expect(findFiles(root, 'res/values/strings.xml')).toEqual(['res/values/strings.xml'])
    expect(findFiles(root, 'res/values/missing.xml')).toEqual([])
  })

  it('expands globs, sorted, skipping node_modules', () => {
    expect(findFiles(root, '**/en/*.json')).toEqual(['src/a/en/x.json', 'src/en/y.json'])
  })

  it('expands locale slots as any folder name', () => {
    expect(findFiles(root, 'res/values-{android_locale}/strings.xml')).toEqual(['res/values-de/strings.xml'])
  })
})

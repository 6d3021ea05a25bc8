import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.js'
import { sourceFiles, translationPath } from './files.js'

function repo(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'tolk-files-'))
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true })
    writeFileSync(join(root, f), 'x')
  }
  return root
}

describe('sourceFiles and translationPath', () => {
  it('maps an Android source to values-<qualifier> with locale_map', () => {
    const root = repo(['app/src/main/res/values/strings.xml', 'app/src/main/res/values-de/strings.xml'])
    const config = parseConfig({
      project: 'app',
      files: [{ source: 'app/src/main/res/values/strings.xml', translation: 'app/src/main/res/values-{android_locale}/strings.xml' }],
      locale_map: { he: 'iw', 'zh-Hant': 'zh-rTW' },
    })
    const [src, ...rest] = sourceFiles(config, root, 'en')
    expect(rest).toEqual([])
    expect(src!.path).toBe('app/src/main/res/values/strings.xml')
    expect(translationPath(src!, 'de', config.locale_map)).toBe('app/src/main/res/values-de/strings.xml')
    expect(translationPath(src!, 'pt-BR', config.locale_map)).toBe('app/src/main/res/values-pt-rBR/strings.xml')
    expect(translationPath(src!, 'he', config.locale_map)).toBe('app/src/main/res/values-iw/strings.xml')
    expect(translationPath(src!, 'zh-Hant', config.locale_map)).toBe('app/src/main/res/values-zh-rTW/strings.xml')
    expect(translationPath(src!, 'sr-Latn', config.locale_map)).toBe('app/src/main/res/values-b+sr+Latn/strings.xml')
  })

  it('finds sources through {locale} and globs and keeps subfolders in the translation path', () => {
    const root = repo(['locales/en/app.json', 'locales/en/admin/users.json', 'locales/de/app.json'])
    const config = parseConfig({ project: 'web', files: [{ source: 'locales/{locale}/**/*.json', translation: 'locales/{locale}/**/*.json' }] })
    const found = sourceFiles(config, root, 'en')
    expect(found.map((f) => f.path)).toEqual(['locales/en/admin/users.json', 'locales/en/app.json'])
    expect(found.map((f) => translationPath(f, 'fr', {}))).toEqual(['locales/fr/admin/users.json', 'locales/fr/app.json'])
  })

  it('lists a file two entries match only once', () => {
    const root = repo(['en.lproj/Main.strings'])
    const config = parseConfig({
      project: 'ios',
      files: [
        { source: '{locale}.lproj/*.strings', translation: '{locale}.lproj/*.strings' },
        { source: 'en.lproj/Main.strings', translation: '{locale}.lproj/Main.strings' },
      ],
    })
    expect(sourceFiles(config, root, 'en').map((f) => f.path)).toEqual(['en.lproj/Main.strings'])
  })

  it('keeps a multi-locale file at its own path for every locale', () => {
    const root = repo(['Localizable.xcstrings'])
    const config = parseConfig({ project: 'ios', files: [{ source: 'Localizable.xcstrings', translation: 'Localizable.xcstrings' }] })
    const [src] = sourceFiles(config, root, 'en')
    expect(translationPath(src!, 'de', {})).toBe('Localizable.xcstrings')
  })
})

// tolk init's layout detection on trees in the shape of real repositories, dependency folders included.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.js'
import { sourceFiles, translationPath } from './files.js'
import { detectLayouts, isLocaleCopy, looksLikeLocale } from './layouts.js'

function repo(files: Record<string, string> | string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'tolk-layouts-'))
  const entries = Array.isArray(files) ? files.map((f) => [f, 'x'] as const) : Object.entries(files)
  for (const [f, text] of entries) {
    mkdirSync(dirname(join(root, f)), { recursive: true })
    writeFileSync(join(root, f), text)
  }
  return root
}

const entries = (root: string, locale = 'en') => detectLayouts(root, locale).layouts.map(({ source, translation }) => ({ source, translation }))

describe('detectLayouts', () => {
  it('Rails: config/locales/en.yml, devise.en.yml and javascript/javascript.en.yml; vendored gems ignored', () => {
    const root = repo([
      'config/locales/en.yml', 'config/locales/de.yml', 'config/locales/pt-BR.yml',
      'config/locales/devise.en.yml', 'config/locales/devise.de.yml',
      'config/locales/javascript/javascript.en.yml', 'config/locales/javascript/javascript.de.yml',
      'config/locales/diaspora/en.yml',
      'vendor/bundle/ruby/3.3.0/gems/devise-4.9.4/config/locales/en.yml',
      'node_modules/some-lib/locales/en.json',
      'app/models/user.rb', 'Gemfile',
    ])
    const found = detectLayouts(root, 'en')
    expect(entries(root)).toEqual([
      { source: 'config/locales/**/{locale}.yml', translation: 'config/locales/**/{locale}.yml' },
      { source: 'config/locales/**/*.{locale}.yml', translation: 'config/locales/**/*.{locale}.yml' },
    ])
    expect(found.layouts.map((l) => l.sources)).toEqual([
      ['config/locales/diaspora/en.yml', 'config/locales/en.yml'],
      ['config/locales/devise.en.yml', 'config/locales/javascript/javascript.en.yml'],
    ])
    expect(found.locales).toEqual(['de', 'pt-BR'])
    expect(found.localeMap).toEqual({})
    // The proposal is a valid config that finds every source once, and each source's copy where Rails keeps it.
    const config = parseConfig({ project: 'app', files: entries(root) })
    const sources = sourceFiles(config, root, 'en')
    expect(sources.map((s) => s.path)).toEqual([
      'config/locales/diaspora/en.yml', 'config/locales/en.yml', 'config/locales/devise.en.yml', 'config/locales/javascript/javascript.en.yml',
    ])
    expect(sources.map((s) => translationPath(s, 'de', {}))).toEqual([
      'config/locales/diaspora/de.yml', 'config/locales/de.yml', 'config/locales/devise.de.yml', 'config/locales/javascript/javascript.de.yml',
    ])
  })

  it('Django: locale/<ll_CC>/LC_MESSAGES/django.po, with the underscore spelling kept in locale_map', () => {
    const root = repo([
      'shop/locale/en/LC_MESSAGES/django.po', 'shop/locale/en/LC_MESSAGES/djangojs.po',
      'shop/locale/de/LC_MESSAGES/django.po', 'shop/locale/pt_BR/LC_MESSAGES/django.po', 'shop/locale/zh_Hans/LC_MESSAGES/django.po',
      'shop/locale/de/LC_MESSAGES/django.mo', 'manage.py',
    ])
    const found = detectLayouts(root, 'en')
    expect(entries(root)).toEqual([{ source: '**/locale/{locale}/LC_MESSAGES/*.po', translation: '**/locale/{locale}/LC_MESSAGES/*.po' }])
    expect(found.locales).toEqual(['de', 'pt-BR', 'zh-Hans'])
    expect(found.localeMap).toEqual({ 'pt-BR': 'pt_BR', 'zh-Hans': 'zh_Hans' })
  })

  it('Flutter: l10n.yaml names the ARB folder and template', () => {
    const root = repo({
      'l10n.yaml': 'arb-dir: lib/src/localization\ntemplate-arb-file: intl_en.arb\noutput-localization-file: app_localizations.dart\n',
      'lib/src/localization/intl_en.arb': '{}', 'lib/src/localization/intl_de.arb': '{}', 'lib/src/localization/intl_pt_BR.arb': '{}',
      '.dart_tool/flutter_gen/gen_l10n/intl_en.arb': '{}',
    })
    const found = detectLayouts(root, 'en')
    expect(entries(root)).toEqual([{ source: 'lib/src/localization/intl_{locale}.arb', translation: 'lib/src/localization/intl_{locale}.arb' }])
    expect(found.locales).toEqual(['de', 'pt-BR'])
    expect(found.localeMap).toEqual({ 'pt-BR': 'pt_BR' })
  })

  it('Flutter without l10n.yaml: lib/l10n/app_en.arb', () => {
    expect(entries(repo(['lib/l10n/app_en.arb', 'lib/l10n/app_de.arb']))).toEqual([{ source: '**/l10n/*_{locale}.arb', translation: '**/l10n/*_{locale}.arb' }])
  })

  it('WinForms: Forms/HistoryForm.resx beside HistoryForm.de.resx; the copies are not sources', () => {
    const root = repo(['App/Forms/HistoryForm.resx', 'App/Forms/HistoryForm.de.resx', 'App/Forms/HistoryForm.zh-Hans.resx',
      'App/Properties/Resources.resx', 'App/Properties/Resources.Designer.cs', 'App/bin/Debug/de/App.resources.dll', 'App/obj/Debug/App.Form1.resources'])
    const found = detectLayouts(root, 'en')
    expect(entries(root)).toEqual([{ source: '**/*.resx', translation: '**/*.{locale}.resx' }])
    expect(found.layouts[0]!.sources).toEqual(['App/Forms/HistoryForm.resx', 'App/Properties/Resources.resx'])
    expect(found.locales).toEqual(['de', 'zh-Hans'])
    const config = parseConfig({ project: 'app', files: entries(root) })
    expect(sourceFiles(config, root, 'en').map((s) => s.path)).toEqual(['App/Forms/HistoryForm.resx', 'App/Properties/Resources.resx'])
  })

  it('Angular: src/locale/messages.xlf beside messages.fr.xlf', () => {
    const root = repo(['src/locale/messages.xlf', 'src/locale/messages.fr.xlf', 'src/locale/messages.de-CH.xlf', 'angular.json'])
    expect(entries(root)).toEqual([{ source: '**/messages.xlf', translation: '**/messages.{locale}.xlf' }])
    expect(detectLayouts(root, 'en').locales).toEqual(['de-CH', 'fr'])
  })

  it('Laravel: lang/en.json (its PHP arrays are not proposed)', () => {
    const root = repo(['lang/en.json', 'lang/de.json', 'lang/en/auth.php', 'lang/de/auth.php', 'artisan'])
    expect(entries(root)).toEqual([{ source: '**/lang/{locale}.json', translation: '**/lang/{locale}.json' }])
  })

  it('Xcode: en.lproj strings and stringsdict, String Catalogs, and Android beside them; Base.lproj and Pods skipped', () => {
    const root = repo([
      'ios/App/en.lproj/Localizable.strings', 'ios/App/en.lproj/Localizable.stringsdict', 'ios/App/de.lproj/Localizable.strings',
      'ios/App/Base.lproj/Main.storyboard', 'ios/App/Resources/Settings.xcstrings', 'ios/Pods/Lib/en.lproj/Lib.strings',
      'android/app/src/main/res/values/strings.xml', 'android/app/src/main/res/values-night/colors.xml',
      'android/app/src/main/res/values-pt-rBR/strings.xml', 'android/app/src/main/res/values-sw600dp/strings.xml',
    ])
    const found = detectLayouts(root, 'en')
    expect(entries(root)).toEqual([
      { source: '**/res/values/strings.xml', translation: '**/res/values-{android_locale}/strings.xml' },
      { source: '**/{locale}.lproj/*.strings', translation: '**/{locale}.lproj/*.strings' },
      { source: '**/{locale}.lproj/*.stringsdict', translation: '**/{locale}.lproj/*.stringsdict' },
      { source: '**/*.xcstrings', translation: '**/*.xcstrings' },
    ])
    expect(found.locales).toEqual(['de', 'pt-BR'])
    expect(found.localeMap).toEqual({})
  })

  it('gettext: po/messages.pot beside po/de.po', () => {
    expect(entries(repo(['po/messages.pot', 'po/de.po', 'po/fr.po']))).toEqual([{ source: 'po/messages.pot', translation: 'po/{locale}.po' }])
  })

  it('i18next: public/locales/en/*.json, with the workspace source locale', () => {
    const root = repo(['public/locales/de/common.json', 'public/locales/en/common.json'])
    expect(entries(root, 'de')).toEqual([{ source: '**/locales/{locale}/*.json', translation: '**/locales/{locale}/*.json' }])
    expect(detectLayouts(root, 'de').locales).toEqual(['en'])
  })

  it('proposes nothing for a tree without translation files', () => {
    expect(detectLayouts(repo(['src/index.ts', 'README.md']), 'en')).toEqual({ layouts: [], locales: [], localeMap: {} })
  })
})

describe('looksLikeLocale and isLocaleCopy', () => {
  it.each([
    ['de', true], ['pt-BR', true], ['pt_BR', true], ['zh-Hans', true], ['sr-Latn-RS', true], ['es-419', true],
    ['Designer', false], ['night', false], ['sw600dp', false], ['Base', false], ['v21', false],
  ])('%s reads as a locale: %s', (text, expected) => {
    expect(looksLikeLocale(text)).toBe(expected)
  })

  it('treats Strings.de.resx as a copy of **/*.resx but not Strings.Designer.resx', () => {
    expect(isLocaleCopy('Res/Strings.de.resx', '**/*.resx', '**/*.{locale}.resx')).toBe(true)
    expect(isLocaleCopy('Res/Strings.Designer.resx', '**/*.resx', '**/*.{locale}.resx')).toBe(false)
    expect(isLocaleCopy('Res/Strings.resx', '**/*.resx', '**/*.{locale}.resx')).toBe(false)
    // A source pattern with a locale slot never needs the rule.
    expect(isLocaleCopy('locales/de.json', 'locales/{locale}.json', 'locales/{locale}.json')).toBe(false)
  })
})

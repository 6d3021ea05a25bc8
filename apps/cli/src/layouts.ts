// The repository layouts `tolk init` recognises: where each ecosystem keeps its source file and its locale copies.
// Detection walks the tree once (skipping dependency and build folders, where vendored gems and pods carry
// locale files that are not the repository's own) and proposes every layout with a source file on disk.
import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { localeOfQualifier } from '@tolk/core/paths'
import { matchPath, slotsOf, walkFiles, withSlots } from './patterns.js'

/** One `{ source, translation }` entry `tolk init` proposes, with the ecosystem it comes from. */
export interface FoundLayout {
  ecosystem: string
  source: string
  translation: string
  /** Source files on disk that the entry names. */
  sources: string[]
}

/** What init learned from the tree: the entries, the locales of the copies on disk and how paths spell them. */
export interface Detection {
  layouts: FoundLayout[]
  /** Locales (BCP 47) of the copies found on disk, sorted; the source locale excluded. */
  locales: string[]
  /** Locales whose path text is not their BCP 47 tag (Django's pt_BR, Flutter's app_zh_Hant.arb). */
  localeMap: Record<string, string>
}

interface Candidate {
  ecosystem: string
  source: string
  translation: string
}

// In order of precedence: a file claimed by an earlier entry is not proposed again by a later one.
const CANDIDATES: Candidate[] = [
  // Rails: config/locales/en.yml, config/locales/devise.en.yml, config/locales/javascript/javascript.en.yml
  { ecosystem: 'Rails', source: 'config/locales/**/{locale}.yml', translation: 'config/locales/**/{locale}.yml' },
  { ecosystem: 'Rails', source: 'config/locales/**/*.{locale}.yml', translation: 'config/locales/**/*.{locale}.yml' },
  // Android: res/values/strings.xml and res/values-de/strings.xml, in any module.
  { ecosystem: 'Android', source: '**/res/values/strings.xml', translation: '**/res/values-{android_locale}/strings.xml' },
  // iOS and macOS: en.lproj/Localizable.strings, .stringsdict, and String Catalogs (every locale in one file).
  { ecosystem: 'iOS', source: '**/{locale}.lproj/*.strings', translation: '**/{locale}.lproj/*.strings' },
  { ecosystem: 'iOS', source: '**/{locale}.lproj/*.stringsdict', translation: '**/{locale}.lproj/*.stringsdict' },
  { ecosystem: 'iOS', source: '**/*.xcstrings', translation: '**/*.xcstrings' },
  // Flutter without l10n.yaml: lib/l10n/app_en.arb (with l10n.yaml, flutterLayouts reads the folder and template).
  { ecosystem: 'Flutter', source: '**/l10n/*_{locale}.arb', translation: '**/l10n/*_{locale}.arb' },
  // Django: locale/de/LC_MESSAGES/django.po and djangojs.po, per app.
  { ecosystem: 'Django', source: '**/locale/{locale}/LC_MESSAGES/*.po', translation: '**/locale/{locale}/LC_MESSAGES/*.po' },
  // .NET: Resources/Strings.resx beside Strings.de.resx (WinForms forms too).
  { ecosystem: '.NET', source: '**/*.resx', translation: '**/*.{locale}.resx' },
  // Angular: src/locale/messages.xlf beside messages.de.xlf.
  { ecosystem: 'Angular', source: '**/messages.xlf', translation: '**/messages.{locale}.xlf' },
  { ecosystem: 'Angular', source: '**/messages.xliff', translation: '**/messages.{locale}.xliff' },
  // Laravel's JSON strings: lang/de.json (or resources/lang/de.json); its PHP arrays are not read.
  { ecosystem: 'Laravel', source: '**/lang/{locale}.json', translation: '**/lang/{locale}.json' },
  // i18next, vue-i18n and friends.
  { ecosystem: 'JavaScript', source: '**/locales/{locale}/*.json', translation: '**/locales/{locale}/*.json' },
  { ecosystem: 'JavaScript', source: '**/locales/{locale}.json', translation: '**/locales/{locale}.json' },
  { ecosystem: 'JavaScript', source: '**/i18n/{locale}.json', translation: '**/i18n/{locale}.json' },
  { ecosystem: 'YAML', source: '**/locales/{locale}.yml', translation: '**/locales/{locale}.yml' },
]

/** Folders that hold other projects' files (dependencies, build output, caches), never the repository's own strings. */
const SKIP = new Set([
  '.git', '.hg', '.svn', '.tolk', 'node_modules', 'vendor', 'Pods', 'Carthage', 'build', 'dist', 'out', 'bin', 'obj',
  '.dart_tool', '.gradle', '.idea', '.next', '.nuxt', 'coverage', 'tmp', 'log', '.venv', 'venv', '__pycache__', 'DerivedData',
])
/** Detection stops listing after this many files: a repository's locale files sit well within it. */
const MAX_FILES = 200_000

/** Every file under root, repo-relative with forward slashes, sorted; dependency and build folders skipped. */
export function listRepository(root: string): string[] {
  const found: string[] = []
  walkFiles(root, '', SKIP, (path) => found.push(path) < MAX_FILES)
  return found.sort()
}

/** A path slot's text that reads as a locale (de, pt-BR, pt_BR, zh-Hans, sr-Latn-RS), not a word like Designer. */
export function looksLikeLocale(text: string): boolean {
  return /^[a-z]{2,3}(?:[-_](?:[A-Z][a-z]{3}|[A-Za-z]{2}|\d{3}))*$/.test(text)
}

/** True when a path the source pattern matches is really a copy: `Strings.de.resx` for `**\/*.resx`. */
export function isLocaleCopy(path: string, source: string, translation: string): boolean {
  if (slotsOf(source).length > 0 || slotsOf(translation).length === 0) return false
  const slots = matchPath(translation, path)?.slots
  return slots !== undefined && Object.values(slots).every((t) => t !== undefined && looksLikeLocale(t))
}

/** The layouts of the tree under root, the locales of its copies and the locale_map their paths need. */
export function detectLayouts(root: string, sourceLocale: string, files = listRepository(root)): Detection {
  const claimed = new Set<string>()
  const layouts: FoundLayout[] = []
  const locales = new Set<string>()
  const localeMap: Record<string, string> = {}
  for (const c of [...flutterLayouts(root, files), ...gettextLayouts(files), ...CANDIDATES]) {
    const pattern = withSlots(c.source, { locale: sourceLocale, android_locale: sourceLocale })
    const sources = files.filter((f) => !claimed.has(f) && matchPath(pattern, f) && !isLocaleCopy(f, c.source, c.translation))
    if (sources.length === 0) continue
    for (const f of sources) claimed.add(f)
    layouts.push({ ...c, sources })
    for (const f of files) {
      if (claimed.has(f) && !sources.includes(f)) continue
      const slots = matchPath(c.translation, f)?.slots
      const text = slots?.locale ?? slots?.android_locale
      if (text === undefined) continue
      const locale = slots?.android_locale !== undefined ? localeOfQualifier(text) : text.replaceAll('_', '-')
      if (locale === sourceLocale || !looksLikeLocale(locale)) continue
      claimed.add(f)
      locales.add(locale)
      if (slots?.locale !== undefined && locale !== text) localeMap[locale] = text
    }
  }
  return { layouts, locales: [...locales].sort(), localeMap }
}

/** Flutter's l10n.yaml names the ARB folder and the template file (`arb-dir`, `template-arb-file`). */
function flutterLayouts(root: string, files: readonly string[]): Candidate[] {
  const out: Candidate[] = []
  for (const config of files.filter((f) => posix.basename(f) === 'l10n.yaml')) {
    let text: string
    try {
      text = readFileSync(join(root, config), 'utf8')
    } catch {
      continue
    }
    const field = (name: string) => new RegExp(`^${name}:\\s*['"]?([^'"#\\n]+?)['"]?\\s*(?:#.*)?$`, 'm').exec(text)?.[1]
    const dir = posix.join(posix.dirname(config), field('arb-dir') ?? 'lib/l10n')
    const template = field('template-arb-file') ?? 'app_en.arb'
    const m = /^(.*[_-]|)([a-z]{2,3}(?:_[A-Za-z0-9]+)*)\.arb$/.exec(template)
    if (!m) continue
    const pattern = `${dir === '.' ? '' : `${dir}/`}${m[1]}{locale}.arb`
    out.push({ ecosystem: 'Flutter', source: pattern, translation: pattern })
  }
  return out
}

/** A gettext template (`po/messages.pot`) beside its copies (`po/de.po`): the names differ, so each is its own entry. */
function gettextLayouts(files: readonly string[]): Candidate[] {
  return files.filter((f) => f.endsWith('.pot')).map((pot) => {
    const dir = posix.dirname(pot)
    const copies = `${dir === '.' ? '' : `${dir}/`}{locale}.po`
    // The template stands for the source: its pattern has no slot and names the one file.
    return { ecosystem: 'gettext', source: pot, translation: copies }
  })
}

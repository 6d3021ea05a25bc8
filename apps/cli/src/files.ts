// Which files on disk a config names, and where each locale's copy of a source file lives.
import type { Config, FileConfig } from './config.js'
import { isLocaleCopy } from './layouts.js'
import { slotText, type LocaleMap } from '@tolk/core/paths'
import { findFiles, fillPattern, matchPath, slotsOf, withSlots, type PathMatch } from './patterns.js'

/** A source file found on disk, with the config entry that names it and its glob captures. */
export interface SourceFile {
  entry: FileConfig
  path: string
  match: PathMatch
}

const slotTexts = (locale: string, map: LocaleMap) => ({
  locale: slotText(locale, 'locale', map),
  android_locale: slotText(locale, 'android_locale', map),
})

/** True for a file that carries every locale itself (xcstrings, multi-column CSV): its translation has no locale slot. */
export function isMultiLocale(entry: FileConfig): boolean {
  return slotsOf(entry.translation).length === 0
}

/** Every source file the config names, once each, in config order then path order. */
export function sourceFiles(config: Config, root: string, sourceLocale: string): SourceFile[] {
  const seen = new Set<string>()
  const out: SourceFile[] = []
  for (const entry of config.files) {
    const pattern = withSlots(entry.source, slotTexts(sourceLocale, config.locale_map))
    for (const path of findFiles(root, pattern)) {
      const match = matchPath(pattern, path)
      // A source pattern without a locale (`**/*.resx`) also matches the copies beside it (`Strings.de.resx`).
      if (!match || seen.has(path) || isLocaleCopy(path, entry.source, entry.translation)) continue
      seen.add(path)
      out.push({ entry, path, match })
    }
  }
  return out
}

/** Every source file the config names that the server holds (list_files `source_path`): pull needs none on disk. */
export function pushedSourceFiles(config: Config, sourcePaths: readonly string[], sourceLocale: string): SourceFile[] {
  const seen = new Set<string>()
  const out: SourceFile[] = []
  const sorted = [...sourcePaths].sort()
  for (const entry of config.files) {
    const pattern = withSlots(entry.source, slotTexts(sourceLocale, config.locale_map))
    for (const path of sorted) {
      const match = matchPath(pattern, path)
      if (!match || seen.has(path)) continue
      seen.add(path)
      out.push({ entry, path, match })
    }
  }
  return out
}

/** The repo-relative path of a source file's copy in `locale`, per the translation pattern and locale_map. */
export function translationPath(file: SourceFile, locale: string, map: LocaleMap): string {
  if (isMultiLocale(file.entry)) return file.path
  return fillPattern(file.entry.translation, { globs: file.match.globs, slots: slotTexts(locale, map) })
}

import { detectFormat, getFormatInfo, isFormatId, type FormatId } from '@tolk/formats'
import { fail } from '../errors.js'

/** The format a pushed file is read as: the forced one, or the detected one (spec § File ops). */
export function resolveFormat(forced: string | undefined, path: string, content: string): FormatId {
  if (forced !== undefined) {
    if (!isFormatId(forced)) fail('unknown_format', `No format "${forced}"; list_formats names the built-in and learned formats.`)
    return forced
  }
  const detected = detectFormat(path, content)
  if (!detected.format || detected.confidence < 0.3) {
    fail('format_not_ready', `No format reads ${path} yet; pass format to force one of list_formats, or push a file in a supported format.`)
  }
  return detected.format
}

/** True when one file holds every locale (xcstrings, multi-column CSV). */
export function isMultiLocale(format: FormatId): boolean {
  return getFormatInfo(format)?.multiLocale ?? false
}

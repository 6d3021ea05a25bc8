/** Builders of new XLIFF markup: units added to a template, and clean files written from entries alone. */
import type { Entry, RenderOptions } from '../format.js'
import { escapeAttr, escapeText } from '../xml/index.js'
import { applyRefStyle, valueToXml } from './inline.js'
import { wantedForms, writeIcuPlural } from './icu-plural.js'
import { nmtoken } from './model.js'
import type { XliffVersion } from './model.js'

/** Layout of new markup: the unit's indentation, its children's, one indent step, the line ending and the element prefix. */
export interface Layout {
  unitIndent: string
  childIndent: string
  step: string
  eol: string
  prefix: string
  /** The state of a new target that stands in for a missing translation (Entry.untranslated); default by version. */
  standIn?: string
}

/** True when XML readers would lose whitespace of `value` unless `xml:space="preserve"` is in effect. */
export function needsPreserve(value: string): boolean {
  return value !== value.trim() || value.includes('\n') || value.includes('  ') || value.includes('\t')
}

// Control characters and lone surrogates cannot appear in XML 1.0 at all, not even as references.
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const HAS_NOT_XML_CHAR = new RegExp(NOT_XML_CHAR.source)

/** True when `value` holds a character XML 1.0 cannot carry. */
export function hasNonXmlChar(value: string): boolean {
  return HAS_NOT_XML_CHAR.test(value)
}

/** `text` with characters XML cannot carry replaced by U+FFFD (for keys and notes, where no markup can stand in). */
function xmlSafe(text: string): string {
  return hasNonXmlChar(text) ? text.replace(NOT_XML_CHAR, '\uFFFD') : text
}

/** XLIFF 2.0 carries such a character as `<cp hex="…"/>`; 1.2 has no way, so it becomes U+FFFD. */
function notXmlChar(c: string, version: XliffVersion): string {
  return version === '2.0' ? `<cp hex="${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}"/>` : '\uFFFD'
}

/** XML text of a value, with the file's line ending inside multi-line values and the file's numeric references (`refStyle`). */
export function valueXml(value: string, version: XliffVersion, eol: string, knownTags?: ReadonlySet<string>, refStyle?: ReadonlyMap<string, string>): string {
  const plain = valueToXml(hasNonXmlChar(value) ? value.replace(NOT_XML_CHAR, (c) => notXmlChar(c, version)) : value, version, knownTags)
  // References first: a newline the file writes as &#10; must not become part of a CRLF.
  const xml = refStyle && refStyle.size > 0 ? applyRefStyle(plain, refStyle) : plain
  return eol === '\n' ? xml : xml.replace(/\n/g, eol)
}

/** The ICU argument name of an entry's plural message. */
export function pluralArg(entry: Entry): string {
  return typeof entry.meta?.icuPlural === 'string' ? entry.meta.icuPlural : 'count'
}

/** Source and target text of a new unit: plural forms become one ICU plural message with the locale's categories. */
export function textsOf(entry: Entry, options: RenderOptions): { source: string; target: string } {
  const forms = wantedForms(entry)
  const target = forms ? writeIcuPlural(pluralArg(entry), forms, options.locale) : entry.value
  const source = entry.sourcePlural && Object.keys(entry.sourcePlural).length > 0
    ? writeIcuPlural(pluralArg(entry), entry.sourcePlural, options.sourceLocale)
    : entry.source ?? (options.locale === options.sourceLocale ? target : '')
  return { source, target }
}

/** Markup of a new 1.2 `<trans-unit>` (without leading indentation). */
export function transUnit12(entry: Entry, options: RenderOptions, l: Layout): string {
  const p = l.prefix
  const { source, target } = textsOf(entry, options)
  const preserve = needsPreserve(source) || needsPreserve(target) ? ' xml:space="preserve"' : ''
  const lines = [`<${p}trans-unit id="${escapeAttr(xmlSafe(entry.key))}"${preserve}>`]
  lines.push(`${l.childIndent}<${p}source>${valueXml(source, '1.2', l.eol)}</${p}source>`)
  const state = entry.untranslated ? l.standIn ?? 'needs-translation' : 'translated'
  if (target !== '') lines.push(`${l.childIndent}<${p}target state="${state}">${valueXml(target, '1.2', l.eol)}</${p}target>`)
  if (entry.comment) lines.push(`${l.childIndent}<${p}note>${escapeText(xmlSafe(entry.comment)).replace(/\n/g, l.eol)}</${p}note>`)
  lines.push(`${l.unitIndent}</${p}trans-unit>`)
  return lines.join(l.eol)
}

/** Markup of a new 2.0 `<unit>` with one segment (without leading indentation). */
export function unit20(entry: Entry, options: RenderOptions, l: Layout): string {
  const p = l.prefix
  const id = nmtoken(entry.key)
  const name = id === entry.key ? '' : ` name="${escapeAttr(xmlSafe(entry.key))}"`
  const inner = l.childIndent + l.step
  const { source, target } = textsOf(entry, options)
  const lines = [`<${p}unit id="${escapeAttr(id)}"${name}>`]
  if (entry.comment) {
    lines.push(`${l.childIndent}<${p}notes>`, `${inner}<${p}note>${escapeText(xmlSafe(entry.comment)).replace(/\n/g, l.eol)}</${p}note>`, `${l.childIndent}</${p}notes>`)
  }
  lines.push(`${l.childIndent}<${p}segment${target !== '' ? ` state="${entry.untranslated ? 'initial' : 'translated'}"` : ''}>`)
  const space = (v: string) => (needsPreserve(v) ? ' xml:space="preserve"' : '')
  lines.push(`${inner}<${p}source${space(source)}>${valueXml(source, '2.0', l.eol)}</${p}source>`)
  if (target !== '') lines.push(`${inner}<${p}target${space(target)}>${valueXml(target, '2.0', l.eol)}</${p}target>`)
  lines.push(`${l.childIndent}</${p}segment>`, `${l.unitIndent}</${p}unit>`)
  return lines.join(l.eol)
}

/**
 * A clean XLIFF file from entries alone. 1.2 unless asked for 2.0: 1.2 is what most tools read (Xcode, Angular's default,
 * Symfony, Okapi, Weblate), and its ids accept any key while 2.0 unit ids must be NMTOKENs.
 * Entries with a context go to a `<file>` of that name (the parser reads contexts from file names).
 */
export function cleanXliff(entries: readonly Entry[], options: RenderOptions, version: XliffVersion, bom = '', eol = '\n'): string {
  const groups = new Map<string, Entry[]>()
  for (const e of entries) {
    const name = e.context ?? 'messages'
    const list = groups.get(name)
    if (list) list.push(e)
    else groups.set(name, [e])
  }
  if (groups.size === 0) groups.set('messages', [])
  const src = escapeAttr(options.sourceLocale)
  const trg = escapeAttr(options.locale)
  const out: string[] = [`${bom}<?xml version="1.0" encoding="UTF-8"?>`]
  if (version === '1.2') {
    out.push('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">')
    const layout: Layout = { unitIndent: '      ', childIndent: '        ', step: '  ', eol, prefix: '' }
    for (const [name, list] of groups) {
      out.push(`  <file original="${escapeAttr(name)}" source-language="${src}" target-language="${trg}" datatype="plaintext">`, '    <body>')
      for (const e of list) out.push(layout.unitIndent + transUnit12(e, options, layout))
      out.push('    </body>', '  </file>')
    }
  } else {
    out.push(`<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${src}" trgLang="${trg}">`)
    const layout: Layout = { unitIndent: '    ', childIndent: '      ', step: '  ', eol, prefix: '' }
    for (const [name, list] of groups) {
      out.push(`  <file id="${escapeAttr(nmtoken(name))}"${nmtoken(name) === name ? '' : ` original="${escapeAttr(name)}"`}>`)
      for (const e of list) out.push(layout.unitIndent + unit20(e, options, layout))
      out.push('  </file>')
    }
  }
  out.push('</xliff>', '')
  return out.join(eol)
}

/** Reads an XLIFF 1.2 or 2.0 document into units that know their elements, so parse and render share one reading. */
import type { FormatIssue, PluralCategory } from '../format.js'
import { TemplateReads } from '../template-read.js'
import { attrValue, createLineIndex, localName, scanXml, textContent } from '../xml/index.js'
import type { XmlElement, XmlScan } from '../xml/index.js'
import { inlineValue } from './inline.js'
import { readIcuPlural } from './icu-plural.js'
import type { IcuPlural } from './icu-plural.js'
import { groupXcodePlurals } from './xcode-plural.js'
import type { XliffUnit } from './unit.js'

export type { XliffUnit } from './unit.js'
import { splitLayout } from './layout.js'
import type { TextLayout } from './layout.js'

/** XLIFF versions this module reads. */
export type XliffVersion = '1.2' | '2.0'

/** One `<file>` of the document and the units it holds. */
export interface XliffFile {
  el: XmlElement
  /** `original` (1.2) or `id` (2.0): the context of its units when the document has several files. */
  name: string
  units: XliffUnit[]
  /** Where units live: `<body>` (1.2) or the file itself (2.0). */
  container: XmlElement | undefined
  sourceLanguage?: string
  targetLanguage?: string
}

/** The whole document as read. `issues` holds scan errors and XLIFF structure problems. */
export interface XliffDocument {
  version: XliffVersion
  scan: XmlScan
  root: XmlElement
  files: XliffFile[]
  units: XliffUnit[]
  locales: string[]
  issues: FormatIssue[]
}

/**
 * True when `locale` is the file's source language and not its target language (an Angular or Symfony source
 * file pushed as the source locale): such a file is read from, and written into, `<source>`.
 */
export function isSourceSide(file: XliffFile, locale: string | undefined): boolean {
  if (!locale || !file.sourceLanguage) return false
  const norm = (l: string) => l.toLowerCase().replace(/_/g, '-')
  return norm(locale) === norm(file.sourceLanguage) && (!file.targetLanguage || norm(locale) !== norm(file.targetLanguage))
}

/** Characters an XML NMTOKEN allows; 2.0 unit ids must be NMTOKENs. */
const NOT_NMTOKEN = /[^\p{L}\p{N}._:\-\u00B7\u0300-\u036F\u203F\u2040]/gu

/** An NMTOKEN for `key`: its invalid characters replaced by `_`. Used as the 2.0 unit id of a new key. */
export function nmtoken(key: string): string {
  const token = key.replace(NOT_NMTOKEN, '_')
  return token === '' ? '_' : token
}

/** Readings parse keeps for render (ParseOptions.forRender). */
export const xliffReads = new TemplateReads<ReturnType<typeof readXliff>>()

/** Reads `content`; returns issues only (no document) when it is not a readable XLIFF file. */
export function readXliff(content: string): { doc?: XliffDocument; issues: FormatIssue[] } {
  const scan = scanXml(content)
  const issues = [...scan.issues]
  const root = scan.root
  if (issues.some((i) => i.severity === 'error')) return { issues }
  if (!root || localName(root.name) !== 'xliff') {
    const at = createLineIndex(content)(root?.start ?? 0)
    issues.push({ severity: 'error', message: 'Not an XLIFF document: the root element must be <xliff>', ...at })
    return { issues }
  }
  const version: XliffVersion = (attrValue(root, 'version') ?? '').startsWith('2') ||
    (attrValue(root, 'xmlns') ?? '').includes('document:2') ? '2.0' : '1.2'
  const fileEls = root.children.filter((c): c is XmlElement => c.type === 'element' && localName(c.name) === 'file')
  const multiFile = fileEls.length > 1
  const files: XliffFile[] = []
  for (const [i, el] of fileEls.entries()) {
    const name = (version === '1.2' ? attrValue(el, 'original') : attrValue(el, 'id')) ?? `file${i + 1}`
    const context = multiFile ? name : undefined
    const file: XliffFile = {
      el, name, units: [],
      container: version === '1.2' ? el.children.find((c): c is XmlElement => c.type === 'element' && localName(c.name) === 'body') : el,
      sourceLanguage: version === '1.2' ? attrValue(el, 'source-language') : attrValue(root, 'srcLang'),
      targetLanguage: version === '1.2' ? attrValue(el, 'target-language') : attrValue(root, 'trgLang'),
    }
    if (file.container) {
      if (version === '1.2') {
        collect12(content, file, file.container, context, true)
        file.units = groupXcodePlurals(file.units)
      } else collect20(content, file, file.container, context, translateOf(el, true))
    }
    files.push(file)
  }
  const locales: string[] = []
  for (const f of files) for (const l of [f.sourceLanguage, f.targetLanguage]) if (l && !locales.includes(l)) locales.push(l)
  const units = files.flatMap((f) => f.units)
  for (const u of units) {
    if (u.forms) continue
    if (u.value.startsWith('{')) u.plural = readIcuPlural(u.value)
    if (u.sourceText.startsWith('{')) u.sourcePlural = readIcuPlural(u.sourceText)
  }
  return { doc: { version, scan, root, files, units, locales, issues }, issues }
}

function elementsNamed(parent: XmlElement, local: string): XmlElement[] {
  return parent.children.filter((c): c is XmlElement => c.type === 'element' && localName(c.name) === local)
}

function firstNamed(parent: XmlElement, local: string): XmlElement | undefined {
  return parent.children.find((c): c is XmlElement => c.type === 'element' && localName(c.name) === local)
}

function notesText(notes: readonly XmlElement[]): string | undefined {
  const texts = notes.map((n) => textContent(n)).filter((t) => t.trim() !== '')
  return texts.length ? texts.join('\n') : undefined
}

/** `meta` without its undefined fields, built without `delete` (which slows objects down). */
function defined(meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const k in meta) if (meta[k] !== undefined) out[k] = meta[k]
  return out
}

/**
 * Whether `el` is to be translated: its own `translate` attribute, else what it inherits (XLIFF 1.2 and 2.0 § translate:
 * `no` on a group or unit, and in 2.0 on a file, keeps everything in it out of translation unless an inner element
 * says `yes`). Units not to be translated are not read: they are no keys, and render keeps their bytes.
 */
function translateOf(el: XmlElement, inherited: boolean): boolean {
  const own = attrValue(el, 'translate')
  return own === 'no' ? false : own === 'yes' ? true : inherited
}

/** 1.2: trans-units anywhere under body, through nested groups; key = resname, else id. */
function collect12(content: string, file: XliffFile, parent: XmlElement, context: string | undefined, isTranslatable: boolean): void {
  for (const c of parent.children) {
    if (c.type !== 'element') continue
    const local = localName(c.name)
    if (local === 'group') collect12(content, file, c, context, translateOf(c, isTranslatable))
    if (local !== 'trans-unit' || !translateOf(c, isTranslatable)) continue
    const id = attrValue(c, 'id') ?? ''
    const resname = attrValue(c, 'resname')
    // One pass over the children: this runs once per unit of files with 100,000 units.
    let source: XmlElement | undefined
    let target: XmlElement | undefined
    let segSource: XmlElement | undefined
    let notes: XmlElement[] | undefined
    for (const child of c.children) {
      if (child.type !== 'element') continue
      const name = localName(child.name)
      if (name === 'source') source ??= child
      else if (name === 'target') target ??= child
      else if (name === 'seg-source') segSource ??= child
      else if (name === 'note') (notes ??= []).push(child)
    }
    const state = target ? attrValue(target, 'state') : undefined
    const t = target ? splitLayout(inlineValue(content, target), target) : { text: '' }
    const s = source ? splitLayout(inlineValue(content, source), source) : { text: '' }
    file.units.push({
      key: resname ?? id, context, unit: c, source, target, file: file.el,
      anchor: segSource ?? source,
      value: t.text, sourceText: s.text, layout: t.layout, sourceLayout: s.layout,
      comment: notes ? notesText(notes) : undefined,
      state,
      meta: defined({
        xliff: '1.2', id, resname, state, file: file.name,
        stateQualifier: target ? attrValue(target, 'state-qualifier') : undefined,
        approved: attrValue(c, 'approved'), translate: attrValue(c, 'translate'),
      }),
    })
  }
}

/** 2.0: units anywhere under file, through nested groups; key = unit id (segment id appended when a unit has several). */
function collect20(content: string, file: XliffFile, parent: XmlElement, context: string | undefined, isTranslatable: boolean): void {
  for (const c of parent.children) {
    if (c.type !== 'element') continue
    const local = localName(c.name)
    if (local === 'group') collect20(content, file, c, context, translateOf(c, isTranslatable))
    if (local !== 'unit' || !translateOf(c, isTranslatable)) continue
    const id = attrValue(c, 'id') ?? ''
    const name = attrValue(c, 'name')
    // A unit this module added for a key that is not an NMTOKEN carries the key in `name`.
    const unitKey = name !== undefined && name !== id && nmtoken(name) === id ? name : id
    const notes = firstNamed(c, 'notes')
    const comment = notes ? notesText(elementsNamed(notes, 'note')) : undefined
    const segments = elementsNamed(c, 'segment')
    for (const [i, segment] of segments.entries()) {
      const source = firstNamed(segment, 'source')
      const target = firstNamed(segment, 'target')
      const segmentId = attrValue(segment, 'id')
      const state = attrValue(segment, 'state')
      const t = target ? splitLayout(inlineValue(content, target), target) : { text: '' }
      const s = source ? splitLayout(inlineValue(content, source), source) : { text: '' }
      file.units.push({
        key: segments.length > 1 ? `${unitKey}#${segmentId ?? i + 1}` : unitKey,
        context, unit: c, segment, source, target, anchor: source, file: file.el,
        value: t.text, sourceText: s.text, layout: t.layout, sourceLayout: s.layout,
        comment, state,
        meta: defined({
          xliff: '2.0', id, name, file: file.name, state,
          segmentId, subState: attrValue(segment, 'subState'), translate: attrValue(c, 'translate'),
        }),
      })
    }
  }
}


/** XLIFF render: writes entries into the last pushed file, editing only the bytes of what changed. */
import type { Entry, PluralCategory, PluralForms, RenderOptions } from '../format.js'
import { sameLocale } from '../locale.js'
import { categoriesToWrite, rendersOwnCopy } from '../plural.js'
import { detectEol, splitBom } from '../text.js'
import { applyEdits, escapeAttr, getAttr, indentAt, prefixOf } from '../xml/index.js'
import type { TextEdit, XmlElement } from '../xml/index.js'
import { cleanXliff, hasNonXmlChar, needsPreserve, pluralArg, transUnit12, unit20, valueXml } from './build.js'
import { samePlural, wantedForms, writeIcuPlural } from './icu-plural.js'
import type { Layout } from './build.js'
import { numericRefStyle, tagsIn } from './inline.js'
import { preservesSpace } from './layout.js'
import type { TextLayout } from './layout.js'
import { isSourceSide, nmtoken, readXliff, xliffReads } from './model.js'
import { xcodeFormId } from './xcode-plural.js'
import { EntryMatcher } from './entry-matcher.js'
import { neighboursOf, type Neighbours } from '../placement.js'
import type { XliffDocument, XliffFile, XliffUnit, XliffVersion } from './model.js'

/** Where a given entry's units are in the template: its file, and its first and last unit element. */
interface Place {
  file: XliffFile
  first: XmlElement
  last: XmlElement
}

const STATES_12 = new Set(['new', 'needs-translation', 'needs-adaptation', 'needs-l10n', 'needs-review-translation',
  'needs-review-adaptation', 'needs-review-l10n', 'translated', 'signed-off', 'final'])
const STATES_20 = new Set(['initial', 'translated', 'reviewed', 'final'])

/** Writes `entries` into `template` (XLIFF 1.2 or 2.0); with no usable template, writes a clean file. */
export function renderXliff(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return cleanXliff(entries, options, wantsVersion(entries))
  const { doc } = xliffReads.of(template, options, readXliff)
  if (!doc || doc.files.length === 0) {
    // A template that does not parse is replaced by a clean file (style § 2.5, inlang's rule), keeping BOM and EOL.
    const version = /urn:oasis:names:tc:xliff:document:2\.0/.test(template) ? '2.0' : wantsVersion(entries)
    return cleanXliff(entries, options, version, splitBom(template).bom, detectEol(template))
  }
  return new Writer(template, doc, options).write(entries)
}

function wantsVersion(entries: readonly Entry[]): XliffVersion {
  return entries.length > 0 && entries.every((e) => e.meta?.xliff === '2.0') ? '2.0' : '1.2'
}

/** The line ending used most, counted without splitting (the file may be tens of megabytes). */
function eolOf(content: string): '\n' | '\r\n' {
  let crlf = 0
  let lf = 0
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) {
    if (content.charCodeAt(i - 1) === 13) crlf++
    else lf++
  }
  return crlf > lf ? '\r\n' : '\n'
}

/** One render into one template: collects non-overlapping edits, then applies them in a single pass. */
class Writer {
  private readonly edits: TextEdit[] = []
  /** Attributes to set on start tags, applied at the end so several changes to one tag merge. */
  private readonly attrSets = new Map<XmlElement, Map<string, string>>()
  private readonly changedFiles = new Set<XliffFile>()
  private readonly removed = new Set<XmlElement>()
  /** Files rendered as their source language: values go into `<source>` (see isSourceSide). */
  private readonly sourceSideFiles = new Set<XliffFile>()
  private readonly eol: string
  private readonly prefix: string
  /** Where each given entry's units are, so an added entry goes next to the entry before it in the source. */
  private readonly placed = new Map<Entry, Place>()
  /** Whether the file marks untranslated targets `new` (1.2), found when first needed. */
  private usesNew: boolean | undefined

  constructor(private readonly content: string, private readonly doc: XliffDocument, private readonly options: RenderOptions) {
    this.eol = eolOf(content)
    this.prefix = prefixOf(doc.root.name) ? `${prefixOf(doc.root.name)}:` : ''
  }

  write(entries: readonly Entry[]): string {
    const matcher = new EntryMatcher(entries)
    const trackMissing = (this.options.missing ?? 'source') !== 'source'
    const missingByUnit = new Map<XmlElement, { total: number; missing: XliffUnit[] }>()
    for (const file of this.doc.files) {
      const sourceSide = isSourceSide(file, this.options.locale)
      if (sourceSide) this.sourceSideFiles.add(file)
      for (const u of file.units) {
        const entry = matcher.take(u.key, u.context)
        if (entry) this.placeOf(entry, file, u)
        if (entry && sourceSide) this.updateSource(u, entry)
        else if (entry) {
          if (u.forms) this.updateGroup(file, u, u.forms, entry)
          else this.update(file, u, entry)
        }
        if (!trackMissing) continue
        for (const member of u.forms?.values() ?? [u]) {
          const tally = missingByUnit.get(member.unit) ?? { total: 0, missing: [] }
          tally.total++
          if (!entry) tally.missing.push(member)
          missingByUnit.set(member.unit, tally)
        }
      }
    }
    this.handleMissing(missingByUnit)
    const rest = matcher.rest()
    if (rest.length > 0) this.add(rest, neighboursOf(entries, (e) => this.placed.get(e)))
    this.languageAttrs()
    for (const [el, attrs] of this.attrSets) {
      if (!this.removed.has(el)) this.edits.push({ start: el.start, end: el.startTagEnd, text: this.startTag(el, attrs) })
    }
    return applyEdits(this.content, this.edits)
  }

  /**
   * The state of a target that holds only the source text: `initial` (2.0); in 1.2 `new` when the file already
   * uses it for such targets, else `needs-translation`.
   */
  private standInState(): string {
    if (this.doc.version === '2.0') return 'initial'
    this.usesNew ??= this.doc.files.some((f) => f.units.some((u) => u.state === 'new'))
    return this.usesNew ? 'new' : 'needs-translation'
  }

  /** Records where an entry's units are: its unit, or the first and last unit of an Xcode plural group. */
  private placeOf(entry: Entry, file: XliffFile, u: XliffUnit): void {
    const els = u.forms ? [...u.forms.values()].map((m) => m.unit) : [u.unit]
    let first = els[0]!
    let last = first
    for (const el of els) {
      if (el.start < first.start) first = el
      if (el.end > last.end) last = el
    }
    this.placed.set(entry, { file, first, last })
  }

  private setAttr(el: XmlElement, name: string, value: string): void {
    const attrs = this.attrSets.get(el) ?? new Map<string, string>()
    attrs.set(name, value)
    this.attrSets.set(el, attrs)
  }

  /** The start tag of `el` with `attrs` set (values replaced in place, new ones appended). */
  private startTag(el: XmlElement, attrs: ReadonlyMap<string, string>, open = false): string {
    const local: TextEdit[] = []
    const insertAt = el.attrs.length ? el.attrs[el.attrs.length - 1]!.end : el.nameEnd
    for (const [name, value] of attrs) {
      const a = getAttr(el, name)
      if (a && a.value === value) continue
      if (a) local.push({ start: a.valueStart - el.start, end: a.valueEnd - el.start, text: escapeAttr(value, a.quote) })
      else local.push({ start: insertAt - el.start, end: insertAt - el.start, text: ` ${name}="${escapeAttr(value)}"` })
    }
    const tag = applyEdits(this.content.slice(el.start, el.startTagEnd), local)
    return open && el.selfClosing ? tag.replace(/\s*\/>$/, '>') : tag
  }

  private update(file: XliffFile, u: XliffUnit, entry: Entry): void {
    const version = this.doc.version
    const metaState = typeof entry.meta?.state === 'string' ? entry.meta.state : undefined
    const valid = version === '1.2' ? (s: string) => STATES_12.has(s) || s.startsWith('x-') : (s: string) => STATES_20.has(s)
    // A stand-in for a missing translation is marked not translated, whatever state the entry carried.
    const askedState = entry.untranslated ? this.standInState() : metaState !== undefined && metaState !== u.state && valid(metaState) ? metaState : undefined
    const text = this.targetText(u, entry)
    const changed = text !== u.value
    if (!changed && (askedState === undefined || askedState === u.state)) return
    this.changedFiles.add(file)
    const emptied = text === ''
    const state = askedState ?? (emptied ? (version === '1.2' ? 'needs-translation' : 'initial') : 'translated')
    if (changed) this.writeTarget(u, text, version === '1.2' ? state : undefined)
    else if (version === '1.2' && u.target) this.setAttr(u.target, 'state', state)
    if (version === '2.0' && u.segment && (u.target || !emptied)) this.setAttr(u.segment, 'state', state)
  }

  /**
   * An Xcode plural group: when the forms changed, writes exactly the locale's categories — updating the units it
   * has, adding units for missing categories after the group, removing units of categories the locale lacks.
   */
  private updateGroup(file: XliffFile, g: XliffUnit, forms: Map<PluralCategory, XliffUnit>, entry: Entry): void {
    const old = g.plural!.forms
    const want: PluralForms = wantedForms(entry) ?? { ...old, other: entry.value }
    if (samePlural(want, old)) return
    this.changedFiles.add(file)
    const categories = categoriesToWrite(this.options.locale, want, old, rendersOwnCopy(this.options))
    const prefix = String(g.meta.xcodePlural)
    const sources = g.sourcePlural?.forms ?? {}
    const added: Entry[] = []
    for (const category of categories) {
      const value = want[category] ?? want.other ?? ''
      const unit = forms.get(category)
      if (unit) this.update(file, unit, { key: unit.key, value, ...(entry.untranslated ? { untranslated: true } : {}) })
      else added.push({ key: xcodeFormId(prefix, category), value, source: sources[category] ?? sources.other ?? '', ...(entry.untranslated ? { untranslated: true } : {}) })
    }
    for (const [category, unit] of forms) if (!categories.includes(category)) this.remove(unit.unit)
    if (added.length === 0) return
    const anchor = forms.get('other')!.unit
    const layout = this.layoutAt(anchor, file.container ?? anchor)
    const text = added.map((e) => `${this.eol}${layout.unitIndent}${transUnit12(e, this.options, layout)}`).join('')
    this.edits.push({ start: anchor.end, end: anchor.end, text })
  }

  /** The target text for `entry`: its plural forms as an ICU plural for the locale, else its value; unchanged forms keep the template's text. */
  private targetText(u: XliffUnit, entry: Entry): string {
    return this.wantedText(entry, u.value, u.plural)
  }

  /**
   * The XML of a changed text in the element's layout (its own, or for a new target the source's): the line breaks
   * around the old text go around the new one too. Whitespace the text itself needs (leading spaces, inner line breaks)
   * gets `xml:space="preserve"`, unless the element's old text already held such whitespace unmarked (the file's
   * habit); with the attribute added, the layout goes, as it would become part of the text.
   */
  private laidOut(value: string, old: string, layout: TextLayout | undefined, el: XmlElement): { text: string; preserve: boolean } {
    const preserve = value !== '' && needsPreserve(value) && !preservesSpace(el) && !needsPreserve(old)
    if (!layout || value === '' || preserve) return { text: value, preserve }
    return { text: layout.lead + value + layout.tail, preserve }
  }

  private wantedText(entry: Entry, current: string, plural: XliffUnit['plural']): string {
    const forms = wantedForms(entry)
    if (forms) {
      if (plural && samePlural(forms, plural.forms)) return current
      return writeIcuPlural(plural?.arg ?? pluralArg(entry), forms, this.options.locale, plural?.forms, rendersOwnCopy(this.options))
    }
    if (plural && entry.value === plural.forms.other) return current
    return entry.value
  }

  /** A file rendered as its source language: the entry's text replaces `<source>` (every form of an Xcode group); no state, no target. */
  private updateSource(u: XliffUnit, entry: Entry): void {
    if (u.forms) {
      const want: PluralForms = wantedForms(entry) ?? { ...u.sourcePlural?.forms, other: entry.value }
      for (const [category, member] of u.forms) {
        const text = want[category] ?? want.other ?? ''
        if (text !== member.sourceText) this.writeSource(member, text)
      }
      return
    }
    const text = this.wantedText(entry, u.sourceText, u.sourcePlural)
    if (text !== u.sourceText) this.writeSource(u, text)
  }

  private writeSource(u: XliffUnit, value: string): void {
    const source = u.source
    if (!source) return
    const names = new Set<string>()
    tagsIn(this.content, source, names)
    const { text, preserve } = this.laidOut(value, u.sourceText, u.sourceLayout, source)
    if (preserve && this.doc.version === '1.2') this.setAttr(u.unit, 'xml:space', 'preserve')
    const attrs = new Map<string, string>()
    if (preserve && this.doc.version === '2.0') attrs.set('xml:space', 'preserve')
    this.replaceContent(source, valueXml(text, this.doc.version, this.eol, names, this.refStyle(source)), attrs)
  }

  /** The numeric references `el` uses for characters, so new text spells them the same way. */
  private refStyle(el: XmlElement | undefined): Map<string, string> {
    return el ? numericRefStyle(this.content.slice(el.contentStart, el.contentEnd)) : new Map()
  }

  /** Replaces the inner XML of `el` and sets `attrs` on it; a self-closing element is rewritten whole. */
  private replaceContent(el: XmlElement, xml: string, attrs: ReadonlyMap<string, string>): void {
    if (!el.selfClosing) {
      for (const [k, v] of attrs) this.setAttr(el, k, v)
      this.edits.push({ start: el.contentStart, end: el.contentEnd, text: xml })
    } else {
      this.edits.push({ start: el.start, end: el.end, text: `${this.startTag(el, attrs, true)}${xml}</${el.name}>` })
    }
  }

  /** Replaces or creates the target of `u`; `state` goes on the target itself (1.2). */
  private writeTarget(u: XliffUnit, value: string, state: string | undefined): void {
    const names = new Set<string>()
    for (const el of [u.source, u.anchor, u.target]) tagsIn(this.content, el, names)
    const target = u.target
    const onlyCdata = target && target.children.length === 1 && target.children[0]!.type === 'cdata' && !hasNonXmlChar(value)
    // A new target follows the source's layout and habits.
    const laid = target ? this.laidOut(value, u.value, u.layout, target) : this.laidOut(value, u.sourceText, u.sourceLayout, u.anchor ?? u.unit)
    const preserve = laid.preserve
    let xml = onlyCdata && !value.includes(']]>')
      ? `<![CDATA[${this.eol === '\n' ? value : value.replace(/\n/g, this.eol)}]]>`
      : valueXml(laid.text, this.doc.version, this.eol, names, this.refStyle(target ?? u.source))
    if (preserve && this.doc.version === '1.2') this.setAttr(u.unit, 'xml:space', 'preserve')
    const attrs = new Map<string, string>()
    if (state !== undefined) attrs.set('state', state)
    if (preserve && this.doc.version === '2.0') attrs.set('xml:space', 'preserve')
    if (target) {
      this.replaceContent(target, xml, attrs)
    } else if (u.anchor) {
      if (value === '') return
      const name = `${prefixOf(u.anchor.name) ? `${prefixOf(u.anchor.name)}:` : ''}target`
      const attrText = [...attrs].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')
      xml = `${this.eol}${indentAt(this.content, u.anchor.start)}<${name}${attrText}>${xml}</${name}>`
      this.edits.push({ start: u.anchor.end, end: u.anchor.end, text: xml })
    }
  }

  private handleMissing(byUnit: Map<XmlElement, { total: number; missing: XliffUnit[] }>): void {
    const policy = this.options.missing ?? 'source'
    if (policy === 'source') return
    for (const [unitEl, { total, missing }] of byUnit) {
      if (missing.length === 0) continue
      if (policy === 'omit' && missing.length === total) {
        this.remove(unitEl)
        const file = this.doc.files.find((f) => f.el === missing[0]!.file)!
        if (!this.sourceSideFiles.has(file)) this.changedFiles.add(file)
        continue
      }
      for (const u of missing) {
        const file = this.doc.files.find((f) => f.el === u.file)!
        if (this.sourceSideFiles.has(file)) {
          if (policy === 'empty' && u.sourceText !== '') this.writeSource(u, '')
          continue
        }
        if (!u.target) continue
        this.changedFiles.add(file)
        if (policy === 'omit') {
          this.remove(u.target)
          // XLIFF 2.0: a segment past `initial` must have a target.
          if (u.segment && u.state !== undefined && u.state !== 'initial') this.setAttr(u.segment, 'state', 'initial')
        } else if (u.value !== '') this.update(file, u, { key: u.key, value: '' })
      }
    }
  }

  /** Removes an element with its own line when it sits alone on it. */
  private remove(el: XmlElement): void {
    this.removed.add(el)
    const s = this.content
    const lineStart = s.lastIndexOf('\n', el.start - 1) + 1
    const after = /^[ \t]*\r?\n/.exec(s.slice(el.end, el.end + 200))
    if (s.slice(lineStart, el.start).trim() === '' && after) {
      this.edits.push({ start: lineStart, end: el.end + after[0].length, text: '' })
    } else this.edits.push({ start: el.start, end: el.end, text: '' })
  }

  private add(entries: readonly Entry[], around: Map<Entry, Neighbours<Place>>): void {
    const byFile = new Map<XliffFile, Entry[]>()
    const newFiles = new Map<string, Entry[]>()
    const files = this.doc.files
    const last = files[files.length - 1]!
    for (const e of entries) {
      const multi = files.length > 1
      const file = multi ? files.find((f) => f.name === e.context) : last
      // In a multi-file document the context is the file: an unknown one gets a new <file>, or the entry
      // would come back under another context and be added again on every render.
      const list = file ? byFile.get(file) : newFiles.get(e.context ?? '')
      if (list) list.push(e)
      else if (file) byFile.set(file, [e])
      else newFiles.set(e.context ?? '', [e])
    }
    for (const [file, list] of byFile) this.addToFile(file, list, around)
    for (const [name, list] of newFiles) this.addFile(last, name, list)
  }

  /** Appends a `<file>` named `name` after `after`, with its languages and the entries' units. */
  private addFile(after: XliffFile, name: string, entries: readonly Entry[]): void {
    const eol = this.eol
    const p = this.prefix
    const fileIndent = indentAt(this.content, after.el.start)
    const probe = this.layoutAt(after.units[after.units.length - 1]?.unit, after.container ?? after.el)
    const step = probe.step
    const is12 = this.doc.version === '1.2'
    const unitIndent = fileIndent + step + (is12 ? step : '')
    const layout: Layout = { unitIndent, childIndent: unitIndent + step, step, eol, prefix: p, standIn: this.standInState() }
    const units = entries.map((e) => `${eol}${unitIndent}${(is12 ? transUnit12 : unit20)(e, this.options, layout)}`).join('')
    const lines: string[] = []
    if (is12) {
      const src = after.sourceLanguage ?? this.options.sourceLocale
      lines.push(`${eol}${fileIndent}<${p}file original="${escapeAttr(name)}" source-language="${escapeAttr(src)}" target-language="${escapeAttr(this.options.locale)}" datatype="plaintext">`,
        `${eol}${fileIndent}${step}<${p}body>${units}`, `${eol}${fileIndent}${step}</${p}body>`)
    } else {
      lines.push(`${eol}${fileIndent}<${p}file id="${escapeAttr(nmtoken(name))}">${units}`)
    }
    lines.push(`${eol}${fileIndent}</${p}file>`)
    this.edits.push({ start: after.el.end, end: after.el.end, text: lines.join('') })
    if (!is12) this.setLanguage(this.doc.root, 'trgLang')
  }

  /**
   * Adds units to a file: each right after the unit of the entry before it in the source, or before the unit of the
   * entry after it when it comes before every unit the file has, else after the file's last unit.
   */
  private addToFile(file: XliffFile, entries: readonly Entry[], around: Map<Entry, Neighbours<Place>>): void {
    const container = file.container
    if (!container) return
    const sourceSide = this.sourceSideFiles.has(file)
    if (!sourceSide) this.changedFiles.add(file)
    // Into a source-language file, a new entry's text is its source and there is no target yet.
    const asWritten = (e: Entry): Entry => (sourceSide ? { ...e, source: e.value, sourcePlural: e.plural, value: '', plural: undefined } : e)
    const build = this.doc.version === '1.2' ? transUnit12 : unit20
    const usable = (p: Place | undefined) => p && p.file === file && !this.removed.has(p.first) && !this.removed.has(p.last)
    const afterUnit = new Map<XmlElement, Entry[]>()
    const beforeUnit = new Map<XmlElement, Entry[]>()
    const atEnd: Entry[] = []
    for (const e of entries) {
      const { previous, next } = around.get(e) ?? {}
      const [map, el] = usable(previous) ? [afterUnit, previous!.last] : usable(next) ? [beforeUnit, next!.first] : [undefined, undefined]
      if (!map || !el) {
        atEnd.push(e)
        continue
      }
      const list = map.get(el)
      if (list) list.push(asWritten(e))
      else map.set(el, [asWritten(e)])
    }
    for (const [el, list] of afterUnit) {
      const layout = this.layoutAt(el, container)
      this.edits.push({ start: el.end, end: el.end, text: list.map((e) => `${this.eol}${layout.unitIndent}${build(e, this.options, layout)}`).join('') })
    }
    for (const [el, list] of beforeUnit) {
      const layout = this.layoutAt(el, container)
      this.edits.push({ start: el.start, end: el.start, text: list.map((e) => `${build(e, this.options, layout)}${this.eol}${layout.unitIndent}`).join('') })
    }
    if (atEnd.length > 0) this.appendToFile(file, atEnd.map(asWritten))
  }

  /** Adds units after the file's last unit (or into its empty body). */
  private appendToFile(file: XliffFile, entries: readonly Entry[]): void {
    const container = file.container!
    const units = [...new Set(file.units.map((u) => u.unit))].filter((el) => !this.removed.has(el))
    const lastUnit = units[units.length - 1]
    const containerIndent = indentAt(this.content, container.start)
    const layout = this.layoutAt(lastUnit, container)
    const unitIndent = layout.unitIndent
    const build = this.doc.version === '1.2' ? transUnit12 : unit20
    const text = entries.map((e) => `${this.eol}${unitIndent}${build(e, this.options, layout)}`).join('')
    if (lastUnit) {
      this.edits.push({ start: lastUnit.end, end: lastUnit.end, text })
    } else if (container.selfClosing) {
      const tail = `${this.eol}${containerIndent}</${container.name}>`
      this.edits.push({ start: container.start, end: container.end, text: `${this.startTag(container, new Map(), true)}${text}${tail}` })
    } else {
      const inner = this.content.slice(container.contentStart, container.contentEnd)
      const tail = inner.includes('\n') ? '' : `${this.eol}${containerIndent}`
      this.edits.push({ start: container.contentStart, end: container.contentStart, text: text + tail })
    }
  }

  /** Layout for new units next to `unit` (or first in `container`): the sibling's indentation and its children's. */
  private layoutAt(unit: XmlElement | undefined, container: XmlElement): Layout {
    const containerIndent = indentAt(this.content, container.start)
    const unitIndent = unit ? indentAt(this.content, unit.start) : containerIndent + '  '
    const step = unitIndent.startsWith(containerIndent) && unitIndent.length > containerIndent.length
      ? unitIndent.slice(containerIndent.length) : '  '
    const firstChild = unit?.children.find((c): c is XmlElement => c.type === 'element')
    const childIndent = firstChild && /\n[ \t]*$/.test(this.content.slice(unit!.start, firstChild.start))
      ? indentAt(this.content, firstChild.start) : unitIndent + step
    return { unitIndent, childIndent, step, eol: this.eol, prefix: this.prefix, standIn: this.standInState() }
  }

  /** Names the target language where a file changed: `target-language` (1.2 file) or `trgLang` (2.0 root). */
  private languageAttrs(): void {
    if (this.changedFiles.size === 0) return
    if (this.doc.version === '2.0') {
      this.setLanguage(this.doc.root, 'trgLang')
      return
    }
    for (const f of this.changedFiles) this.setLanguage(f.el, 'target-language')
  }

  /**
   * Sets a language attribute to the render's locale, unless it already names that locale in the file's own spelling
   * (`fr-FR` or `fr_fr` for `fr`): a project locale mapped to a region-tagged file must not rewrite the file's header.
   */
  private setLanguage(el: XmlElement, name: string): void {
    const current = getAttr(el, name)?.value
    if (current !== undefined && sameLocale(current, this.options.locale)) return
    this.setAttr(el, name, this.options.locale)
  }
}

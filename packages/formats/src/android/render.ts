/** Writes entries into an Android `strings.xml`: only changed values are rewritten, everything else keeps its bytes. */
import type { Entry, MissingPolicy, PluralCategory, PluralForms, RenderOptions } from '../format.js'
import { categoriesToWrite, rendersOwnCopy, formOrFallback, PLURAL_ORDER, samePlural } from '../plural.js'
import { detectEol, splitBom } from '../text.js'
import { applyEdits, escapeAttr, getAttr, indentAt, lineRemoval } from '../xml/index.js'
import type { TextEdit, XmlElement } from '../xml/index.js'
import { entryId, parseArrayKey, readAndroid } from './parse.js'
import type { AndroidUnit } from './parse.js'
import { encodeValue } from './value.js'
import { neighboursOf } from '../placement.js'

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:1.2'
const TOOLS_NS = 'http://schemas.android.com/tools'

/** Renders `entries` into `template`, or a clean file when there is no usable template. */
export function renderAndroid(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderClean(entries, options)
  const doc = readAndroid(template)
  const root = doc.scan.root
  if (!root || root.name !== 'resources' || doc.issues.some((i) => i.severity === 'error')) {
    // A template we cannot read safely is replaced by a clean file rather than patched blindly.
    return splitBom(template).bom + renderClean(entries, options)
  }
  return new TemplateWriter(template, root, entries, options).write(doc.units)
}

class TemplateWriter {
  private readonly edits: TextEdit[] = []
  private readonly given = new Map<string, Entry[]>()
  private readonly eol: string
  private readonly indent: string
  private readonly missing: MissingPolicy
  private readonly locale: string
  private readonly arrays = new Map<string, XmlElement>()
  /** Where each given entry's resource ends in the template: a new entry goes after the one before it. */
  private readonly endOf = new Map<Entry, number>()
  /** Where each given entry's resource starts: a new entry before every resource goes before the first one. */
  private readonly startOf = new Map<Entry, number>()

  constructor(
    private readonly s: string,
    private readonly root: XmlElement,
    private readonly entries: readonly Entry[],
    private readonly options: RenderOptions,
  ) {
    for (const e of entries) {
      const id = entryId(e)
      const queue = this.given.get(id)
      if (queue) queue.push(e)
      else this.given.set(id, [e])
    }
    this.eol = detectEol(s)
    const first = root.children.find((c) => c.type === 'element')
    this.indent = first ? indentAt(s, first.start) || '    ' : '    '
    this.missing = options.missing ?? 'source'
    this.locale = options.locale
  }

  /** Repeated keys are matched in order: the n-th copy in the file takes the n-th entry with that key. */
  private take(entry: Entry): Entry | undefined {
    const queue = this.given.get(entryId(entry))
    const found = queue?.shift()
    if (queue && !queue.length) this.given.delete(entryId(entry))
    return found
  }

  write(units: readonly AndroidUnit[]): string {
    for (let i = 0; i < units.length; i++) {
      const unit = units[i]!
      if (unit.kind === 'string') this.string(unit)
      else if (unit.kind === 'plurals') this.plurals(unit)
      else {
        let j = i
        while (j + 1 < units.length && units[j + 1]!.element === unit.element) j++
        this.array(units.slice(i, j + 1))
        i = j
      }
    }
    this.added()
    this.declareNamespaces(this.edits.map((e) => e.text).join(''))
    return applyEdits(this.s, this.edits)
  }

  private string(unit: AndroidUnit): void {
    const e = this.take(unit.entry)
    if (!e) return this.absent(unit.element, [unit.element], unit)
    this.endOf.set(e, unit.element.end)
    this.startOf.set(e, unit.element.start)
    if (e.value !== unit.entry.value) this.replace(unit.element, encodeValue(e.value, { isReference: e.meta?.reference === true }))
  }

  private plurals(unit: AndroidUnit): void {
    const e = this.take(unit.entry)
    if (!e) return this.absent(unit.element, [...unit.items.values()], unit)
    this.endOf.set(e, unit.element.end)
    this.startOf.set(e, unit.element.start)
    const forms: PluralForms = e.plural ?? { other: e.value }
    if (samePlural(forms, unit.entry.plural ?? {})) return
    const old = unit.entry.plural ?? {}
    // A French file written with one/other gets no `many` item: the locale's files rarely carry it.
    // The locale's own copy keeps every item it has (a German `few`: issue 26).
    const categories = categoriesToWrite(this.locale, forms, old, rendersOwnCopy(this.options))
    const kept: XmlElement[] = []
    for (const [quantity, item] of unit.items) {
      const category = quantity as PluralCategory
      if (!categories.includes(category)) {
        this.edits.push(lineRemoval(this.s, item.start, item.end))
        continue
      }
      kept.push(item)
      const text = formOrFallback(forms, category, e.value)
      if (text !== old[category]) this.replace(item, encodeValue(text))
    }
    const allItems = [...unit.items.values()]
    const itemIndent = allItems.length ? indentAt(this.s, allItems[0]!.start) : indentAt(this.s, unit.element.start) + this.indent
    for (const category of categories) {
      if (unit.items.has(category)) continue
      const line = `<item quantity="${category}">${encodeValue(formOrFallback(forms, category, e.value))}</item>`
      const later = kept.find((item) => order(item) > PLURAL_ORDER.indexOf(category))
      if (later) this.edits.push({ start: lineStart(this.s, later.start), end: lineStart(this.s, later.start), text: `${itemIndent}${line}${this.eol}` })
      else {
        const after = kept[kept.length - 1] ?? allItems[allItems.length - 1]
        if (after) this.edits.push({ start: after.end, end: after.end, text: `${this.eol}${itemIndent}${line}` })
        else this.insertInto(unit.element, `${this.eol}${itemIndent}${line}${this.eol}${indentAt(this.s, unit.element.start)}`)
      }
    }
  }

  private array(units: readonly AndroidUnit[]): void {
    const element = units[0]!.element
    const name = parseArrayKey(units[0]!.entry.key)!.name
    this.arrays.set(name, element)
    const found = units.map((u) => this.take(u.entry))
    if (found.every((e) => !e)) return this.absent(element, units.map((u) => u.holder), units[0]!)
    for (const e of found) {
      if (!e) continue
      this.endOf.set(e, element.end)
      this.startOf.set(e, element.start)
    }
    units.forEach((unit, i) => {
      const e = found[i]
      const item = unit.holder
      // A missing item keeps its text even under `omit`: removing it would shift the index of every later item.
      if (!e) {
        if (this.missing === 'empty' && unit.entry.value !== '') this.replace(item, '')
      } else if (e.value !== unit.entry.value) this.replace(item, encodeValue(e.value, { isReference: e.meta?.reference === true }))
    })
  }

  /** A template entry the caller did not give: keep, empty or remove it per the missing policy. */
  private absent(element: XmlElement, holders: readonly XmlElement[], unit: AndroidUnit): void {
    if (this.missing === 'omit') {
      const start = unit.comments[0]?.start ?? element.start
      this.edits.push(lineRemoval(this.s, start, element.end))
    } else if (this.missing === 'empty') {
      for (const h of holders) if (h.contentEnd > h.contentStart) this.replace(h, '')
    }
  }

  private replace(el: XmlElement, text: string): void {
    if (!el.selfClosing) this.edits.push({ start: el.contentStart, end: el.contentEnd, text })
    else if (text) this.edits.push({ start: el.end - 2, end: el.end, text: `>${text}</${el.name}>` })
  }

  private insertInto(el: XmlElement, text: string): void {
    if (el.selfClosing) this.edits.push({ start: el.end - 2, end: el.end, text: `>${text}</${el.name}>` })
    else this.edits.push({ start: el.contentEnd, end: el.contentEnd, text })
  }

  /** Entries the template does not have: new items go to the end of their array, new resources after the last one. */
  private added(): void {
    const rest: Entry[] = []
    for (const queue of this.given.values()) rest.push(...queue)
    const isTarget = this.options.locale !== this.options.sourceLocale
    const fresh: Entry[] = []
    const extraItems = new Map<string, Entry[]>()
    for (const e of rest) {
      if (isTarget && e.meta?.translatable === false) continue
      const arrayKey = parseArrayKey(e.key)
      if (arrayKey && this.arrays.has(arrayKey.name) && !e.context) {
        const list = extraItems.get(arrayKey.name) ?? []
        list.push(e)
        extraItems.set(arrayKey.name, list)
      } else fresh.push(e)
    }
    for (const [name, items] of extraItems) {
      const el = this.arrays.get(name)!
      const last = [...el.children].reverse().find((c) => c.type === 'element')
      const itemIndent = last ? indentAt(this.s, last.start) : indentAt(this.s, el.start) + this.indent
      const text = items
        .sort((a, b) => parseArrayKey(a.key)!.index - parseArrayKey(b.key)!.index)
        .map((e) => `${this.eol}${itemIndent}<item>${encodeValue(e.value, { isReference: e.meta?.reference === true })}</item>`)
        .join('')
      if (last) this.edits.push({ start: last.end, end: last.end, text })
      else this.insertInto(el, `${text}${this.eol}${indentAt(this.s, el.start)}`)
    }
    if (!fresh.length) return
    const placed = this.placeAfterPrevious(fresh)
    if (!placed.length) return
    const blocks = resourceBlocks(placed, this.locale, this.indent, this.eol)
    const body = blocks.map((b) => `${this.eol}${this.indent}${b}`).join('')
    const lastElement = [...this.root.children].reverse().find((c) => c.type === 'element' || c.type === 'comment')
    if (lastElement) this.edits.push({ start: lastElement.end, end: lastElement.end, text: body })
    else if (this.s.slice(this.root.contentStart, this.root.contentEnd).includes('\n')) {
      // An empty element already spanning lines: the new lines go after its start tag, before the existing break.
      this.edits.push({ start: this.root.startTagEnd, end: this.root.startTagEnd, text: body })
    } else this.insertInto(this.root, `${body}${this.eol}`)
  }

  /**
   * Writes new strings and plurals right after the resource of the entry before them (source order), or before the
   * first resource when they come before every one; returns the entries with no such resource (new arrays) for the
   * end of the file.
   */
  private placeAfterPrevious(fresh: readonly Entry[]): Entry[] {
    const isFresh = new Set(fresh.filter((e) => !parseArrayKey(e.key)))
    const rest = fresh.filter((e) => !isFresh.has(e))
    const groups = new Map<number, Entry[]>()
    // After the last resource, a new one goes where appended ones go: after any comment or element that follows it.
    let lastEnd = -1
    for (const end of this.endOf.values()) if (end > lastEnd) lastEnd = end
    // The one placement rule (placement.ts): after the resource of the nearest given entry before it; with none,
    // before the resource of the nearest one after it (entries before every resource go before the first one).
    const placeOf = (e: Entry) => {
      const start = this.startOf.get(e)
      const end = this.endOf.get(e)
      return isFresh.has(e) || start === undefined || end === undefined ? undefined : { start, end }
    }
    const first: Entry[] = []
    let firstAt: number | undefined
    for (const [e, { previous, next }] of neighboursOf(this.entries, placeOf)) {
      if (!isFresh.has(e)) continue
      if (previous) {
        if (previous.end === lastEnd) rest.push(e)
        else {
          const group = groups.get(previous.end)
          if (group) group.push(e)
          else groups.set(previous.end, [e])
        }
      } else if (next) {
        first.push(e)
        firstAt = next.start
      } else rest.push(e)
    }
    if (firstAt !== undefined) {
      const text = resourceBlocks(first, this.locale, this.indent, this.eol).map((b) => `${b}${this.eol}${this.indent}`).join('')
      this.edits.push({ start: firstAt, end: firstAt, text })
    }
    for (const [at, group] of groups) {
      const text = resourceBlocks(group, this.locale, this.indent, this.eol).map((b) => `${this.eol}${this.indent}${b}`).join('')
      this.edits.push({ start: at, end: at, text })
    }
    return rest
  }

  private declareNamespaces(written: string): void {
    const at = this.root.attrs.length ? this.root.attrs[this.root.attrs.length - 1]!.end : this.root.nameEnd
    if (written.includes('<xliff:') && !getAttr(this.root, 'xmlns:xliff')) this.edits.push({ start: at, end: at, text: ` xmlns:xliff="${XLIFF_NS}"` })
    if (/ tools:[\w-]+="/.test(written) && !getAttr(this.root, 'xmlns:tools')) this.edits.push({ start: at, end: at, text: ` xmlns:tools="${TOOLS_NS}"` })
  }
}

function order(item: XmlElement): number {
  const q = getAttr(item, 'quantity')?.value ?? 'other'
  return PLURAL_ORDER.indexOf(q as PluralCategory)
}



/** Start of the line `offset` is on. */
function lineStart(s: string, offset: number): number {
  return s.lastIndexOf('\n', offset - 1) + 1
}


/** XML of new resources, one string per resource (its comment line included), grouping array items by array. */
function resourceBlocks(entries: readonly Entry[], locale: string, indent: string, eol: string): string[] {
  const blocks: string[] = []
  const arrays = new Map<string, { items: Entry[] }>()
  const order: (Entry | string)[] = []
  for (const e of entries) {
    const arrayKey = parseArrayKey(e.key)
    if (arrayKey && !e.plural) {
      const group = arrays.get(arrayKey.name)
      if (group) group.items.push(e)
      else {
        arrays.set(arrayKey.name, { items: [e] })
        order.push(arrayKey.name)
      }
    } else order.push(e)
  }
  for (const item of order) {
    if (typeof item === 'string') {
      const items = arrays.get(item)!.items.sort((a, b) => parseArrayKey(a.key)!.index - parseArrayKey(b.key)!.index)
      const first = items[0]!
      const lines = items.map((e) => `${indent}${indent}<item${itemAttrs(e)}>${encodeValue(e.value, { isReference: e.meta?.reference === true })}</item>`)
      blocks.push(`${commentLine(first, indent, eol)}<string-array name="${escapeAttr(item)}"${attrs(first)}>${eol}${lines.join(eol)}${eol}${indent}</string-array>`)
    } else if (item.plural) {
      const lines = categoriesToWrite(locale, item.plural!).map((c) => `${indent}${indent}<item quantity="${c}">${encodeValue(formOrFallback(item.plural!, c, item.value))}</item>`)
      blocks.push(`${commentLine(item, indent, eol)}<plurals name="${escapeAttr(item.key)}"${attrs(item)}>${eol}${lines.join(eol)}${eol}${indent}</plurals>`)
    } else {
      blocks.push(`${commentLine(item, indent, eol)}<string name="${escapeAttr(item.key)}"${attrs(item)}>${encodeValue(item.value, { isReference: item.meta?.reference === true })}</string>`)
    }
  }
  return blocks
}

function attrs(e: Entry): string {
  const out: string[] = []
  if (e.context) out.push(` product="${escapeAttr(e.context)}"`)
  const extra = e.meta?.attrs
  if (extra && typeof extra === 'object') {
    for (const [k, v] of Object.entries(extra as Record<string, unknown>)) {
      if (k === 'name' || k === 'product' || typeof v !== 'string' || !/^[A-Za-z_][\w.-]*(:[\w.-]+)?$/.test(k)) continue
      out.push(` ${k}="${escapeAttr(v)}"`)
    }
  }
  return out.join('')
}

function itemAttrs(e: Entry): string {
  const extra = e.meta?.itemAttrs
  if (!extra || typeof extra !== 'object') return ''
  return Object.entries(extra as Record<string, unknown>)
    .filter(([k, v]) => typeof v === 'string' && /^[A-Za-z_][\w.-]*(:[\w.-]+)?$/.test(k))
    .map(([k, v]) => ` ${k}="${escapeAttr(v as string)}"`)
    .join('')
}

function commentLine(e: Entry, indent: string, eol: string): string {
  if (!e.comment) return ''
  // "--" may not appear inside an XML comment.
  const text = e.comment.replace(/--/g, '- -').replace(/-$/, '- ').replace(/\r?\n/g, `${eol}${indent}     `)
  return `<!-- ${text} -->${eol}${indent}`
}

/** A clean `strings.xml` for the locale: every entry in order, untranslatable ones only in the source locale. */
export function renderClean(entries: readonly Entry[], options: RenderOptions): string {
  const isTarget = options.locale !== options.sourceLocale
  const kept = entries.filter((e) => !(isTarget && e.meta?.translatable === false))
  const indent = '    '
  const blocks = resourceBlocks(kept, options.locale, indent, '\n')
  const written = blocks.join('')
  const ns = [
    written.includes('<xliff:') ? ` xmlns:xliff="${XLIFF_NS}"` : '',
    / tools:[\w-]+="/.test(written) ? ` xmlns:tools="${TOOLS_NS}"` : '',
  ].join('')
  const parts = ['<?xml version="1.0" encoding="utf-8"?>\n', `<resources${ns}>\n`]
  for (const b of blocks) parts.push(indent, b, '\n')
  parts.push('</resources>\n')
  return parts.join('')
}

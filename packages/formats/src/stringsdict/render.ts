/** Writes entries into a `.stringsdict`: changed forms only, with the plist header and indentation kept. */
import type { Entry, MissingPolicy, PluralCategory, PluralForms, RenderOptions } from '../format.js'
import { categoriesToWrite, rendersOwnCopy, formOrFallback, heldCategories, pluralCategories, PLURAL_ORDER, samePlural } from '../plural.js'
import { detectEol, splitBom } from '../text.js'
import { applyEdits, escapeText, indentAt } from '../xml/index.js'
import type { TextEdit, XmlElement } from '../xml/index.js'
import { entryId, readStringsdict, referencedVariables, variableKey } from './parse.js'
import type { KeyUnit, VariableUnit } from './parse.js'
import { neighboursOf } from '../placement.js'

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'

/** Escapes plist text; characters XML 1.0 cannot carry at all become U+FFFD. */
export function escapePlist(value: string): string {
  return escapeText(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd'))
}

/**
 * The forms to write for a locale: its CLDR categories, plus `zero` when the file already had it, because
 * Apple applies a `zero` form to 0 in every language (it is optional, never required).
 */
export function targetCategories(locale: string, keepZero: boolean, ...forms: (PluralForms | undefined)[]): PluralCategory[] {
  // A rarely carried category (French `many`) only where the given or the file's forms have it.
  const cats = forms.length ? heldCategories(pluralCategories(locale), locale, ...forms) : pluralCategories(locale)
  return keepZero && !cats.includes('zero') ? ['zero', ...cats] : cats
}



/** Renders `entries` into `template`, or a clean file when there is no usable template. */
export function renderStringsdict(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderClean(entries, options)
  const doc = readStringsdict(template)
  if (!doc.topDict || doc.issues.some((i) => i.severity === 'error')) {
    // A template we cannot read safely is replaced by a clean file rather than patched blindly.
    return splitBom(template).bom + renderClean(entries, options)
  }
  return new TemplateWriter(template, doc.topDict, entries, options).write(doc.units)
}

class TemplateWriter {
  private readonly edits: TextEdit[] = []
  private readonly given = new Map<string, Entry[]>()
  private readonly eol: string
  private readonly unit: string
  private readonly missing: MissingPolicy
  /** The key of each given entry found in the file, so a new key goes next to the one before it in the source. */
  private readonly placed = new Map<Entry, KeyUnit>()

  constructor(private readonly s: string, private readonly topDict: XmlElement, private readonly entries: readonly Entry[], private readonly options: RenderOptions) {
    for (const e of entries) {
      const queue = this.given.get(entryId(e))
      if (queue) queue.push(e)
      else this.given.set(entryId(e), [e])
    }
    this.eol = detectEol(s)
    this.missing = options.missing ?? 'source'
    const firstKey = topDict.children.find((c) => c.type === 'element')
    const outer = indentAt(s, topDict.start)
    const inner = firstKey ? indentAt(s, firstKey.start) : ''
    this.unit = inner.startsWith(outer) && inner.length > outer.length ? inner.slice(outer.length) : '\t'
  }

  /** Repeated keys are matched in order: the n-th copy in the file takes the n-th entry with that key. */
  private take(key: string): Entry | undefined {
    const queue = this.given.get(key)
    const found = queue?.shift()
    if (queue && !queue.length) this.given.delete(key)
    return found
  }

  write(units: readonly KeyUnit[]): string {
    const formatUnits = new Map<string, KeyUnit>()
    for (const unit of units) {
      if (unit.isSingle) this.single(unit)
      else {
        formatUnits.set(unit.key, unit)
        this.format(unit)
      }
    }
    this.added(formatUnits)
    return applyEdits(this.s, this.edits)
  }

  private single(unit: KeyUnit): void {
    const e = this.take(entryId(unit.entries[0]!))
    if (e) this.placed.set(e, unit)
    const v = unit.variables[0]!
    if (!e) return this.absent(unit, [v])
    this.plural(v, e.plural ?? { other: e.value }, e.value)
  }

  private format(unit: KeyUnit): void {
    const e = this.take(entryId(unit.entries[0]!))
    // The variables go with their format: without it they cannot be used, and with it they must stay.
    const vars = unit.variables.map((v) => this.take(variableKey(unit.key, v.name)))
    for (const given of [e, ...vars]) if (given) this.placed.set(given, unit)
    if (!e) {
      if (this.missing === 'omit') return this.remove(unit.pair.keyEl.start, unit.pair.valueEl.end)
      if (this.missing === 'empty') this.setString(unit.formatEl, '')
    } else if (e.value !== unit.formatKey) this.setString(unit.formatEl, e.value)
    unit.variables.forEach((v, i) => {
      const ev = vars[i]
      if (ev) this.plural(v, ev.plural ?? { other: ev.value }, ev.value)
      else if (this.missing === 'empty') this.absent(unit, [v])
    })
  }

  private absent(unit: KeyUnit, variables: readonly VariableUnit[]): void {
    if (this.missing === 'omit') this.remove(unit.pair.keyEl.start, unit.pair.valueEl.end)
    else if (this.missing === 'empty') {
      for (const v of variables) for (const p of v.formPairs.values()) if (textContent(this.s, p.valueEl)) this.setString(p.valueEl, '')
    }
  }

  private plural(v: VariableUnit, forms: PluralForms, fallback: string): void {
    if (samePlural(forms, v.forms)) return
    // In the locale's own copy every form the variable has stays (a German `few`: issue 26), plus those the locale needs.
    const target = rendersOwnCopy(this.options)
      ? categoriesToWrite(this.options.locale, forms, v.forms, true)
      : targetCategories(this.options.locale, v.formPairs.has('zero'), forms, v.forms)
    const kept: { category: PluralCategory; end: number; keyStart: number }[] = []
    for (const [category, p] of v.formPairs) {
      if (!target.includes(category)) {
        this.remove(p.keyEl.start, p.valueEl.end)
        continue
      }
      kept.push({ category, end: p.valueEl.end, keyStart: p.keyEl.start })
      const text = formOrFallback(forms, category, fallback)
      if (text !== v.forms[category]) this.setString(p.valueEl, text)
    }
    const sample = v.pairs[0]
    const indent = sample ? indentAt(this.s, sample.keyEl.start) : indentAt(this.s, v.dict.start) + this.unit
    const lastPair = v.pairs[v.pairs.length - 1]
    for (const category of target) {
      if (v.formPairs.has(category)) continue
      const text = `<key>${category}</key>${this.eol}${indent}<string>${escapePlist(formOrFallback(forms, category, fallback))}</string>`
      const later = kept.find((k) => PLURAL_ORDER.indexOf(k.category) > PLURAL_ORDER.indexOf(category))
      if (later) {
        const at = this.s.lastIndexOf('\n', later.keyStart - 1) + 1
        this.edits.push({ start: at, end: at, text: `${indent}${text}${this.eol}` })
      } else {
        const after = kept[kept.length - 1]?.end ?? lastPair?.valueEl.end
        if (after !== undefined) this.edits.push({ start: after, end: after, text: `${this.eol}${indent}${text}` })
        else this.edits.push({ start: v.dict.contentEnd, end: v.dict.contentEnd, text: `${this.eol}${indent}${text}${this.eol}${indentAt(this.s, v.dict.start)}` })
      }
    }
  }

  private setString(el: XmlElement, text: string): void {
    const escaped = escapePlist(text)
    if (!el.selfClosing) this.edits.push({ start: el.contentStart, end: el.contentEnd, text: escaped })
    else if (escaped) this.edits.push({ start: el.start, end: el.end, text: `<string>${escaped}</string>` })
  }

  /** Removes `start..end` with the line break and indentation before it, when it sits on its own line. */
  private remove(start: number, end: number): void {
    const s = this.s
    let from = start
    while (from > 0 && (s[from - 1] === ' ' || s[from - 1] === '\t')) from--
    if (s[from - 1] === '\n') {
      from--
      if (s[from - 1] === '\r') from--
    } else from = start
    this.edits.push({ start: from, end, text: '' })
  }

  /** New keys go next to their neighbour in the source; a new variable of a known format goes into that format's dict. */
  private added(formatUnits: Map<string, KeyUnit>): void {
    const rest = [...this.given.values()].flat()
    if (!rest.length) return
    const fresh: Entry[] = []
    for (const e of rest) {
      const parent = typeof e.meta?.parent === 'string' ? e.meta.parent : undefined
      const owner = parent !== undefined ? formatUnits.get(parent) : undefined
      if (owner && e.plural !== undefined) {
        const lastPair = owner.variables[owner.variables.length - 1]?.dict ?? owner.formatEl
        const indent = indentAt(this.s, owner.formatEl.start)
        const block = variableBlock(variableName(e), e, this.options.locale, indent, this.unit, this.eol)
        this.edits.push({ start: lastPair.end, end: lastPair.end, text: `${this.eol}${indent}${block}` })
      } else fresh.push(e)
    }
    if (!fresh.length) return
    // Each new key right after the key of the entry before it in the source, or before the first key when it comes
    // before every key the file has; else after the last key.
    const around = neighboursOf(this.entries, (e) => this.placed.get(e))
    const after = new Map<KeyUnit, Entry[]>()
    const before = new Map<KeyUnit, Entry[]>()
    const atEnd: Entry[] = []
    for (const e of fresh) {
      const { previous, next } = around.get(e) ?? {}
      const [map, unit] = previous ? [after, previous] : next ? [before, next] : [undefined, undefined]
      if (!map || !unit) atEnd.push(e)
      else map.set(unit, [...(map.get(unit) ?? []), e])
    }
    for (const [unit, list] of after) {
      const indent = indentAt(this.s, unit.pair.keyEl.start)
      const body = keyBlocks(list, this.options.locale, indent, this.unit, this.eol).map((b) => `${this.eol}${indent}${b}`).join('')
      this.edits.push({ start: unit.pair.valueEl.end, end: unit.pair.valueEl.end, text: body })
    }
    for (const [unit, list] of before) {
      const indent = indentAt(this.s, unit.pair.keyEl.start)
      const body = keyBlocks(list, this.options.locale, indent, this.unit, this.eol).map((b) => `${b}${this.eol}${indent}`).join('')
      this.edits.push({ start: unit.pair.keyEl.start, end: unit.pair.keyEl.start, text: body })
    }
    if (atEnd.length > 0) this.append(atEnd)
  }

  /** New keys after the last key of the file (or into its empty dict). */
  private append(fresh: readonly Entry[]): void {
    const lastValue = [...this.topDict.children].reverse().find((c) => c.type === 'element')
    const indent = lastValue ? indentAt(this.s, lastValue.start) : indentAt(this.s, this.topDict.start) + this.unit
    const body = keyBlocks(fresh, this.options.locale, indent, this.unit, this.eol).map((b) => `${this.eol}${indent}${b}`).join('')
    if (lastValue) this.edits.push({ start: lastValue.end, end: lastValue.end, text: body })
    else if (!this.topDict.selfClosing && this.s.slice(this.topDict.contentStart, this.topDict.contentEnd).includes('\n')) {
      this.edits.push({ start: this.topDict.startTagEnd, end: this.topDict.startTagEnd, text: body })
    } else if (this.topDict.selfClosing) this.edits.push({ start: this.topDict.end - 2, end: this.topDict.end, text: `>${body}${this.eol}${indentAt(this.s, this.topDict.start)}</dict>` })
    else this.edits.push({ start: this.topDict.contentEnd, end: this.topDict.contentEnd, text: `${body}${this.eol}${indentAt(this.s, this.topDict.start)}` })
  }
}

function textContent(s: string, el: XmlElement): string {
  return s.slice(el.contentStart, el.contentEnd)
}

function variableName(e: Entry): string {
  if (typeof e.meta?.variable === 'string' && /^[^@]+$/.test(e.meta.variable)) return e.meta.variable
  return 'count'
}

/** The printf type of the counted argument: meta when known, else the first integer conversion in the forms, else `d`. */
function valueType(e: Entry): string {
  if (typeof e.meta?.valueType === 'string' && e.meta.valueType) return e.meta.valueType
  for (const text of Object.values(e.plural ?? {})) {
    const m = /%(?:\d+\$)?((?:ll|l|h|hh|q|z|t|j)?[diouxX])/.exec(text ?? '')
    if (m) return m[1]!
  }
  return 'd'
}

function variableBlock(name: string, e: Entry, locale: string, indent: string, unit: string, eol: string): string {
  const i1 = indent + unit
  const forms = e.plural ?? { other: e.value }
  const lines = [
    `<key>${escapePlist(name)}</key>`,
    `${indent}<dict>`,
    `${i1}<key>NSStringFormatSpecTypeKey</key>`,
    `${i1}<string>NSStringPluralRuleType</string>`,
    `${i1}<key>NSStringFormatValueTypeKey</key>`,
    `${i1}<string>${escapePlist(valueType(e))}</string>`,
  ]
  for (const c of heldCategories(pluralCategories(locale), locale, forms)) lines.push(`${i1}<key>${c}</key>`, `${i1}<string>${escapePlist(formOrFallback(forms, c, e.value))}</string>`)
  lines.push(`${indent}</dict>`)
  return lines.join(eol)
}

/**
 * Top-level blocks for new entries. A plural entry becomes a key with one variable; a plain entry is a format
 * (its text), joined by the plural entries keyed `key:variable` (or whose meta.parent names it).
 */
function keyBlocks(entries: readonly Entry[], locale: string, indent: string, unit: string, eol: string): string[] {
  const byParent = new Map<string, Entry[]>()
  const formats = new Set(entries.filter((e) => !e.plural).map((e) => e.key))
  const parentOf = (e: Entry): string | undefined => {
    if (!e.plural) return undefined
    if (typeof e.meta?.parent === 'string' && formats.has(e.meta.parent)) return e.meta.parent
    const colon = e.key.lastIndexOf(':')
    return colon > 0 && formats.has(e.key.slice(0, colon)) ? e.key.slice(0, colon) : undefined
  }
  for (const e of entries) {
    const parent = parentOf(e)
    if (parent === undefined) continue
    const list = byParent.get(parent) ?? []
    list.push(e)
    byParent.set(parent, list)
  }
  const i1 = indent + unit
  const blocks: string[] = []
  for (const e of entries) {
    if (parentOf(e) !== undefined) continue
    const lines = [`<key>${escapePlist(e.key)}</key>`, `${indent}<dict>`, `${i1}<key>NSStringLocalizedFormatKey</key>`]
    if (e.plural) {
      const name = variableName(e)
      const own = typeof e.meta?.formatKey === 'string' && referencedVariables(e.meta.formatKey).includes(name) ? e.meta.formatKey : `%#@${name}@`
      lines.push(`${i1}<string>${escapePlist(own)}</string>`, `${i1}${variableBlock(name, e, locale, i1, unit, eol)}`)
    } else {
      lines.push(`${i1}<string>${escapePlist(e.value)}</string>`)
      for (const v of byParent.get(e.key) ?? []) {
        const name = typeof v.meta?.variable === 'string' ? variableName(v) : v.key.slice(e.key.length + 1)
        lines.push(`${i1}${variableBlock(name, v, locale, i1, unit, eol)}`)
      }
    }
    lines.push(`${indent}</dict>`)
    blocks.push(lines.join(eol))
  }
  return blocks
}

/** A clean stringsdict as Xcode writes it: the plist header, tab indentation, one key per entry. */
export function renderClean(entries: readonly Entry[], options: RenderOptions): string {
  const blocks = keyBlocks(entries, options.locale, '\t', '\t', '\n')
  return `${HEADER}<dict>\n${blocks.map((b) => `\t${b}\n`).join('')}</dict>\n</plist>\n`
}

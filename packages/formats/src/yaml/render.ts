// Writes entries into a YAML template by replacing scalar bytes, and adds keys where a person would.
import type { Entry, PluralCategory, RenderOptions } from '../format.js'
import { categoriesToWrite, PLURAL_ORDER } from '../plural.js'
import { detectEol } from '../text.js'
import { pairEntries } from '../pair.js'
import { neighboursOf, type Neighbours } from '../placement.js'
import { readTree, yamlReads } from './parse.js'
import { doubleQuoted, singleAllowed, singleQuoted, writeCleanScalar, writeKey, writeScalar } from './scalar.js'
import type { ValueSlot, YamlModel, YMap, YScalar } from './tree.js'
import { blockStart, modelOf } from './tree.js'

interface Edit {
  start: number
  end: number
  text: string
  /** Among insertions at one offset, deeper maps go first so their keys stay inside them. */
  order: number
}

/** Added keys under one map, nested by the dots of the rest of their key. */
interface Branch {
  /** Created on first use: most branches are leaves, and 100,000 empty maps cost real time. */
  children?: Map<string, Branch>
  entry?: Entry
}

/** The `other` text: `value` when it was edited away from `plural.other` (the contract keeps them equal). */
function otherOf(entry: Entry): string {
  const other = entry.plural?.other
  if (other === undefined || (entry.value !== other && entry.value !== '')) return entry.value
  return other
}

function textOf(entry: Entry, category?: PluralCategory): string {
  if (!category || category === 'other') return otherOf(entry)
  return entry.plural?.[category] ?? otherOf(entry)
}

/**
 * The forms to write for a locale: exactly the ones it needs, plus `zero` when the entry has one,
 * because Rails i18n and go-i18n use an explicit zero for a count of 0 in any language.
 */
export function formsFor(entry: Entry, locale: string): PluralCategory[] {
  const needed = categoriesToWrite(locale, entry.plural ?? {})
  if (entry.plural?.zero === undefined || needed.includes('zero')) return needed
  return PLURAL_ORDER.filter((c) => c === 'zero' || needed.includes(c))
}

function formLines(entry: Entry, indent: number, locale: string, eol: string, write: (text: string) => string): string[] {
  const pad = ' '.repeat(indent)
  return formsFor(entry, locale).map((c) => `${pad}${c}: ${write(textOf(entry, c))}${eol}`)
}

function addToBranch(root: Branch, segments: readonly string[], entry: Entry): void {
  let node = root
  for (const s of segments) {
    node.children ??= new Map()
    let child = node.children.get(s)
    if (!child) {
      child = {}
      node.children.set(s, child)
    }
    node = child
  }
  node.entry = entry
}

/** Nested block lines for a branch; a key that is both a value and a parent keeps its dotted children flat. */
function branchLines(branch: Branch, indent: number, locale: string, eol: string, out: string[], prefix = '', write = writeCleanScalar): void {
  const pad = ' '.repeat(indent)
  if (!branch.children) return
  for (const [segment, child] of branch.children) {
    const name = prefix + segment
    if (child.entry) {
      const e = child.entry
      if (e.comment) for (const line of e.comment.split('\n')) out.push(`${pad}# ${line}`.trimEnd() + eol)
      if (e.plural && Object.keys(e.plural).length > 0) {
        out.push(`${pad}${writeKey(name)}:${eol}`, ...formLines(e, indent + 2, locale, eol, write))
      } else {
        out.push(`${pad}${writeKey(name)}: ${write(textOf(e))}${eol}`)
      }
      if (child.children) branchLines(child, indent, locale, eol, out, `${name}.`, write)
    } else {
      out.push(`${pad}${writeKey(name)}:${eol}`)
      branchLines(child, indent + 2, locale, eol, out, '', write)
    }
  }
}

/** A Rails-style file from entries alone: the locale as root key, keys nested by their dots. */
export function renderCleanYaml(entries: readonly Entry[], options: RenderOptions): string {
  const root: Branch = {}
  for (const e of entries) addToBranch(root, e.key.split('.'), e)
  const out = [`${writeKey(options.locale)}:\n`]
  branchLines(root, 2, options.locale, '\n', out)
  return out.join('')
}

function replaceScalar(edits: Edit[], scalar: YScalar, text: string, eol: string): void {
  if (text !== scalar.value) edits.push({ start: scalar.start, end: scalar.end, text: writeScalar(text, scalar.place, eol), order: 0 })
}

function atEnd(template: string, offset: number, eol: string, lines: string[]): string {
  // A map that ends the file without a final line break: break the line first, and add none after.
  if (offset > 0 && template[offset - 1] !== '\n') return eol + lines.join('').slice(0, -eol.length)
  return lines.join('')
}

/** Replaces a scalar value with a block map of plural forms, indented under its key. */
function pluralInPlace(template: string, scalar: YScalar, entry: Entry, locale: string, eol: string): Edit {
  let start = scalar.start
  while (template[start - 1] === ' ') start--
  const lines = formLines(entry, scalar.place.indent + 2, locale, eol, writeCleanScalar)
  const block = scalar.place.style.startsWith('BLOCK')
  const body = lines.join('')
  // Inline scalars keep the rest of their line (a comment, the line break) after the last form.
  return { start, end: scalar.end, text: eol + (block ? body : body.slice(0, -eol.length)), order: 0 }
}

/** Writes `entries` into a YAML template, replacing only scalars whose text changed. */
export function renderYaml(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderCleanYaml(entries, options)
  const tree = yamlReads.of(template, options, readTree)
  // A template that does not parse cannot be patched safely: write a clean file instead.
  if (tree.issues.some((i) => i.severity === 'error')) return renderCleanYaml(entries, options)
  const model = modelOf(tree, [options.locale, options.sourceLocale])
  // A template with no document (empty, or only comments) gets a clean file after its comments.
  if (model.slots.length === 0 && model.maps.length === 0 && !model.rootSeq && !model.rootKey) {
    if (entries.length === 0) return template
    const separator = template === '' || template.endsWith('\n') ? '' : detectEol(template)
    return template + separator + renderCleanYaml(entries, options).replace(/\n/g, detectEol(template))
  }
  const eol = detectEol(template)
  const missing = options.missing ?? 'source'
  const edits: Edit[] = []
  const { matched, added } = pairEntries(model.slots.map((s) => s.key), entries, (e) => e.key)

  if (model.rootKey && model.rootKey.value.replace(/_/g, '-').toLowerCase() !== options.locale.replace(/_/g, '-').toLowerCase()) {
    edits.push({ start: model.rootKey.start, end: model.rootKey.end, text: writeKey(options.locale), order: 0 })
  }

  model.slots.forEach((slot, i) => {
    let entry = matched[i]
    if (!entry) {
      const removable = !slot.isSeqItem && !slot.scalar?.place.inFlow
      if (missing === 'omit' && removable) {
        edits.push({ start: blockStart(template, slot.lineStart), end: slot.end, text: '', order: 0 })
        return
      }
      if (missing === 'source') return
      entry = { key: slot.key, value: '', ...(slot.forms ? { plural: {} } : {}) }
    }
    if (slot.scalar) {
      const { scalar } = slot
      if (entry.plural && Object.keys(entry.plural).length > 0 && !slot.isSeqItem && !scalar.place.inFlow) {
        // A plain string in the template (`billion: Billion`) that has plural forms in this locale.
        edits.push(pluralInPlace(template, scalar, entry, options.locale, eol))
        return
      }
      replaceScalar(edits, scalar, textOf(entry), eol)
      return
    }
    const forms = slot.forms!
    const categories = formsFor(entry, options.locale)
    for (const form of forms) {
      if (categories.includes(form.category)) replaceScalar(edits, form.scalar, textOf(entry, form.category), eol)
      else edits.push({ start: form.lineStart, end: form.end, text: '', order: 0 })
    }
    const other = forms.find((f) => f.category === 'other')!
    const lacking = categories.filter((c) => !forms.some((f) => f.category === c))
    if (lacking.length > 0) {
      const map = slot.formMap as YMap
      const pad = ' '.repeat(map.indent)
      const place = { ...other.scalar.place, style: other.scalar.place.style.startsWith('BLOCK') ? 'QUOTE_DOUBLE' as const : other.scalar.place.style }
      const lines = lacking.map((c) => `${pad}${c}: ${writeScalar(textOf(entry, c), place, eol)}${eol}`)
      edits.push({ start: map.end, end: map.end, text: atEnd(template, map.end, eol, lines), order: -map.indent })
    }
  })

  if (added.length > 0) {
    const slotOf = new Map<Entry, ValueSlot>()
    matched.forEach((e, i) => {
      if (e) slotOf.set(e, model.slots[i]!)
    })
    addEntries(template, model, added, options.locale, eol, edits, neighboursOf(entries, (e) => slotOf.get(e)))
  }

  edits.sort((a, b) => a.start - b.start || a.order - b.order)
  const out: string[] = []
  let at = 0
  for (const edit of edits) {
    if (edit.start < at) continue
    out.push(template.slice(at, edit.start), edit.text)
    at = edit.end
  }
  out.push(template.slice(at))
  return out.join('')
}

function addEntries(
  template: string, model: YamlModel, added: readonly Entry[], locale: string, eol: string, edits: Edit[], around: Map<Entry, Neighbours<ValueSlot>>,
): void {
  if (model.layout === 'hugo' && model.rootSeq) {
    const seq = model.rootSeq
    const pad = ' '.repeat(seq.indent)
    const spaced = /\n[ \t]*\r?\n[ \t]*- /.test(template)
    const lines: string[] = []
    for (const e of added) {
      if (spaced) lines.push(eol)
      lines.push(`${pad}- id: ${writeCleanScalar(e.key)}${eol}`)
      if (e.plural && Object.keys(e.plural).length > 0) {
        lines.push(`${pad}  translation:${eol}`, ...formLines(e, seq.indent + 4, locale, eol, writeCleanScalar))
      } else {
        lines.push(`${pad}  translation: ${writeCleanScalar(textOf(e))}${eol}`)
      }
    }
    edits.push({ start: seq.end, end: seq.end, text: atEnd(template, seq.end, eol, lines), order: 0 })
    return
  }
  const maps = new Map<string, YMap>()
  for (const m of model.maps) if (!maps.has(m.path)) maps.set(m.path, m.map)
  // Added keys sharing a map and a place share a branch, so new keys under one new parent share that parent.
  const groups = new Map<string, { at: number; order: number; branch: Branch; write: (text: string) => string }>()
  const orphans: Branch = {}
  for (const e of added) {
    const segments = e.key.split('.')
    let depth = segments.length - 1
    while (depth > 0 && !maps.has(segments.slice(0, depth).join('.'))) depth--
    const path = segments.slice(0, depth).join('.')
    const map = maps.get(path)
    if (!map) {
      addToBranch(orphans, segments, e)
      continue
    }
    const place = placeIn(template, path, map, maps, around.get(e) ?? {})
    const id = `${path}\u0000${place.at}`
    let group = groups.get(id)
    if (!group) {
      group = { ...place, branch: {} }
      groups.set(id, group)
    }
    addToBranch(group.branch, segments.slice(depth), e)
  }
  for (const [path, group] of groups) {
    const map = maps.get(path.slice(0, path.indexOf('\u0000')))!
    const lines: string[] = []
    branchLines(group.branch, map.indent, locale, eol, lines, '', group.write)
    edits.push({ start: group.at, end: group.at, text: atEnd(template, group.at, eol, lines), order: group.order })
  }
  if (orphans.children) {
    const lines: string[] = []
    branchLines(orphans, 0, locale, eol, lines)
    edits.push({ start: template.length, end: template.length, text: atEnd(template, template.length, eol, lines), order: 1 })
  }
}

/** The key of `slot` under the map at `path`: its first segment there, or undefined when the slot is not in that map. */
function childOf(path: string, slot: ValueSlot): string | undefined {
  if (slot.isSeqItem) return undefined
  if (path !== '' && !slot.key.startsWith(`${path}.`)) return undefined
  const rest = path === '' ? slot.key : slot.key.slice(path.length + 1)
  return rest.split('.')[0]
}

/**
 * Where a new key of the map at `path` goes: right after the item holding the given entry before it (source order),
 * else before the item of the entry after it (a key before every key the map has), else at the map's end; its values
 * are quoted like that neighbour's.
 */
function placeIn(template: string, path: string, map: YMap, maps: Map<string, YMap>, near: Neighbours<ValueSlot>): { at: number; order: number; write: (text: string) => string } {
  const { previous, next } = near
  const before = previous && childOf(path, previous)
  if (previous && before !== undefined) {
    const own = join(path, before)
    // The neighbour is the item itself, or a map holding it (then the new key goes after that whole map).
    const end = own === previous.key ? previous.end : maps.get(own)?.end
    if (end !== undefined) return { at: end, order: -map.indent, write: writerLike(previous) }
  }
  const after = next && childOf(path, next)
  if (next && after !== undefined && join(path, after) === next.key) {
    return { at: blockStart(template, next.lineStart), order: -map.indent, write: writerLike(next) }
  }
  return { at: map.end, order: -map.indent, write: writerLike(previous ?? next) }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`
}

/** Writes new values quoted the way a neighbour's value is: double, single (where it can be) or as a person would. */
function writerLike(slot: ValueSlot | undefined): (text: string) => string {
  const style = (slot?.scalar ?? slot?.forms?.[0]?.scalar)?.place.style
  if (style === 'QUOTE_DOUBLE') return doubleQuoted
  if (style === 'QUOTE_SINGLE') return (text) => (singleAllowed(text) ? singleQuoted(text) : doubleQuoted(text))
  return writeCleanScalar
}

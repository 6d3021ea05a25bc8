// Writes entries into a YAML template by replacing scalar bytes, and adds keys where a person would.
import type { Entry, PluralCategory, PluralForms, RenderOptions } from '../format.js'
import { categoriesToWrite, PLURAL_ORDER, samePlural } from '../plural.js'
import { detectEol } from '../text.js'
import { pairEntries } from '../pair.js'
import { neighboursOf, type Neighbours } from '../placement.js'
import { readTree, yamlReads } from './parse.js'
import { writeCleanScalar, writeKey, writeScalar } from './scalar.js'
import { styleOf, withSourceStyle, writerFor, type CopyStyle } from './style.js'
import type { FormSlot, ValueSlot, YamlModel, YMap, YPair, YScalar } from './tree.js'
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
 * The forms to write for a locale: exactly the ones it needs (less a rarely carried one neither the entry nor the
 * `current` forms hold), plus `zero` when the entry has one, because Rails i18n and go-i18n use an explicit zero for a
 * count of 0 in any language.
 */
export function formsFor(entry: Entry, locale: string, current?: PluralForms): PluralCategory[] {
  const needed = categoriesToWrite(locale, entry.plural ?? {}, current)
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

/** How added lines are written: the line ending, the indentation step and the writer of values. */
interface Layout {
  eol: string
  step: number
  write: (text: string) => string
}

const CLEAN: Omit<Layout, 'eol'> = { step: 2, write: writeCleanScalar }

/** Nested block lines for a branch; a key that is both a value and a parent keeps its dotted children flat. */
function branchLines(branch: Branch, indent: number, locale: string, layout: Layout, out: string[], prefix = ''): void {
  const { eol, step, write } = layout
  const pad = ' '.repeat(indent)
  if (!branch.children) return
  for (const [segment, child] of branch.children) {
    const name = prefix + segment
    if (child.entry) {
      const e = child.entry
      if (e.comment) for (const line of e.comment.split('\n')) out.push(`${pad}# ${line}`.trimEnd() + eol)
      if (e.plural && Object.keys(e.plural).length > 0) {
        out.push(`${pad}${writeKey(name)}:${eol}`, ...formLines(e, indent + step, locale, eol, write))
      } else {
        out.push(`${pad}${writeKey(name)}: ${write(textOf(e))}${eol}`)
      }
      if (child.children) branchLines(child, indent, locale, layout, out, `${name}.`)
    } else {
      out.push(`${pad}${writeKey(name)}:${eol}`)
      branchLines(child, indent + step, locale, layout, out)
    }
  }
}

/** A Rails-style file from entries alone: the locale as root key, keys nested by their dots. */
export function renderCleanYaml(entries: readonly Entry[], options: RenderOptions): string {
  const root: Branch = {}
  for (const e of entries) addToBranch(root, e.key.split('.'), e)
  const out = [`${writeKey(options.locale)}:\n`]
  branchLines(root, 2, options.locale, { ...CLEAN, eol: '\n' }, out)
  return out.join('')
}

function replaceScalar(edits: Edit[], scalar: YScalar, text: string, eol: string, style: CopyStyle): void {
  if (text !== scalar.value) edits.push({ start: scalar.start, end: scalar.end, text: writeScalar(text, scalar.place, eol, style.quote), order: 0 })
}

function atEnd(template: string, offset: number, eol: string, lines: string[]): string {
  // A map that ends the file without a final line break: break the line first, and add none after.
  if (offset > 0 && template[offset - 1] !== '\n') return eol + lines.join('').slice(0, -eol.length)
  return lines.join('')
}

/** Replaces a scalar value with a block map of plural forms, indented under its key. */
function pluralInPlace(template: string, scalar: YScalar, entry: Entry, locale: string, layout: Layout): Edit {
  const { eol } = layout
  let start = scalar.start
  while (template[start - 1] === ' ') start--
  const lines = formLines(entry, scalar.place.indent + layout.step, locale, eol, layout.write)
  const block = scalar.place.style.startsWith('BLOCK')
  const body = lines.join('')
  // Inline scalars keep the rest of their line (a comment, the line break) after the last form.
  return { start, end: scalar.end, text: eol + (block ? body : body.slice(0, -eol.length)), order: 0 }
}

/** Whose file the template is: the rendered locale's own copy, another locale's (a Rails root naming it), or unknown. */
type TemplateOwner = 'own' | 'foreign' | 'unknown'

function ownerOf(model: YamlModel, options: RenderOptions): TemplateOwner {
  const norm = (locale: string) => locale.replace(/_/g, '-').toLowerCase()
  // The caller knows whose copy the template is (pull passes it); the root key and the source locale are guesses.
  if (options.templateLocale !== undefined) return norm(options.templateLocale) === norm(options.locale) ? 'own' : 'foreign'
  if (model.rootKey) return norm(model.rootKey.value) === norm(options.locale) ? 'own' : 'foreign'
  return norm(options.locale) === norm(options.sourceLocale) ? 'own' : 'unknown'
}

/** What a render of one template shares. */
interface Render {
  template: string
  locale: string
  layout: Layout
  style: CopyStyle
  owner: TemplateOwner
  edits: Edit[]
}

/** Writes `entries` into a YAML template, replacing only scalars whose text changed. */
export function renderYaml(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return renderCleanYaml(entries, options)
  const tree = yamlReads.of(template, options, readTree)
  // A template that does not parse cannot be patched safely: write a clean file instead.
  if (tree.issues.some((i) => i.severity === 'error')) return renderCleanYaml(entries, options)
  // The keys written tell a copy's `minutes: {other: …}` (the plural `minutes`) from a nested map (issue 26).
  const model = modelOf(tree, [options.locale, options.sourceLocale], new Set(entries.map((e) => e.key)))
  // A template with no document (empty, or only comments) gets a clean file after its comments.
  if (model.slots.length === 0 && model.maps.length === 0 && !model.rootSeq && !model.rootKey) {
    if (entries.length === 0) return template
    const separator = template === '' || template.endsWith('\n') ? '' : detectEol(template)
    return template + separator + renderCleanYaml(entries, options).replace(/\n/g, detectEol(template))
  }
  const source = options.styleSource === undefined ? undefined : readTree(options.styleSource)
  const style = withSourceStyle(styleOf(tree), source && !source.issues.some((i) => i.severity === 'error') ? styleOf(source) : undefined)
  const r: Render = {
    template, locale: options.locale, style, owner: ownerOf(model, options), edits: [],
    layout: { eol: detectEol(template), step: style.step, write: writerFor(style) },
  }
  const { eol } = r.layout
  const missing = options.missing ?? 'source'
  const { edits } = r
  const { matched, added } = pairEntries(model.slots.map((s) => s.key), entries, (e) => e.key)

  if (r.owner === 'foreign' && model.rootKey) edits.push({ start: model.rootKey.start, end: model.rootKey.end, text: writeKey(options.locale), order: 0 })

  model.slots.forEach((slot, i) => {
    let entry = matched[i]
    if (!entry) {
      const removable = !slot.isSeqItem && !slot.scalar?.place.inFlow
      if (missing === 'omit' && removable) {
        edits.push({ start: blockStart(template, slot.lineStart), end: slot.end, text: '', order: 0 })
        return
      }
      if (missing === 'source') return
      entry = { key: slot.key, value: '', ...(slot.forms ? { plural: Object.fromEntries(slot.forms.map((f) => [f.category, ''])) } : {}) }
    }
    if (slot.scalar) {
      const { scalar } = slot
      if (entry.plural && Object.keys(entry.plural).length > 0 && !slot.isSeqItem && !scalar.place.inFlow) {
        // A plain string in the template (`billion: Billion`) that has plural forms in this locale.
        edits.push(pluralInPlace(template, scalar, entry, options.locale, { ...r.layout, write: writerFor(style, scalar.place.style) }))
        return
      }
      replaceScalar(edits, scalar, textOf(entry), eol, style)
      return
    }
    renderForms(r, slot, entry)
  })

  if (added.length > 0) {
    const slotOf = new Map<Entry, ValueSlot>()
    matched.forEach((e, i) => {
      if (e) slotOf.set(e, model.slots[i]!)
    })
    addEntries(r, model, added, neighboursOf(entries, (e) => slotOf.get(e)))
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

/**
 * Writes an entry into a plural map of the template (issue 26). A map that holds the entry's forms is left as it is:
 * nobody edited it, and Rails reads whatever keys it has. A changed entry keeps every form the locale's own copy has
 * (a form the new text does not give keeps its text; in a file of unknown locale it takes the `other` text) and gains
 * the forms the locale needs that the copy lacks. Another locale's file (the source, for a first pull) is only a
 * layout: the forms written are the locale's.
 */
function renderForms(r: Render, slot: ValueSlot, entry: Entry): void {
  const forms = slot.forms!
  const held: PluralForms = {}
  for (const f of forms) held[f.category] = f.scalar.value
  if (entry.plural && samePlural(entry.plural, held) && otherOf(entry) === (held.other ?? '')) return
  const { eol } = r.layout
  const needed = formsFor(entry, r.locale, held)
  const gives = (c: PluralCategory) => !entry.plural || c === 'other' || entry.plural[c] !== undefined
  for (const form of forms) {
    const c = form.category
    if (r.owner === 'foreign' && !needed.includes(c)) r.edits.push({ start: form.lineStart, end: form.end, text: '', order: 0 })
    else if (gives(c) || r.owner !== 'own') replaceScalar(r.edits, form.scalar, textOf(entry, c), eol, r.style)
  }
  const lacking = needed.filter((c) => held[c] === undefined)
  if (lacking.length > 0) addForms(r, slot.formMap!, forms, lacking, entry)
}

/** Adds forms after the last form of a plural map, quoted like its `other` form (a block one as double quotes). */
function addForms(r: Render, map: YMap, forms: readonly FormSlot[], lacking: readonly PluralCategory[], entry: Entry): void {
  const { eol } = r.layout
  const like = (forms.find((f) => f.category === 'other') ?? forms[forms.length - 1]!).scalar.place
  const place = { ...like, style: like.style.startsWith('BLOCK') ? 'QUOTE_DOUBLE' as const : like.style }
  const pad = ' '.repeat(map.indent)
  const lines = lacking.map((c) => `${pad}${c}: ${writeScalar(textOf(entry, c), place, eol, r.style.quote)}${eol}`)
  r.edits.push({ start: map.end, end: map.end, text: atEnd(r.template, map.end, eol, lines), order: -map.indent })
}

function addEntries(r: Render, model: YamlModel, added: readonly Entry[], around: Map<Entry, Neighbours<ValueSlot>>): void {
  const { template, locale, edits } = r
  const { eol } = r.layout
  if (model.layout === 'hugo' && model.rootSeq) {
    const seq = model.rootSeq
    const pad = ' '.repeat(seq.indent)
    const spaced = /\n[ \t]*\r?\n[ \t]*- /.test(template)
    const lines: string[] = []
    for (const e of added) {
      if (spaced) lines.push(eol)
      lines.push(`${pad}- id: ${r.layout.write(e.key)}${eol}`)
      if (e.plural && Object.keys(e.plural).length > 0) {
        lines.push(`${pad}  translation:${eol}`, ...formLines(e, seq.indent + 2 + r.layout.step, locale, eol, r.layout.write))
      } else {
        lines.push(`${pad}  translation: ${r.layout.write(textOf(e))}${eol}`)
      }
    }
    edits.push({ start: seq.end, end: seq.end, text: atEnd(template, seq.end, eol, lines), order: 0 })
    return
  }
  const maps = new Map<string, YMap>()
  for (const m of model.maps) if (!maps.has(m.path)) maps.set(m.path, m.map)
  // Added keys under one name of a map share a branch, so new keys under one new parent share that parent: a mapping
  // never gets a key twice (issue 26).
  const groups = new Map<string, { at: number; order: number; branch: Branch; write: (text: string) => string; map: YMap }>()
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
    const head = segments[depth]!
    const taken = map.items.find((p) => p.key === head)
    if (taken && depth === segments.length - 1) {
      valueInto(r, taken, e)
      continue
    }
    const id = `${path}\u0000${head}`
    let group = groups.get(id)
    if (!group) {
      group = { ...placeIn(r, path, map, maps, around.get(e) ?? {}), branch: {}, map }
      groups.set(id, group)
    }
    // A name the map already holds as something else (a string, a plural) keeps its key: the new one is written dotted.
    addToBranch(group.branch, taken ? [segments.slice(depth).join('.')] : segments.slice(depth), e)
  }
  for (const group of groups.values()) {
    const lines: string[] = []
    branchLines(group.branch, group.map.indent, locale, { ...r.layout, write: group.write }, lines)
    edits.push({ start: group.at, end: group.at, text: atEnd(template, group.at, eol, lines), order: group.order })
  }
  if (orphans.children) {
    const lines: string[] = []
    branchLines(orphans, 0, locale, r.layout, lines)
    edits.push({ start: template.length, end: template.length, text: atEnd(template, template.length, eol, lines), order: 1 })
  }
}

/**
 * Writes an entry into a key the copy has with a value that is no entry: a null, number or boolean (`title: ~`) is
 * replaced, an empty value (`title:`) filled; an alias or a collection is left alone. Never a second `title:`.
 */
function valueInto(r: Render, pair: YPair, entry: Entry): void {
  const { value } = pair
  if (value.kind === 'scalar' && entry.plural && Object.keys(entry.plural).length > 0 && !value.place.inFlow) {
    r.edits.push(pluralInPlace(r.template, value, entry, r.locale, { ...r.layout, write: writerFor(r.style, value.place.style) }))
    return
  }
  if (pair.value.kind === 'scalar') return replaceScalar(r.edits, pair.value, textOf(entry), r.layout.eol, r.style)
  if (pair.value.kind !== 'other' || entry.plural) return
  const empty = /^ *:( *)(?:#.*)?\r?$/.exec(r.template.slice(pair.keyEnd, pair.end).split('\n', 1)[0]!)
  if (empty) {
    const at = pair.keyEnd + empty[0].indexOf(':') + 1
    r.edits.push({ start: at, end: at, text: ` ${r.layout.write(textOf(entry))}`, order: 0 })
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
 * are quoted like that neighbour's, in the file's quote where the neighbour is plain and the text cannot be.
 */
function placeIn(r: Render, path: string, map: YMap, maps: Map<string, YMap>, near: Neighbours<ValueSlot>): { at: number; order: number; write: (text: string) => string } {
  const { previous, next } = near
  const before = previous && childOf(path, previous)
  if (previous && before !== undefined) {
    const own = join(path, before)
    // The neighbour is the item itself, or a map holding it (then the new key goes after that whole map).
    const end = own === previous.key ? previous.end : maps.get(own)?.end
    if (end !== undefined) return { at: end, order: -map.indent, write: writerLike(r.style, previous) }
  }
  const after = next && childOf(path, next)
  if (next && after !== undefined && join(path, after) === next.key) {
    return { at: blockStart(r.template, next.lineStart), order: -map.indent, write: writerLike(r.style, next) }
  }
  return { at: map.end, order: -map.indent, write: writerLike(r.style, previous ?? next) }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`
}

/** Writes new values quoted the way a neighbour's value is (style.ts writerFor). */
function writerLike(style: CopyStyle, slot: ValueSlot | undefined): (text: string) => string {
  return writerFor(style, (slot?.scalar ?? slot?.forms?.[0]?.scalar)?.place.style)
}

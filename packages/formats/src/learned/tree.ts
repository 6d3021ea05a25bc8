/**
 * Reads JSON and YAML documents by a path template, on the byte-exact trees the json and yaml formats already use
 * (both refuse nesting past 100 levels). The walk visits each node at most once per path segment and pays for it.
 */
import { detectStringStyle, quoteJson, scanJson, type JsonNode } from '../json-text/index.js'
import { detectEol } from '../text.js'
import { readTree as readYamlTree } from '../yaml/parse.js'
import { writeScalar } from '../yaml/scalar.js'
import type { YNode } from '../yaml/tree.js'
import type { TreeTemplate } from './schema.js'
import { Work, WorkExceeded, type Reading, type Slot } from './work.js'

/** Reads a JSON or YAML file by a tree template; never throws. */
export function readTree(t: TreeTemplate, text: string, work: Work): Reading {
  const slots: Slot[] = []
  try {
    work.spend(text.length)
    const error = t.kind === 'json' ? readJson(t, text, work, slots) : readYamlDoc(t, text, work, slots)
    return { slots, work: work.used, ...(error ? { error } : {}) }
  } catch (e) {
    if (e instanceof WorkExceeded) return { slots, work: work.used, error: { message: e.message, offset: 0 } }
    throw e
  }
}

function readJson(t: TreeTemplate, text: string, work: Work, slots: Slot[]): { message: string; offset: number } | undefined {
  const scan = scanJson(text)
  if (scan.error) return scan.error
  const style = detectStringStyle(text)
  const encode = (v: string) => quoteJson(v, style)
  const visit = (node: JsonNode, depth: number, keys: string[]) => {
    work.spend(1)
    if (depth === t.path.length) {
      leafJson(t, node, keys, encode, slots, work)
      return
    }
    const seg = t.path[depth]!
    if (node.kind === 'object') {
      for (const m of node.members) if (seg === '*' || m.key === seg) visit(m.value, depth + 1, seg === '*' ? [...keys, m.key] : keys)
    } else if (node.kind === 'array' && seg === '*') {
      node.items.forEach((item, i) => visit(item, depth + 1, [...keys, String(i)]))
    }
  }
  visit(scan.root, 0, [])
  return undefined
}

function leafJson(t: TreeTemplate, node: JsonNode, keys: string[], encode: (v: string) => string, slots: Slot[], work: Work): void {
  let valueNode: JsonNode | undefined = node
  let key = joinKeys(keys, work)
  if (t.value_field !== undefined || t.key_field !== undefined) {
    if (node.kind !== 'object') return
    if (t.key_field !== undefined) {
      const k = node.members.find((m) => m.key === t.key_field)?.value
      if (k?.kind !== 'string') return
      key = k.value
    }
    valueNode = t.value_field !== undefined ? node.members.find((m) => m.key === t.value_field)?.value : undefined
  }
  if (valueNode?.kind !== 'string' || key === '') return
  // JSON tokens span their quotes; the whole token is what an edit replaces.
  slots.push({ key, value: valueNode.value, valueStart: valueNode.start, valueEnd: valueNode.end, start: valueNode.start, end: valueNode.end, encode })
}

function readYamlDoc(t: TreeTemplate, text: string, work: Work, slots: Slot[]): { message: string; offset: number } | undefined {
  const tree = readYamlTree(text)
  const bad = tree.issues.find((i) => i.severity === 'error')
  if (bad) return { message: `line ${bad.line}: ${bad.message}`, offset: 0 }
  if (!tree.root) return undefined
  const eol = detectEol(text)
  const visit = (node: YNode, depth: number, keys: string[]) => {
    work.spend(1)
    if (depth === t.path.length) {
      leafYaml(t, node, keys, eol, slots, work)
      return
    }
    const seg = t.path[depth]!
    if (node.kind === 'map') {
      for (const p of node.items) if (!p.isMerge && (seg === '*' || p.key === seg)) visit(p.value, depth + 1, seg === '*' ? [...keys, p.key] : keys)
    } else if (node.kind === 'seq' && seg === '*') {
      node.items.forEach((item, i) => visit(item.value, depth + 1, [...keys, String(i)]))
    }
  }
  visit(tree.root, 0, [])
  return undefined
}

function leafYaml(t: TreeTemplate, node: YNode, keys: string[], eol: string, slots: Slot[], work: Work): void {
  let valueNode: YNode | undefined = node
  let key = joinKeys(keys, work)
  if (t.value_field !== undefined || t.key_field !== undefined) {
    if (node.kind !== 'map') return
    if (t.key_field !== undefined) {
      const k = node.items.find((p) => p.key === t.key_field)?.value
      if (k?.kind !== 'scalar') return
      key = k.value
    }
    valueNode = t.value_field !== undefined ? node.items.find((p) => p.key === t.value_field)?.value : undefined
  }
  if (valueNode?.kind !== 'scalar' || !valueNode.isString || key === '') return
  const place = valueNode.place
  slots.push({ key, value: valueNode.value, valueStart: valueNode.start, valueEnd: valueNode.end, start: valueNode.start, end: valueNode.end, encode: (v) => writeScalar(v, place, eol) })
}

/** The key of a leaf from the member names on its path; paid for, as every leaf under a long name repeats it. */
function joinKeys(keys: string[], work: Work): string {
  const key = keys.join('.')
  work.spend(key.length)
  return key
}

// Test support for the JSON-based formats: string values, ICU checks, line diffs and fuzz inputs.
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser'
import { scanJson } from '../src/json-text/scan.js'
import type { JsonNode } from '../src/json-text/scan.js'

/** Every string value of a JSON text, with its path, for ICU checks. */
export function stringValues(text: string): Array<{ path: string[]; value: string }> {
  const scan = scanJson(text)
  if (!scan.root) throw new Error(scan.error.message)
  const out: Array<{ path: string[]; value: string }> = []
  const walk = (node: JsonNode, path: string[]) => {
    if (node.kind === 'string') out.push({ path, value: node.value })
    else if (node.kind === 'object') for (const m of node.members) walk(m.value, [...path, m.key])
    else if (node.kind === 'array') node.items.forEach((item, i) => walk(item, [...path, String(i)]))
  }
  walk(scan.root, [])
  return out
}

/** Messages that the ICU parser rejects (tags ignored, as FORMATS.md's check does). */
export function icuErrors(messages: ReadonlyArray<{ path: string[]; value: string }>): string[] {
  const errors: string[] = []
  for (const { path, value } of messages) {
    try {
      parseIcu(value, { ignoreTag: true })
    } catch (e) {
      errors.push(`${path.join('.')}: ${(e as Error).message}`)
    }
  }
  return errors
}

/** The lines that differ between two texts of the same line count (undefined when counts differ). */
export function changedLines(before: string, after: string): Array<{ before: string; after: string }> | undefined {
  const a = before.split('\n')
  const b = after.split('\n')
  if (a.length !== b.length) return undefined
  const out: Array<{ before: string; after: string }> = []
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) out.push({ before: a[i]!, after: b[i]! })
  return out
}

/** A small deterministic PRNG (mulberry32), so fuzz failures reproduce. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fuzz inputs from a valid file: every truncation point (sampled), random byte strings, and random splices. */
export function fuzzInputs(valid: string, count = 300, seed = 42): string[] {
  const random = seededRandom(seed)
  const out: string[] = []
  const step = Math.max(1, Math.floor(valid.length / count))
  for (let i = 0; i < valid.length; i += step) out.push(valid.slice(0, i))
  const alphabet = '{}[]",:\\u0123456789abcdeftrnl \n\r\t\u00e9\ud83d\ude00\u0000\uFEFF@'
  for (let n = 0; n < count; n++) {
    const len = Math.floor(random() * 200)
    let s = ''
    for (let i = 0; i < len; i++) s += random() < 0.5 ? alphabet[Math.floor(random() * alphabet.length)] : String.fromCharCode(Math.floor(random() * 0xffff))
    out.push(s)
    const at = Math.floor(random() * valid.length)
    out.push(valid.slice(0, at) + s.slice(0, 3) + valid.slice(at + Math.floor(random() * 3)))
  }
  return out
}

/**
 * Node's reading of what FORMATS.md's strict JSON check asks (no BOM, parses, no repeated key in an
 * object), so plain tests need no python3; `*.validators.test.ts` run the real jq and python3.
 */
export function strictJson(text: string): true {
  if (text.startsWith('\uFEFF')) throw new Error('UTF-8 BOM')
  JSON.parse(text)
  const scan = scanJson(text)
  if (!scan.root) throw new Error(scan.error.message)
  const walk = (node: JsonNode) => {
    if (node.kind === 'object') {
      const seen = new Set<string>()
      for (const m of node.members) {
        if (seen.has(m.key)) throw new Error(`duplicate key ${JSON.stringify(m.key)}`)
        seen.add(m.key)
        walk(m.value)
      }
    } else if (node.kind === 'array') node.items.forEach(walk)
  }
  walk(scan.root)
  return true
}

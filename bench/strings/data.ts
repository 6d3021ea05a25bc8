// Generated strings for the strings benchmark: words drawn with the frequencies of real UI text (two real-world
// English source files of the shared corpus), so trigram and full-text indexes see a realistic distribution.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/json/', import.meta.url))

function textsOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) textsOf(v, out)
  return out
}

/** Every word occurrence (lowercase letters only) of the corpus sources: picking uniformly picks by real frequency. */
export function wordTokens(): string[] {
  const texts = ['tolgee-webapp-en.json', 'lemmy-frontend-en.json'].flatMap((f) => textsOf(JSON.parse(readFileSync(CORPUS + f, 'utf8')), []))
  return texts.flatMap((t) => t.match(/[A-Za-z]+/g) ?? []).map((w) => w.toLowerCase())
}

/** A deterministic random generator (mulberry32), so every run benchmarks the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A sentence of `min..max` words, capitalized, sometimes ending with a period. */
export function sentence(tokens: string[], rand: () => number, min: number, max: number): string {
  const n = min + Math.floor(rand() * (max - min + 1))
  const words = Array.from({ length: n }, () => tokens[Math.floor(rand() * tokens.length)]!)
  const s = words.join(' ')
  return s.charAt(0).toUpperCase() + s.slice(1) + (rand() < 0.3 ? '.' : '')
}

/** The source file of the push benchmark: `keys` strings in sections of 100, as an i18next-style nested JSON object. */
export function sourceStrings(tokens: string[], keys: number): { nested: Record<string, Record<string, string>>; flat: [string, string][] } {
  const rand = prng(42)
  const nested: Record<string, Record<string, string>> = {}
  const flat: [string, string][] = []
  for (let i = 0; i < keys; i++) {
    const section = `section_${Math.floor(i / 100)}`
    const key = `item_${i % 100}`
    // Most strings are unique; every 50th repeats an earlier one, as real files repeat "Cancel" and "Save".
    const value = i % 50 === 49 ? flat[Math.floor(rand() * flat.length)]![1] : sentence(tokens, rand, 7, 17)
    ;(nested[section] ??= {})[key] = value
    flat.push([`${section}.${key}`, value])
  }
  return { nested, flat }
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The same strings as a nested YAML file with plain scalars (the generated words need no quoting). */
export function asYaml(nested: Record<string, Record<string, string>>): string {
  return Object.entries(nested).map(([section, items]) => `${section}:\n${Object.entries(items).map(([k, v]) => `  ${k}: ${v}\n`).join('')}`).join('')
}

/**
 * The same strings as an XLIFF 1.2 source file, as many as fit push_file's 10,000,000 characters (the markup
 * around each string makes all 100,000 too long): returns the file and how many strings it holds.
 */
export function asXliff(flat: [string, string][], maxChars = 9_900_000): { content: string; keys: number } {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n<file source-language="en" datatype="plaintext" original="messages">\n<body>\n'
  const tail = '</body>\n</file>\n</xliff>\n'
  const units: string[] = []
  let size = head.length + tail.length
  for (const [k, v] of flat) {
    const unit = `<trans-unit id="${xml(k)}"><source>${xml(v)}</source></trans-unit>\n`
    if (size + unit.length > maxChars) break
    units.push(unit)
    size += unit.length
  }
  return { content: head + units.join('') + tail, keys: units.length }
}

// The format harness (style.md § 2.5): every built-in format runs over its team-written vectors in
// test/vectors/<id>/, which hold the shapes the real-world corpus taught us (comments, plurals, escapes,
// encodings, line endings). For every vector: parse equals <case>.entries.json; rendering the parsed
// entries gives the file back byte for byte; editing one entry changes only that entry's lines; and
// detection names the format first. Needs nothing but Node and the repository.
import { describe, expect, it } from 'vitest'
import type { Entry, PluralForms } from '../src/format.js'
import { detectFormat } from '../src/index.js'
import { pluralCategories } from '../src/plural.js'
import { formats } from '../src/registry.js'
import { changedLines, editEntry, encodeText, expectedParse, strayVectorFiles, UPDATE_VECTORS, vectorsOf, writeSpec } from './vectors.js'

/**
 * Whether two edits' changed line ranges share a line; an insertion (an empty range) overlaps a range it falls
 * inside. Two entries written on one line (an inline JSON array) may both change that line and nothing else.
 */
function overlap(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  if (a.start === b.start && a.end === b.end && a.end === a.start + 1) return false
  if (a.start === a.end && b.start === b.end) return a.start === b.start
  if (a.start === a.end) return b.start < a.start && a.start < b.end
  if (b.start === b.end) return a.start < b.start && b.start < a.end
  return Math.max(a.start, b.start) < Math.min(a.end, b.end)
}

/**
 * An entry's text as a reader sees it. A written plural holds the locale's CLDR categories (decisions.md: a changed
 * plural gets exactly those, plus `zero` where the format keeps it), so forms outside them are left out here.
 */
function textOf(entry: Entry, locale: string): { value: string; plural?: PluralForms } {
  if (!entry.plural) return { value: entry.value }
  const wanted = new Set<string>(pluralCategories(locale))
  return { value: entry.value, plural: Object.fromEntries(Object.entries(entry.plural).filter(([c]) => wanted.has(c))) }
}

it('holds only cases of built-in formats, each spec beside its file', () => {
  expect(strayVectorFiles(formats.map((f) => f.id))).toEqual([])
})

describe.each(formats.map((format) => ({ id: format.id, format })))('$id', ({ id, format }) => {
  const vectors = vectorsOf(id)

  it('has at least three vectors', () => {
    expect(vectors.map((v) => v.name).length).toBeGreaterThanOrEqual(3)
  })

  describe.each(vectors.map((v) => ({ name: `${id}: ${v.name}`, vector: v })))('$name', ({ vector }) => {
    const options = vector.options
    const parsed = format.parse(vector.content, options)

    it('parses to its entries.json', () => {
      if (UPDATE_VECTORS) writeSpec(vector, parsed)
      else if (!vector.spec) throw new Error(`${vector.specPath} is missing: run UPDATE_VECTORS=1 pnpm vitest run packages/formats/test/vectors.test.ts and review it`)
      else expect(parsed).toEqual(expectedParse(vector.spec))
    })

    it('renders its own entries back byte for byte', () => {
      const out = format.render(vector.content, parsed.entries, options)
      expect(out).toBe(vector.content)
      expect(encodeText(out, vector.encoding).equals(vector.bytes)).toBe(true)
    })

    it('is named first by detection', () => {
      expect(detectFormat(vector.filename, vector.content).format).toBe(id)
    })

    it('changes only the edited entry\'s lines when one entry is edited', () => {
      expect(parsed.entries.length).toBeGreaterThan(0)
      const regions = parsed.entries.map((entry, index) => {
        const edited = parsed.entries.map((e, i) => (i === index ? editEntry(e, index, options.locale) : e))
        const out = format.render(vector.content, edited, options)
        const reread = format.parse(out, options)
        const label = `entry ${index} (${entry.key}${entry.context ? ` in ${entry.context}` : ''})`
        // The edited entry reads back with its new text; every other entry reads back as it was.
        expect(reread.entries.length, label).toBe(parsed.entries.length)
        expect(textOf(reread.entries[index]!, options.locale), label).toEqual(textOf(edited[index]!, options.locale))
        expect(reread.entries.filter((_, i) => i !== index), label).toEqual(parsed.entries.filter((_, i) => i !== index))
        expect(out, `${label} changed nothing`).not.toBe(vector.content)
        return { label, ...changedLines(vector.content, out) }
      })
      // No two edits changed the same line of the file (or inserted lines inside another's): each stays within its entry.
      for (const [i, a] of regions.entries()) {
        for (const b of regions.slice(i + 1)) {
          expect(overlap(a, b), `${a.label} (lines ${a.start + 1}-${a.end}) and ${b.label} (lines ${b.start + 1}-${b.end}) overlap`).toBe(false)
        }
      }
    })
  })
})

// The fast scanner must read exactly what the yaml package reads, or step aside.
import { describe, expect, it } from 'vitest'
import { fastTree } from './fast.js'
import { treeFromDocument } from './from-document.js'
import type { YamlModel } from './tree.js'
import { modelOf } from './tree.js'

function summary(model: YamlModel) {
  return {
    layout: model.layout,
    slots: model.slots.map((s) => ({
      key: s.key,
      lineStart: s.lineStart,
      end: s.end,
      scalar: s.scalar && [s.scalar.value, s.scalar.start, s.scalar.end, s.scalar.place.style, s.scalar.place.indent],
      forms: s.forms?.map((f) => [f.category, f.scalar.value, f.scalar.start, f.scalar.end, f.lineStart, f.end]),
    })),
    // Ends may differ by trailing comment lines (both are fine places to add keys); paths may not.
    maps: model.maps.map((m) => [m.path, m.map.indent]),
  }
}

const KEYS = ['title', 'one', 'other', 'few', 'yes', '"quoted key"', "'single key'", 'a.b', 'x']
const VALUES = ['plain text', "'it''s'", '"say \\"hi\\"\\n"', ':sym', '123', 'yes', "''", '""', 'text # comment', "'%{count} items'", '"\\u00e9"', 'ž', 'a#b', 'http://x.y']
// Values the scanner must step aside for (or that are not valid YAML at all).
const HARD = ['a: b', 'end:', 'tab\there', '[1, 2]', '&a x', '*a', '| x', "'unclosed", '"bad \\q"', '%{count}']

describe('fast yaml scanner', () => {
  it('agrees with the yaml package on every document it accepts', () => {
    let seed = 11
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
    const value = () => (random() < 0.03 ? pick(HARD) : pick(VALUES))
    let accepted = 0
    for (let n = 0; n < 400; n++) {
      const lines: string[] = random() < 0.3 ? ['# header', '---'] : []
      const root = random() < 0.5 ? 'en:' : undefined
      if (root) lines.push(root)
      let indent = root ? 2 : 0
      for (let i = 0; i < 12; i++) {
        const r = random()
        const pad = ' '.repeat(indent)
        if (r < 0.1) lines.push('')
        else if (r < 0.2) lines.push(`${pad}# note`)
        else if (r < 0.35) {
          lines.push(`${pad}${pick(KEYS)}:`)
          indent += 2
        } else if (r < 0.45) {
          lines.push(`${pad}list:`, `${pad}- ${value()}`, `${pad}-`, `${pad}- ${value()}`)
        } else if (r < 0.55 && indent > (root ? 2 : 0)) {
          indent -= 2
          lines.push(`${' '.repeat(indent)}${pick(KEYS)}: ${value()}`)
        } else lines.push(`${pad}${pick(KEYS)}: ${value()}`)
      }
      const eol = random() < 0.2 ? '\r\n' : '\n'
      const text = lines.join(eol) + (random() < 0.8 ? eol : '')
      const fast = fastTree(text)
      if (!fast) continue
      accepted++
      const full = treeFromDocument(text)
      expect(full.issues, text).toEqual([])
      expect(summary(modelOf(fast, ['en'])), JSON.stringify(text)).toEqual(summary(modelOf(full, ['en'])))
      for (const tree of [fast, full]) {
        for (const m of modelOf(tree, ['en']).maps) expect(m.map.end === text.length || text[m.map.end - 1] === '\n', JSON.stringify(text)).toBe(true)
      }
    }
    expect(accepted).toBeGreaterThan(50)
  })

  it.each([
    ['an anchor', 'en:\n  a: &x y\n'],
    ['a block scalar', 'en:\n  a: |\n    y\n'],
    ['a flow map', 'en: {a: b}\n'],
    ['a multi-line plain scalar', 'en:\n  a: one\n    two\n'],
    ['a multi-line quoted scalar', 'en:\n  a: "one\n    two"\n'],
    ['a second document', 'en:\n  a: b\n---\nde:\n  a: c\n'],
    ['a merge key', 'en:\n  <<: {a: b}\n'],
    ['a map inside a sequence', '- id: a\n  translation: b\n'],
  ])('steps aside for %s', (_name, text) => {
    expect(fastTree(text)).toBeUndefined()
  })
})

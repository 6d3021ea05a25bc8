import { describe, expect, it } from 'vitest'
import { DEFAULT_LAYOUT, detectLayout, OrderedObject, stringifyJson } from './layout.js'
import { applyEdits, ObjectEditor } from './edit.js'
import { positionLookup } from './lines.js'
import { MAX_JSON_DEPTH, scanJson } from './scan.js'
import type { JsonObject } from './scan.js'
import { detectStringStyle, quoteJson } from './string.js'
import { assignEntries } from './assign.js'

function root(text: string): JsonObject {
  const scan = scanJson(text)
  if (scan.root?.kind !== 'object') throw new Error('not an object')
  return scan.root
}

describe('scanJson', () => {
  it('keeps every member in source order, repeated keys included, with exact spans', () => {
    const text = '{"a": "x", "b": 1, "a": "y"}'
    const r = root(text)
    expect(r.members.map((m) => m.key)).toEqual(['a', 'b', 'a'])
    const last = r.members[2]!.value
    expect(text.slice(last.start, last.end)).toBe('"y"')
    expect(text.slice(r.members[1]!.keyStart, r.members[1]!.keyEnd)).toBe('"b"')
  })

  it.each([
    ['"\\u00e9\\/\\n\\t\\"\\\\"', 'é/\n\t"\\'],
    ['"\\ud83d\\ude00 😀"', '😀 😀'],
    ['"plain"', 'plain'],
  ])('decodes the string %s', (token, value) => {
    const scan = scanJson(token)
    expect(scan.root).toMatchObject({ kind: 'string', value })
  })

  it('treats a leading BOM as whitespace so offsets stay those of the content', () => {
    const text = '\uFEFF{"a": "b"}'
    expect(root(text).members[0]!.keyStart).toBe(2)
  })

  it.each([
    ['{"a": "b",}', 10, "Unexpected character '}', expected a quoted key"],
    ['{"a": "b"', 9, "Unexpected end of input, expected ',' or '}'"],
    ['{"a": "b', 6, 'Unterminated string'],
    ['{"a": "b\nc"}', 8, 'Control character'],
    ['{"a": "\\x"}', 7, 'Invalid escape'],
    ['{"a": "\\u12"}', 7, 'Invalid \\u escape'],
    ['{"a": tru}', 6, 'expected a value'],
    ['{"a": 01}', 7, "expected ',' or '}'"],
    ['{"a": 1} x', 9, 'Unexpected content after the JSON value'],
    ['', 0, 'Unexpected end of input'],
    ['{"a" "b"}', 5, "expected ':'"],
  ])('reports %j as an error at offset %i', (text, offset, message) => {
    const scan = scanJson(text)
    expect(scan.error?.offset).toBe(offset)
    expect(scan.error?.message).toContain(message)
  })

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    const nest = (n: number) => '{"a":'.repeat(n - 1) + '{}' + '}'.repeat(n - 1)
    expect(scanJson(nest(MAX_JSON_DEPTH)).error).toBeUndefined()
    expect(scanJson(nest(MAX_JSON_DEPTH + 1)).error?.message).toContain('Nesting deeper than 100')
    expect(scanJson('['.repeat(100_000)).error?.message).toContain('Nesting deeper than 100')
  })
})

describe('positionLookup', () => {
  it('gives 1-based line and column, CRLF lines included', () => {
    const at = positionLookup('ab\r\ncd\nef')
    expect(at(0)).toEqual({ line: 1, column: 1 })
    expect(at(5)).toEqual({ line: 2, column: 2 })
    expect(at(8)).toEqual({ line: 3, column: 2 })
  })
})

describe('quoteJson and detectStringStyle', () => {
  it.each([
    ['é "q" \\ /\n\u0001', { asciiOnly: false, escapeSlash: false }, '"é \\"q\\" \\\\ /\\n\\u0001"'],
    ['é/😀', { asciiOnly: true, escapeSlash: true }, '"\\u00e9\\/\\ud83d\\ude00"'],
    ['a\ud800b 😀 \udc00', { asciiOnly: false, escapeSlash: false }, '"a\\ud800b 😀 \\udc00"'],
  ])('quotes %j in style %j', (value, style, token) => {
    expect(quoteJson(value, style)).toBe(token)
  })

  it.each([
    ['{"a": "\\u00e9"}', true, false],
    ['{"a": "é \\u00e9"}', false, false],
    ['{"a": "http:\\/\\/x"}', false, true],
  ])('reads the escaping habits of %s', (text, asciiOnly, escapeSlash) => {
    expect(detectStringStyle(text)).toEqual({ asciiOnly, escapeSlash })
  })
})

describe('ObjectEditor', () => {
  const text = '{\n  "a": "1",\n  "b": "2",\n  "c": "3"\n}\n'
  const layout = detectLayout(text, root(text))
  const cases: Array<[string, (ed: ObjectEditor) => void, string]> = [
    ['removes the first member', (ed) => ed.remove(0), '{\n  "b": "2",\n  "c": "3"\n}\n'],
    ['removes a middle member', (ed) => ed.remove(1), '{\n  "a": "1",\n  "c": "3"\n}\n'],
    ['removes the last member', (ed) => ed.remove(2), '{\n  "a": "1",\n  "b": "2"\n}\n'],
    ['removes the first two members', (ed) => { ed.remove(0); ed.remove(1) }, '{\n  "c": "3"\n}\n'],
    ['removes every member', (ed) => { ed.remove(0); ed.remove(1); ed.remove(2) }, '{}\n'],
    ['appends a member', (ed) => ed.append(ed.memberText('d', '4')), '{\n  "a": "1",\n  "b": "2",\n  "c": "3",\n  "d": "4"\n}\n'],
    ['inserts before the first member', (ed) => ed.insertAfter(-1, ed.memberText('z', '0')), '{\n  "z": "0",\n  "a": "1",\n  "b": "2",\n  "c": "3"\n}\n'],
    ['appends after a removed last member', (ed) => { ed.remove(2); ed.append(ed.memberText('d', '4')) }, '{\n  "a": "1",\n  "b": "2",\n  "d": "4"\n}\n'],
    ['replaces everything when all are removed and one is added', (ed) => { ed.remove(0); ed.remove(1); ed.remove(2); ed.append(ed.memberText('d', '4')) }, '{\n  "d": "4"\n}\n'],
  ]
  it.each(cases)('%s, keeping the commas and whitespace of the rest', (_name, plan, expected) => {
    const ed = new ObjectEditor(text, root(text), layout)
    plan(ed)
    expect(applyEdits(text, ed.edits())).toBe(expected)
  })

  it('fills an empty nested object with indented members', () => {
    const t = '{\n    "x": {}\n}'
    const inner = root(t).members[0]!.value as JsonObject
    const ed = new ObjectEditor(t, inner, detectLayout(t, root(t)))
    ed.append(ed.memberText('k', new OrderedObject([['n', 'v']])))
    expect(applyEdits(t, ed.edits())).toBe('{\n    "x": {\n        "k": {\n            "n": "v"\n        }\n    }\n}')
  })

  it('refuses overlapping edits, which only a writer bug can produce', () => {
    expect(() => applyEdits('abcdef', [{ start: 0, end: 3, text: '' }, { start: 2, end: 4, text: '' }])).toThrow(/Overlapping/)
  })
})

describe('stringifyJson', () => {
  it("writes Xcode's separator and nested indentation", () => {
    const value = new OrderedObject([['a', new OrderedObject([['b', [1, true, null]]])], ['2', 'x']])
    expect(stringifyJson(value, '', { ...DEFAULT_LAYOUT, colon: ' : ' })).toBe('{\n  "a" : {\n    "b" : [\n      1,\n      true,\n      null\n    ]\n  },\n  "2" : "x"\n}')
  })
})

describe('assignEntries', () => {
  it('gives a single entry to the last copy of a repeated key and keeps earlier copies', () => {
    const slots = [{ key: 'a' }, { key: 'b' }, { key: 'a' }]
    const { assigned, shadowed, extra } = assignEntries(slots, [{ key: 'a', v: 1 }, { key: 'c', v: 2 }])
    expect(assigned).toEqual([undefined, undefined, { key: 'a', v: 1 }])
    expect(shadowed).toEqual([true, false, false])
    expect(extra).toEqual([{ key: 'c', v: 2 }])
  })

  it('tells entries apart by context', () => {
    const { assigned, extra } = assignEntries([{ key: 'a' }], [{ key: 'a', context: 'menu' }])
    expect(assigned).toEqual([undefined])
    expect(extra).toHaveLength(1)
  })
})

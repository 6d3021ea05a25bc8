// Hostile templates and files: every case must end in bounded work with a clear answer. The assertions are on the
// engine's work counter and on its refusals, never on the clock. Big inputs are built here, never committed.
import { describe, expect, test } from 'vitest'
import { checkTemplate, parseLearned, readSlots } from './engine.js'
import { validateTemplate, type Template } from './schema.js'
import { WORK_BASE, WORK_PER_CHAR, type Reading } from './work.js'

const MB = 1_000_000
const budgetOf = (length: number) => WORK_BASE + WORK_PER_CHAR * length

/**
 * Reads `text` while counting the characters every `indexOf` passes over, the engine's only search that is not a
 * loop of its own: the work counter is honest only when it counts at least these.
 */
function readCountingScans(template: Template, text: string): { reading: Reading; scanned: number } {
  const original = String.prototype.indexOf
  let scanned = 0
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    const at = original.call(this, search, from)
    const start = Math.min(Math.max(0, from ?? 0), this.length)
    scanned += (at === -1 ? this.length : at + search.length) - start
    return at
  }
  try {
    return { reading: readSlots(template, text), scanned }
  } finally {
    String.prototype.indexOf = original
  }
}

describe('adversarial templates and files', () => {
  test('a 10 MB single line reads in linear work', () => {
    const text = 'key=' + 'x'.repeat(10 * MB)
    const parsed = parseLearned({ kind: 'lines', separators: ['='], quotes: [{ open: '"', close: '"' }], escapes: { '\\n': '\n' } }, text)
    expect(parsed.entries).toHaveLength(1)
    expect(parsed.entries[0]!.value).toHaveLength(10 * MB)
    expect(parsed.work).toBeLessThan(5 * text.length)
  })

  test('a 10 MB single line with no separator is refused with its line, in linear work', () => {
    const text = 'x'.repeat(10 * MB)
    const parsed = parseLearned({ kind: 'lines', separators: ['=', ':', '->', ' = '] }, text)
    expect(parsed.issues[0]).toMatchObject({ severity: 'error', line: 1 })
    expect(parsed.work).toBeLessThan(10 * text.length)
  })

  test('2 MB of key=value lines with a second separator absent from the file read in linear, counted work', () => {
    // A separator searched beyond its line (to the end of the file) made this quadratic: seconds for 2 MB.
    const line = (i: number) => `key_${String(i).padStart(6, '0')}=Some value text here\n`
    const text = Array.from({ length: 70_000 }, (_, i) => line(i)).join('')
    expect(text.length).toBeGreaterThan(2 * MB)
    const { reading, scanned } = readCountingScans({ kind: 'lines', separators: ['=', ':'] }, text)
    expect(reading.error).toBeUndefined()
    expect(reading.slots).toHaveLength(70_000)
    expect(scanned).toBeLessThanOrEqual(reading.work)
    expect(reading.work).toBeLessThan(5 * text.length)
  })

  test('2 MB of lines without a separator, kept by other_lines: keep, read in linear, counted work', () => {
    const text = 'this line has no separator at all, kept as written\n'.repeat(40_000) + 'key=value\n'
    expect(text.length).toBeGreaterThan(2 * MB)
    const { reading, scanned } = readCountingScans({ kind: 'lines', separators: ['='], other_lines: 'keep' }, text)
    expect(reading.error).toBeUndefined()
    expect(reading.slots.map((s) => s.key)).toEqual(['key'])
    expect(scanned).toBeLessThanOrEqual(reading.work)
    expect(reading.work).toBeLessThan(5 * text.length)
  })

  const LONG = 500_000
  test.each([
    ['a section name of 500,000 characters over 1,000 entries', { kind: 'lines', separators: ['='], sections: { open: '[', close: ']' } } as Template, `[${'s'.repeat(LONG)}]\n` + 'a=b\n'.repeat(1_000)],
    ['a block name of 500,000 characters over 1,000 entries', { kind: 'lines', separators: ['='], blocks: { open: '{', close: '}' } } as Template, `${'b'.repeat(LONG)} {\n` + 'a=b\n'.repeat(1_000) + '}\n'],
    ['a JSON member name of 500,000 characters over 1,000 entries', { kind: 'json', path: ['*', '*'] } as Template, `{"${'m'.repeat(LONG)}": {` + Array.from({ length: 1_000 }, (_, i) => `"${i}":""`).join(',') + '}}'],
  ])('%s: the keys it makes are paid for, so the budget stops it', (_name, template, text) => {
    // Every key repeats the long name: 500 MB of keys from a file of 500 KB, unpaid before.
    const parsed = parseLearned(template, text)
    expect(parsed.issues[0]?.message).toMatch(/needs more work than this file allows/)
    expect(parsed.work).toBeLessThanOrEqual(budgetOf(text.length) + LONG + 16)
  })

  test('an escape table built to make matching quadratic is stopped by the work budget', () => {
    // 32 sequences of 16 characters sharing their first 15: every backslash of the file tries all 32.
    const escapes = Object.fromEntries(Array.from({ length: 32 }, (_, i) => ['\\'.repeat(15) + String.fromCharCode(0x4e00 + i), 'x']))
    const template: Template = { kind: 'lines', separators: ['='], escapes }
    expect(validateTemplate(template).issues).toBeUndefined()
    const text = 'k=' + '\\'.repeat(MB)
    const parsed = parseLearned(template, text)
    expect(parsed.issues[0]?.message).toMatch(/needs more work than this file allows/)
    expect(parsed.work).toBeLessThanOrEqual(budgetOf(text.length) + 16)
    expect(checkTemplate(template, text).errors[0]).toMatch(/simplify the template/)
  })

  test('a caller can tighten the budget; reading stops at it', () => {
    const text = 'a=1\n'.repeat(10_000)
    const parsed = parseLearned({ kind: 'lines', separators: ['='] }, text, { workLimit: 1_000 })
    expect(parsed.issues[0]?.message).toMatch(/1000 steps/)
    expect(parsed.work).toBeLessThanOrEqual(1_000 + 16)
  })

  test('strings that look like nested quantifiers are literals', () => {
    const template: Template = { kind: 'lines', separators: ['(a+)+'] }
    expect(parseLearned(template, 'key(a+)+value\n').entries).toEqual([{ key: 'key', value: 'value' }])
    const text = 'a'.repeat(MB) + '!'
    const parsed = parseLearned(template, text)
    expect(parsed.issues[0]?.severity).toBe('error')
    expect(parsed.work).toBeLessThan(3 * text.length)
  })

  test('a million repeated entries read in linear work, each repeat a warning', () => {
    const text = 'same=value\n'.repeat(MB)
    const parsed = parseLearned({ kind: 'lines', separators: ['='] }, text)
    expect(parsed.entries).toHaveLength(MB)
    expect(parsed.issues.filter((i) => i.severity === 'warning')).toHaveLength(MB - 1)
    expect(parsed.work).toBeLessThan(4 * text.length)
  })

  test.each([
    ['a million nested blocks', { kind: 'lines', separators: ['='], blocks: { open: '{', close: '}' } } as Template, 'a {\n'.repeat(MB), /Blocks nest deeper than 64/],
    ['indentation 10,000 levels deep', { kind: 'lines', separators: [':'], indent: {} } as Template, Array.from({ length: 10_000 }, (_, i) => ' '.repeat(i) + 'k:').join('\n'), /Indentation nests deeper than 64/],
    ['XML nested 100,000 deep', { kind: 'xml', element: 'e', key_attribute: 'k' } as Template, '<e>'.repeat(100_000) + '</e>'.repeat(100_000), /deep|nest/i],
    ['JSON nested 100,000 deep', { kind: 'json', path: ['*'] } as Template, '['.repeat(100_000) + ']'.repeat(100_000), /deep|nest/i],
  ])('%s is refused with an error', (_name, template, text, message) => {
    const parsed = parseLearned(template, text)
    expect(parsed.issues.find((i) => i.severity === 'error')?.message).toMatch(message)
    expect(parsed.work).toBeLessThanOrEqual(budgetOf(text.length))
  })

  test.each([
    ['a separator repeated 10,000 times', { kind: 'lines', separators: ['='.repeat(10_000)] }],
    ['1,000 escapes', { kind: 'lines', separators: ['='], escapes: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`\\${i}`, 'x'])) }],
    ['100 separators', { kind: 'lines', separators: Array.from({ length: 100 }, (_, i) => String(i)) }],
    ['a path 1,000 deep', { kind: 'json', path: Array.from({ length: 1000 }, () => '*') }],
    ['a template of 1 MB', { kind: 'xml', element: 'e', key_attribute: 'k', within: ['x'.repeat(MB)] }],
  ])('the schema refuses %s', (_name, template) => {
    expect(validateTemplate(template).issues?.length).toBeGreaterThan(0)
  })
})

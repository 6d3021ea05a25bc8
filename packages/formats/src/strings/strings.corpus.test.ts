// Every .strings file of the shared corpus: byte-for-byte round trip, detection, one-value edits, and
// sfparse (GNUstep) on what we write. Quirks covered: Interface Builder `/* Class = …; */` comments
// and object-id keys (Sparkle prompt), UTF-16LE with BOM and a leading blank line (Sparkle de prompt),
// genstrings sentences as keys with positional `%1$@` (Sparkle), raw newlines inside quoted values,
// `\"` escapes and no final newline (mastodon).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORPUS_DIR, corpusFiles } from '../../test/corpus.js'
import type { CorpusFile } from '../../test/corpus.js'
import { readStrings } from './document.js'
import { detectStrings, stringsFormat } from './index.js'

const dir = mkdtempSync(join(tmpdir(), 'tolk-strings-'))
let counter = 0

/** Encodes like the CLI writes a pulled file back (same encoding, BOM kept). */
function encode(content: string, encoding: CorpusFile['encoding']): Buffer {
  if (encoding === 'utf-16le') return Buffer.from(content, 'utf16le')
  if (encoding === 'utf-16be') return Buffer.from(content, 'utf16le').swap16()
  return Buffer.from(content, 'utf8')
}

/** Runs sfparse as FORMATS.md verified it; a missing sfparse or a rejection throws and fails the test. */
function sfparse(content: string, encoding: CorpusFile['encoding']): string {
  const path = join(dir, `file${counter++}.strings`)
  writeFileSync(path, encode(content, encoding))
  return execFileSync('sfparse', [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

const files = corpusFiles('strings')
const LOCALE = (name: string) => /-(\w+)\.lproj/.exec(name)?.[1] ?? 'en'

describe('strings corpus', () => {
  it('scores the files of every other format low', () => {
    const others = readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'strings' && d.name !== 'xsd')
    const scores = others.flatMap((d) => corpusFiles(d.name).map((f) => [f.name, detectStrings(f.name.split('/').pop() ?? '', f.content)] as const))
    expect(scores.length).toBeGreaterThan(40)
    expect(scores.filter(([, score]) => score >= 0.3)).toEqual([])
  })

  it('has the six files SOURCES.md lists', () => {
    expect(files).toHaveLength(6)
  })

  describe.each(files)('$name', (file) => {
    const options = { locale: LOCALE(file.name) === 'Base' ? 'en' : LOCALE(file.name), sourceLocale: 'en' }
    const parsed = stringsFormat.parse(file.content, options)

    it('parses without errors', () => {
      expect(parsed.issues).toEqual([])
      expect(parsed.entries.length).toBeGreaterThan(0)
    })

    it('renders its own entries back byte for byte, BOM and encoding included', () => {
      const out = stringsFormat.render(file.content, parsed.entries, options)
      expect(out).toBe(file.content)
      expect(encode(out, file.encoding).equals(encode(file.content, file.encoding))).toBe(true)
    })

    it('is named strings first by detectFormat', async () => {
      const { detectFormat } = await import('../index.js')
      expect(detectFormat(file.name.split('/').pop() ?? '', file.content).format).toBe('strings')
    })

    it('changes only the edited value when one value changes', () => {
      const doc = readStrings(file.content)
      const index = Math.floor(parsed.entries.length / 2)
      const pair = doc.pairs[index]
      if (!pair) throw new Error('no pair')
      const value = 'Geändert "quoted" \\ back\ttab'
      const out = stringsFormat.render(file.content, parsed.entries.map((e, i) => (i === index ? { ...e, value } : e)), options)
      expect(out.slice(0, pair.valueStart)).toBe(file.content.slice(0, pair.valueStart))
      expect(out.slice(out.length - (file.content.length - pair.valueEnd))).toBe(file.content.slice(pair.valueEnd))
      expect(out.slice(pair.valueStart, out.length - (file.content.length - pair.valueEnd))).toBe('"Geändert \\"quoted\\" \\\\ back\\ttab"')
      const reread = stringsFormat.parse(out, options).entries
      expect(reread[index]?.value).toBe(value)
      expect(reread.filter((_, i) => i !== index)).toEqual(parsed.entries.filter((_, i) => i !== index))
      sfparse(out, file.encoding)
    })

    it('passes sfparse unchanged, edited everywhere, and as a clean file', () => {
      sfparse(stringsFormat.render(file.content, parsed.entries, options), file.encoding)
      const edited = parsed.entries.map((e) => ({ ...e, value: `${e.value} «${e.key.length}»\n"x"` }))
      sfparse(stringsFormat.render(file.content, edited, options), file.encoding)
      const clean = stringsFormat.render(undefined, parsed.entries, options)
      sfparse(clean, 'utf-8')
      expect(stringsFormat.parse(clean, options).entries).toEqual(parsed.entries)
    })
  })
})

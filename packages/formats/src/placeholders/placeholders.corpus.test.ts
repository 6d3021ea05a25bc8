// Placeholders on every string of every corpus file. Strings come from a simple extraction of our own
// (JSON string leaves, XML text, `key = value` lines, PO/.strings literals), so this test does not
// depend on the other format readers. Pairs checked against gettext's own verdict: msgfmt accepts the
// c-format entries of the GNOME catalogs, so their placeholders must compare equal.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CORPUS_DIR, corpusFiles } from '../../test/corpus.js'
import { parsePo } from '../po/parse.js'
import { parseStrings } from '../strings/parse.js'
import { comparePlaceholders, extractPlaceholders } from './index.js'

function jsonLeaves(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) jsonLeaves(v, out)
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) {
    out.push(k)
    jsonLeaves(v, out)
  }
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
function xmlText(content: string): string[] {
  const out: string[] = []
  for (const m of content.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>|>([^<]+)</g)) {
    const text = m[1] ?? (m[2] ?? '').replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => XML_ENTITIES[e] ?? e)
    if (text.trim()) out.push(text)
  }
  return out
}

/** Every string of a corpus file, by a crude reading of its format. */
function stringsOf(folder: string, content: string): string[] {
  const out: string[] = []
  if (['json', 'arb', 'xcstrings'].includes(folder)) {
    try {
      jsonLeaves(JSON.parse(content.replace(/^\uFEFF/, '')), out)
    } catch {
      for (const m of content.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push(m[1] ?? '')
    }
  } else if (['xliff12', 'xliff20', 'android', 'resx', 'stringsdict'].includes(folder)) {
    out.push(...xmlText(content))
  } else if (folder === 'po') {
    for (const e of parsePo(content, {}).entries) out.push(e.key, e.value, ...Object.values(e.plural ?? {}))
  } else if (folder === 'strings') {
    for (const e of parseStrings(content, {}).entries) out.push(e.key, e.value)
  } else {
    for (const line of content.split(/\r?\n/)) {
      const sep = line.search(/[=:,;]/)
      out.push(sep === -1 ? line : line.slice(sep + 1))
    }
  }
  return out
}

const folders = readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'xsd').map((d) => d.name)

describe('placeholders on the corpus', () => {
  it('covers every format folder', () => {
    expect(folders.length).toBeGreaterThanOrEqual(13)
  })

  describe.each(folders)('%s', (folder) => {
    it.each(corpusFiles(folder).map((f) => [f.name, f] as const))('extracts %s without throwing, and each string compares equal to itself', (_name, file) => {
      const texts = stringsOf(folder, file.content)
      expect(texts.length).toBeGreaterThan(0)
      for (const text of texts) {
        const found = extractPlaceholders(text)
        for (const p of found) expect(text.slice(p.start, p.end)).toBe(p.text)
        expect(comparePlaceholders(text, text)).toEqual({ ok: true, missing: [], extra: [] })
      }
    })
  })

  it('agrees with msgfmt on the c-format entries of the GNOME catalogs', () => {
    const mismatches: string[] = []
    let checked = 0
    for (const file of corpusFiles('po').filter((f) => f.name.includes('gnome'))) {
      for (const e of parsePo(file.content, {}).entries) {
        const flags = (e.meta?.flags as string[] | undefined) ?? []
        if (!flags.includes('c-format') || e.meta?.fuzzy || e.value === '' || e.plural) continue
        checked++
        const result = comparePlaceholders(e.key, e.value)
        if (!result.ok) mismatches.push(`${file.name}: ${e.key} -> ${e.value} ${JSON.stringify(result)}`)
      }
    }
    expect(checked).toBeGreaterThan(20)
    expect(mismatches).toEqual([])
  })

  it('accepts the Sparkle German translations that reorder positional arguments', () => {
    const [base, de] = ['strings/sparkle-Base.lproj/Sparkle.strings', 'strings/sparkle-de.lproj/Sparkle.strings'].map(
      (name) => new Map(parseStrings(corpusFiles('strings').find((f) => f.name === name)?.content ?? '', {}).entries.map((e) => [e.key, e.value])),
    )
    let checked = 0
    for (const [key, value] of de ?? []) {
      if (!base?.has(key)) continue
      checked++
      expect(comparePlaceholders(base.get(key) ?? '', value), key).toMatchObject({ ok: true })
    }
    expect(checked).toBeGreaterThan(20)
  })
})

// Every PO file of the shared corpus: byte-for-byte round trip, detection, one-value edits, and msgfmt
// on what we write. Quirks covered by the corpus: msgcat-wrapped GNOME catalogs with 47 fuzzy entries
// and #| lines (fur), Arabic nplurals=6 and fuzzy obsolete entries (ar), Slovenian 4 forms in an
// unusual order and msgid with/without msgctxt (sl), entries without blank lines, \r\n in msgstr and
// no final newline (tolgee), a 2007 pygettext header without Language (af-pootle).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORPUS_DIR, corpusFiles } from '../../test/corpus.js'
import type { Entry } from '../format.js'
import { readDocument } from './document.js'
import { entryKey } from './entries.js'
import { detectPo, poFormat } from './index.js'
import { formatString } from './literal.js'

const LOCALE: Record<string, string> = {
  'po/gnome-calculator-ar.po': 'ar',
  'po/gnome-calculator-de.po': 'de',
  'po/gnome-calculator-fur.po': 'fur',
  'po/moz-l10n-foo-sl.po': 'sl',
  'po/tolgee-example-de.po': 'de',
  'po/translate-toolkit-af-pootle.po': 'af',
}
const dir = mkdtempSync(join(tmpdir(), 'tolk-po-'))

/** Runs msgfmt the way FORMATS.md verified it; a missing msgfmt throws and fails the test. */
function msgfmt(content: string, name: string): string {
  const path = join(dir, name.replace(/\W+/g, '_') + '.po')
  writeFileSync(path, content, 'utf8')
  return execFileSync('msgfmt', ['-c', '--check-format', '-o', '/dev/null', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

const files = corpusFiles('po')

describe('po corpus', () => {
  it('scores the files of every other format low', () => {
    const others = readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'po' && d.name !== 'xsd')
    const scores = others.flatMap((d) => corpusFiles(d.name).map((f) => [f.name, detectPo(f.name.split('/').pop() ?? '', f.content)] as const))
    expect(scores.length).toBeGreaterThan(40)
    expect(scores.filter(([, score]) => score >= 0.3)).toEqual([])
  })

  it('wraps every string of the msgcat-written GNOME de and fur catalogs exactly as msgcat did', () => {
    let checked = 0
    for (const file of files.filter((f) => /gnome-calculator-(de|fur)/.test(f.name))) {
      const doc = readDocument(file.content, true)
      for (const block of doc.blocks) {
        const lines = block.lines ?? []
        for (let i = 0; i < lines.length; i++) {
          const line = lines[i]
          if (!line || !line.kind.startsWith('msg') || file.content[line.start] === '"') continue
          let j = i + 1
          while (lines[j] && lines[j]?.kind === line.kind && file.content[lines[j]?.start ?? 0] === '"') j++
          const raw = lines.slice(i, j).map((l) => file.content.slice(l.start, l.end))
          const keyword = /^\S+/.exec(raw[0] ?? '')?.[0] ?? ''
          const index = Number(/\[(\d+)\]/.exec(keyword)?.[1] ?? 0)
          const value = keyword === 'msgctxt' ? block.msgctxt : keyword === 'msgid' ? block.msgid : keyword === 'msgid_plural' ? block.msgidPlural : block.msgstr[index]
          expect(formatString(keyword, value ?? '')).toEqual(raw)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(3000)
  })

  it('has the six files SOURCES.md lists', () => {
    expect(files.map((f) => f.name).sort()).toEqual(Object.keys(LOCALE).sort())
  })

  describe.each(files)('$name', (file) => {
    const locale = LOCALE[file.name] ?? 'en'
    const options = { locale, sourceLocale: 'en' }
    const parsed = poFormat.parse(file.content, options)

    it('parses without errors', () => {
      expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
      expect(parsed.entries.length).toBeGreaterThan(0)
    })

    it('renders its own entries back byte for byte', () => {
      expect(poFormat.render(file.content, parsed.entries, options)).toBe(file.content)
    })

    it('renders back byte for byte when parsed with no options', () => {
      const bare = poFormat.parse(file.content, {})
      expect(poFormat.render(file.content, bare.entries, options)).toBe(file.content)
    })

    it('is named PO first by detectFormat', async () => {
      const { detectFormat } = await import('../index.js')
      expect(detectFormat(file.name.split('/').pop() ?? '', file.content).format).toBe('po')
    })

    it('changes only the edited msgstr when one value changes', () => {
      const doc = readDocument(file.content, true)
      const index = parsed.entries.findIndex((e) => !e.plural && !e.meta?.fuzzy && e.value !== '' && e.key !== '')
      const target = parsed.entries[index] as Entry
      const edited = parsed.entries.map((e, i) => (i === index ? { ...e, value: 'Geändert: "quoted" \\ back' } : e))
      const out = poFormat.render(file.content, edited, options)
      const block = doc.blocks.find((b) => entryKey(b.msgid, b.msgctxt) === entryKey(target.key, target.context))
      if (!block) throw new Error('block not found')
      const msgstrLines = (block.lines ?? []).filter((l) => l.kind === 'msgstr')
      const first = msgstrLines[0]
      const last = msgstrLines[msgstrLines.length - 1]
      if (!first || !last) throw new Error('no msgstr lines')
      expect(out.slice(0, first.start)).toBe(file.content.slice(0, first.start))
      expect(out.slice(out.length - (file.content.length - last.end))).toBe(file.content.slice(last.end))
      expect(out.slice(first.start, out.length - (file.content.length - last.end))).toBe('msgstr "Geändert: \\"quoted\\" \\\\ back"')
      const reread = poFormat.parse(out, options).entries
      expect(reread[index]?.value).toBe('Geändert: "quoted" \\ back')
      expect(reread.filter((_, i) => i !== index)).toEqual(parsed.entries.filter((_, i) => i !== index))
      msgfmt(out, `${file.name}-edited`)
    })

    it('passes msgfmt -c --check-format unchanged and with every plural entry rewritten', () => {
      msgfmt(poFormat.render(file.content, parsed.entries, options), file.name)
      // Texts built from msgid_plural: some fuzzy translations in fur have wrong format counts, which
      // msgfmt only checks once an edit clears the fuzzy flag.
      const rewrite = (e: Entry) => Object.fromEntries(Object.keys(e.plural ?? {}).map((c) => [c, `${e.sourcePlural?.other ?? e.key} (${c})`]))
      const plurals = parsed.entries.map((e) => (e.plural ? { ...e, plural: rewrite(e), value: rewrite(e).other ?? '' } : e))
      const out = poFormat.render(file.content, plurals, options)
      msgfmt(out, `${file.name}-plurals`)
      for (const e of poFormat.parse(out, options).entries) if (e.plural) expect(e.value.endsWith('(other)')).toBe(true)
    })

    it('clears fuzzy flags and previous msgids of edited fuzzy entries, and msgfmt accepts the result', () => {
      const edited = parsed.entries.map((e) => (e.meta?.fuzzy ? { ...e, value: e.sourcePlural?.other ?? e.key, plural: e.plural && Object.fromEntries(Object.keys(e.plural).map((c) => [c, e.sourcePlural?.other ?? e.key])) } : e))
      const out = poFormat.render(file.content, edited, options)
      const reread = poFormat.parse(out, options)
      expect(reread.entries.filter((e) => e.meta?.fuzzy)).toEqual([])
      const wasFuzzy = new Set(parsed.entries.filter((e) => e.meta?.fuzzy).map((e) => `${e.context}\u0004${e.key}`))
      expect(reread.entries.filter((e) => e.meta?.previous && wasFuzzy.has(`${e.context}\u0004${e.key}`))).toEqual([])
      expect(reread.entries.map((e) => e.key)).toEqual(parsed.entries.map((e) => e.key))
      msgfmt(out, `${file.name}-unfuzzied`)
    })

    it('renders a clean file from its entries that msgfmt accepts and that reads back the same', () => {
      const clean = poFormat.render(undefined, parsed.entries, options)
      msgfmt(clean, `${file.name}-clean`)
      const back = poFormat.parse(clean, options)
      expect(back.issues).toEqual([])
      expect(back.entries.map((e) => [e.key, e.context, e.value, e.plural])).toEqual(parsed.entries.map((e) => [e.key, e.context, e.value, e.plural]))
    })
  })
})

// The ecosystem validators (FORMATS.md § validators: msgfmt, xmllint with the OASIS and ResX schemas, aapt,
// plistutil and plistlib, sfparse, java.util.Properties, Ruby Psych and PyYAML, Python's json and csv) over
// every team-written vector and over the file rendered after each one-entry edit. Runs in `pnpm test:full`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FormatId } from '../src/format.js'
import { formats } from '../src/registry.js'
import type { Entry, ParseOptions } from '../src/format.js'
import { loadWithJava } from './validators/java.js'
import { expected, loadWithPython, loadWithRuby, lookup } from './validators/yaml.js'
import { ecosystemValidators } from './ecosystem.js'
import type { CheckedFile } from './ecosystem.js'
import { editEntry, encodeText, vectorsOf } from './vectors.js'

const work = mkdtempSync(join(tmpdir(), 'tolk-vectors-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const resxSchema = vectorsOf('resx').find((v) => v.content.includes('<xsd:schema'))?.content ?? ''
const validators = ecosystemValidators(resxSchema)

/** Writes files (name -> bytes) into a fresh folder of the work dir and returns them as checked files. */
function writeAll(folder: string, files: ReadonlyArray<readonly [string, Buffer]>): CheckedFile[] {
  const dir = join(work, folder)
  mkdirSync(dir, { recursive: true })
  return files.map(([name, bytes]) => {
    const path = join(dir, name)
    writeFileSync(path, bytes)
    return { path, content: bytes.toString('utf8') }
  })
}

/** A file on disk and the entries we read from it. */
interface ReadFile {
  path: string
  entries: Entry[]
}

/**
 * Readers that report what they read, compared with our entries: java.util.Properties (the last copy of a repeated
 * key wins) and Ruby Psych and PyYAML (looked up by the entry's key in the file's layout). Each returns mismatches.
 */
const sameMeaning: Partial<Record<FormatId, (files: ReadFile[], options: ParseOptions) => string[]>> = {
  properties: (files) => {
    const java = loadWithJava(files.map((f) => f.path))
    return files.flatMap((f) => {
      const ours = Object.fromEntries(f.entries.map((e) => [e.key, e.value]))
      const theirs = java.get(f.path)?.map
      return JSON.stringify(theirs) === JSON.stringify(sortKeys(ours)) ? [] : [`${f.path}: java read ${JSON.stringify(theirs)}, we read ${JSON.stringify(ours)}`]
    })
  },
  yaml: (files, options) => {
    const paths = files.map((f) => f.path)
    const readers = { ruby: loadWithRuby(paths), python: loadWithPython(paths) }
    return Object.entries(readers).flatMap(([reader, results]) =>
      files.flatMap((f, i) => {
        const data = results[i]?.data
        const root = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : []
        const layout = Array.isArray(data) ? 'hugo' : root.length === 1 && root[0] === options.locale ? 'rails' : 'plain'
        return f.entries.flatMap((e) => {
          const read = lookup(data, e.key, layout)
          return JSON.stringify(read) === JSON.stringify(expected(e)) ? [] : [`${f.path}: ${reader} read ${e.key} as ${JSON.stringify(read)}, we read ${JSON.stringify(expected(e))}`]
        })
      }),
    )
  },
}

function sortKeys(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

describe.each(formats.map((format) => ({ id: format.id, format })))('$id', ({ id, format }) => {
  describe.each(vectorsOf(id).map((v) => ({ name: `${id}: ${v.name}`, vector: v })))('$name', ({ vector }) => {
    it('passes the ecosystem validator as written and after each one-entry edit', () => {
      const { options } = vector
      const parsed = format.parse(vector.content, options)
      const ext = vector.filename.slice(vector.filename.lastIndexOf('.'))
      const edits = parsed.entries.map((_, index) => {
        const edited = parsed.entries.map((e, i) => (i === index ? editEntry(e, index, options.locale) : e))
        return [`edit-${index}${ext}`, encodeText(format.render(vector.content, edited, options), vector.encoding)] as const
      })
      const files = writeAll(`${id}/${vector.name}`, [[`original${ext}`, vector.bytes], ...edits])
      expect(files.length).toBe(parsed.entries.length + 1)
      expect(validators[id](files, join(work, id))).toEqual([])
      // Where the validator hands back what it read, it must read every entry's text as we do.
      const meaning = sameMeaning[id]
      if (meaning) expect(meaning(files.map((f) => ({ path: f.path, entries: format.parse(f.content, options).entries })), options)).toEqual([])
    })
  })
})

// Each validator really checks: a broken file of its format is rejected.
const broken: Record<FormatId, [string, string]> = {
  json: ['.json', '{"a": "b",}'],
  arb: ['.arb', '{"a": "b" "c": "d"}'],
  xcstrings: ['.xcstrings', '{"sourceLanguage" : "en", "strings" : {'],
  yaml: ['.yml', 'en:\n  a: "unterminated\n  b: [x\n'],
  strings: ['.strings', '"a" = "b"\n"c" = "d";\n'],
  stringsdict: ['.stringsdict', '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n<key>a</key>\n</dict>\n</plist>\n'],
  android: ['.xml', '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n<string name="a">Don\'t</string>\n</resources>\n'],
  po: ['.po', 'msgid "a"\nmsgstr "b\n'],
  xliff: ['.xlf', '<?xml version="1.0"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="f" source-language="en" datatype="plaintext"><body><trans-unit id="1"><source>a</source><target state="bogus">b</target></trans-unit></body></file></xliff>\n'],
  properties: ['.properties', 'a = \\u00zz\n'],
  resx: ['.resx', '<?xml version="1.0" encoding="utf-8"?>\n<root><data><value>no name</value></data></root>\n'],
  csv: ['.csv', 'key,en\na,"unterminated\n'],
}

describe('the validators reject a broken file', () => {
  it.each(formats.map((f) => f.id))('%s', (id) => {
    const [ext, text] = broken[id]
    const files = writeAll(`broken/${id}`, [[`broken${ext}`, Buffer.from(text)]])
    expect(validators[id](files, join(work, 'broken', id))).not.toEqual([])
  })
})

// Test support: the ecosystem's own validators (FORMATS.md § validators), one per format, run over files on disk.
// Each returns the problems it found per file (an empty list when every file passed). A missing tool throws, so
// a test fails rather than passes when the validator is not installed.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FormatId } from '../src/format.js'
import { loadWithJava } from './validators/java.js'
import { readWithPython } from './validators/python-csv.js'
import { loadWithPython, loadWithRuby } from './validators/yaml.js'
import { CORPUS_DIR } from './corpus.js'

/** One file to check: its path on disk and its text. */
export interface CheckedFile {
  path: string
  content: string
}

/** What a validator says about each file: `path: problem` lines, none when all passed. */
export type Validator = (files: readonly CheckedFile[], work: string) => string[]

/** Runs a command; returns its exit code and output. A missing program throws with the package to install. */
export function run(program: string, args: readonly string[], env?: NodeJS.ProcessEnv): { code: number; output: string } {
  try {
    const stdout = execFileSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26, ...(env && { env: { ...process.env, ...env } }) })
    return { code: 0, output: stdout }
  } catch (error) {
    const e = error as { code?: string; status?: number | null; stdout?: string; stderr?: string }
    if (e.code === 'ENOENT') throw new Error(`${program} is not installed (see FORMATS.md § Validator setup)`)
    return { code: e.status ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

/** Runs `program args file` once per file and reports the files it rejected (exit code, or output matching `failOnStderr`). */
function perFile(program: string, args: (file: string) => string[], options: { failOnStderr?: RegExp; env?: NodeJS.ProcessEnv } = {}): Validator {
  return (files) =>
    files.flatMap((f) => {
      const { code, output } = run(program, args(f.path), options.env)
      if (code !== 0) return [`${f.path}: ${program} exited ${code}: ${output.trim()}`]
      if (options.failOnStderr?.test(output)) return [`${f.path}: ${output.trim()}`]
      return []
    })
}

// The XLIFF XSDs and xml.xsd come with the corpus (OASIS and W3C copies, FORMATS.md § XLIFF); test:full has it.
const XSD_DIR = join(CORPUS_DIR, 'xsd')

function xsd(name: string): string {
  const path = join(XSD_DIR, name)
  if (!existsSync(path)) throw new Error(`${path} is missing: the validators need ../shared/corpus/xsd (pnpm test:full)`)
  return path
}

const xliff: Validator = (files) =>
  files.flatMap((f) => {
    const v2 = /<xliff\s[^>]*(?<=\s)version="2\.0"/.test(f.content)
    const schema = xsd(v2 ? 'xliff-core-2.0.xsd' : 'xliff-core-1.2-transitional.xsd')
    const { code, output } = run('xmllint', ['--noout', '--nonet', '--schema', schema, f.path], { XML_CATALOG_FILES: xsd('catalog.xml') })
    return code === 0 ? [] : [`${f.path}: ${output.trim()}`]
  })

/**
 * RESX (FORMATS.md § RESX): the ResX schema a Visual Studio file embeds, with its xml: import pointed at xml.xsd,
 * validates a copy of each file without its own <xsd:schema> element. The schema comes from the neutral vector.
 */
function resx(schemaSource: string): Validator {
  return (files, work) => {
    const schema = /<xsd:schema[\s\S]*<\/xsd:schema>/.exec(schemaSource)?.[0]
    if (!schema) throw new Error('The RESX schema source holds no <xsd:schema>')
    const schemaPath = join(work, 'resx.xsd')
    writeFileSync(schemaPath, `<?xml version="1.0" encoding="utf-8"?>\n${schema.replace('<xsd:import namespace="http://www.w3.org/XML/1998/namespace" />', `<xsd:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="${xsd('xml.xsd')}" />`)}\n`)
    return files.flatMap((f) => {
      const copy = `${f.path}.noschema.xml`
      writeFileSync(copy, readFileSync(f.path).toString('utf8').replace(/<xsd:schema[\s\S]*?<\/xsd:schema>/, ''))
      const { code, output } = run('xmllint', ['--noout', '--nonet', '--schema', schemaPath, copy])
      return code === 0 ? [] : [`${f.path}: ${output.trim()}`]
    })
  }
}

/** aapt (AAPT v1) packages each file as res/values/strings.xml of a minimal app (FORMATS.md § Android). */
const android: Validator = (files, work) =>
  files.flatMap((f, i) => {
    const project = join(work, `aapt-${i}`)
    mkdirSync(join(project, 'res', 'values'), { recursive: true })
    writeFileSync(join(project, 'AndroidManifest.xml'), '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.vectors"/>\n')
    writeFileSync(join(project, 'res', 'values', 'strings.xml'), readFileSync(f.path))
    const { code, output } = run('aapt', ['package', '-f', '-M', join(project, 'AndroidManifest.xml'), '-S', join(project, 'res'), '-F', join(project, 'out.apk')])
    return code === 0 ? [] : [`${f.path}: ${output.trim()}`]
  })

// plistlib reads the plist; every %#@v@ of a format key has a plural dict with `other` and only CLDR categories
// and the spec keys. A key that is itself a width or device rule has no format key (Apple's documented shape).
const STRINGSDICT_CHECK = `
import plistlib, re, sys
cats = {'zero', 'one', 'two', 'few', 'many', 'other'}
for path in sys.argv[1:]:
    d = plistlib.load(open(path, 'rb'))
    for key, entry in d.items():
        if 'NSStringLocalizedFormatKey' not in entry:
            assert set(entry) & {'NSStringVariableWidthRuleType', 'NSStringDeviceSpecificRuleType'}, (path, key)
            continue
        for var in re.findall(r'%(?:\\d+\\$)?#@([^@]+)@', entry['NSStringLocalizedFormatKey']):
            v = entry[var]
            assert v['NSStringFormatSpecTypeKey'] == 'NSStringPluralRuleType', (path, key, var)
            assert 'other' in v, (path, key, var, 'no other')
            extra = set(v) - cats - {'NSStringFormatSpecTypeKey', 'NSStringFormatValueTypeKey'}
            assert not extra, (path, key, var, extra)
`

const stringsdict: Validator = (files, work) => {
  const problems: string[] = []
  const { code, output } = run('python3', ['-c', STRINGSDICT_CHECK, ...files.map((f) => f.path)])
  if (code !== 0) problems.push(`python3 plistlib: ${output.trim()}`)
  // plistutil 2.2 exits 0 on malformed input and says so on stderr (FORMATS.md § stringsdict).
  problems.push(...perFile('plistutil', (p) => ['-i', p, '-f', 'bin', '-o', join(work, 'out.bin')], { failOnStderr: /ERROR/ })(files, work))
  return problems
}

/** JSON files (JSON, ARB, String Catalogs): Python's json module reads each (a UTF-8 BOM allowed). */
const json: Validator = (files) => {
  const { code, output } = run('python3', ['-c', "import json,sys\nfor p in sys.argv[1:]: json.load(open(p, encoding='utf-8-sig'))", ...files.map((f) => f.path)])
  return code === 0 ? [] : [`python3 json: ${output.trim()}`]
}

/** YAML: Ruby Psych (Symbols permitted, as Rails does) and PyYAML both load every file. */
const yaml: Validator = (files) => {
  const paths = files.map((f) => f.path)
  const ruby = loadWithRuby(paths)
  const python = loadWithPython(paths)
  return paths.flatMap((p, i) => [
    ...(ruby[i]?.ok ? [] : [`${p}: ruby: ${ruby[i]?.error}`]),
    ...(python[i]?.ok ? [] : [`${p}: python: ${python[i]?.error}`]),
  ])
}

/** Java properties: java.util.Properties loads every file (UTF-8, strict decoding). */
const properties: Validator = (files) => {
  const results = loadWithJava(files.map((f) => f.path))
  return files.flatMap((f) => (results.get(f.path)?.ok ? [] : [`${f.path}: java: ${results.get(f.path)?.error ?? 'no answer'}`]))
}

/** CSV: Python's csv module in strict mode, with the delimiter of the header line. */
const csv: Validator = (files) =>
  files.flatMap((f) => {
    const header = f.content.replace(/^\uFEFF/, '').split('\n')[0] ?? ''
    const delimiter = header.includes(';') ? ';' : header.includes('\t') ? '\t' : ','
    const [result] = readWithPython([f.path], delimiter, 'rfc')
    return result?.ok ? [] : [`${f.path}: python csv: ${result?.error}`]
  })

/** The validator of every built-in format. `resxSchema` is a RESX file that embeds the ResX schema. */
export function ecosystemValidators(resxSchema: string): Record<FormatId, Validator> {
  return {
    json,
    arb: json,
    xcstrings: json,
    yaml,
    strings: perFile('sfparse', (p) => [p], { failOnStderr: /Parse failed/ }),
    stringsdict,
    android,
    po: perFile('msgfmt', (p) => ['-c', '--check-format', '-o', '/dev/null', p]),
    xliff,
    properties,
    resx: resx(resxSchema),
    csv,
  }
}

/**
 * Learning a template without AI: from counts of what the sample's lines start and end with (or which XML element
 * repeats with a key attribute), a handful of candidate templates is built and each is checked on the sample exactly
 * as a model's template would be. Of those that write the sample back byte for byte, the one that reads the most
 * entries wins, and of its escape tables the one that can write a quote, a line break and a backslash (see better).
 */
import { scanXml, type XmlElement } from '../xml/index.js'
import { checkTemplate, type TemplateCheck } from './engine.js'
import type { LinesTemplate, Template, XmlTemplate } from './schema.js'

/** What inference found: the template and its check on the sample, or why nothing fit. */
export interface Inference {
  template: Template | null
  check: TemplateCheck | null
  /** Each candidate tried, with its first error, for the job's output. */
  tried: { template: Template; error: string | null; entries: number }[]
}

/** Learns a template for `sample` (a file called `filename`) without AI. */
export function inferTemplate(filename: string, sample: string): Inference {
  const body = sample.replace(/^\uFEFF/, '')
  const candidates = /^\s*</.test(body) ? xmlCandidates(body) : lineCandidates(body)
  const tried: Inference['tried'] = []
  let best: { template: Template; check: TemplateCheck } | null = null
  for (const template of candidates.slice(0, 24)) {
    const check = checkTemplate(template, sample)
    tried.push({ template, error: check.errors[0] ?? null, entries: check.entries.length })
    if (check.errors.length === 0 && (!best || better({ template, check }, best))) best = { template, check }
  }
  void filename
  return { template: best?.template ?? null, check: best?.check ?? null, tried }
}

/**
 * More entries read wins, and at a tie the earlier, more specific candidate. Only between templates that differ in
 * their escapes alone does the one that can write more of a quote, a line break and a backslash (checkTemplate's
 * probes) win: a sample that shows no escapes still gets ones that keep such values writable, while a reading of the
 * quotes as text (which can write anything) never beats a reading of them as quotes.
 */
function better(a: { template: Template; check: TemplateCheck }, b: { template: Template; check: TemplateCheck }): boolean {
  if (a.check.entries.length !== b.check.entries.length) return a.check.entries.length > b.check.entries.length
  return a.check.unwritable.length < b.check.unwritable.length && withoutEscapes(a.template) === withoutEscapes(b.template)
}

function withoutEscapes(t: Template): string {
  return JSON.stringify({ ...t, escapes: undefined })
}

const COMMENT_PREFIXES = ['#', ';', '//', '--', '!']
const SEPARATORS = ['=', ':']

/** Candidate line templates, most specific first. */
export function lineCandidates(text: string): LinesTemplate[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '')
  const comments = COMMENT_PREFIXES.filter((c) => lines.some((l) => l.startsWith(c)))
  const content = lines.filter((l) => !comments.some((c) => l.startsWith(c)))
  const headers = content.filter((l) => l.startsWith('[') && l.endsWith(']'))
  const pairs = content.filter((l) => !(l.startsWith('[') && l.endsWith(']')))
  // The separator that comes first on most lines.
  const votes = new Map<string, number>()
  for (const l of pairs) {
    let first: string | undefined
    let at = Infinity
    for (const s of SEPARATORS) { const i = l.indexOf(s); if (i > 0 && i < at) { at = i; first = s } }
    if (first) votes.set(first, (votes.get(first) ?? 0) + 1)
  }
  const separators = [...votes.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s)
  if (separators.length === 0) return []
  const valueOf = (l: string) => { const i = l.indexOf(separators[0]!); return i === -1 ? '' : l.slice(i + 1).trim() }
  const values = pairs.map(valueOf)
  const quoted = values.filter((v) => v.startsWith('"')).length
  const keyQuoted = pairs.filter((l) => l.startsWith('"')).length > pairs.length / 2
  const terminator = values.filter((v) => v.endsWith('";')).length > values.length / 2 ? ';' : values.filter((v) => v.endsWith('",')).length > values.length / 2 ? ',' : undefined
  const blocks = content.some((l) => l.endsWith('{')) && content.some((l) => l === '}' || l === '},' || l === '};')
  const continuation = pairs.some((l) => l.endsWith('\\') && !l.endsWith('\\\\')) ? '\\' : undefined
  const base: LinesTemplate = {
    kind: 'lines',
    separators: [separators[0]!],
    ...(comments.length ? { comments } : {}),
    ...(headers.length ? { sections: { open: '[', close: ']' } } : {}),
    ...(blocks ? { blocks: { open: '{', close: '}' } } : {}),
    ...(keyQuoted ? { key_quotes: [{ open: '"', close: '"' }] } : {}),
    ...(terminator ? { terminator } : {}),
  }
  const escapeSets: Record<string, string>[] = []
  const backslash = { '\\n': '\n', '\\t': '\t', '\\"': '"', '\\\\': '\\' }
  if (text.includes('"_QQ_"')) escapeSets.push({ '"_QQ_"': '"' })
  if (/\\[nt"\\]/.test(text)) escapeSets.push(backslash)
  if (/[^=\s]""[^;\s]/.test(text)) escapeSets.push({ '""': '"' })
  escapeSets.push({})
  if (!escapeSets.some((e) => e === backslash)) escapeSets.push(backslash)
  const out: LinesTemplate[] = []
  const quoteOptions = quoted > 0 ? [[{ open: '"', close: '"' }], undefined] : [undefined]
  for (const other of ['error', 'keep'] as const) {
    for (const quotes of quoteOptions) {
      for (const escapes of escapeSets) {
        out.push({
          ...base,
          ...(quotes ? { quotes } : {}),
          ...(Object.keys(escapes).length ? { escapes } : {}),
          ...(continuation && !quotes ? { continuation } : {}),
          ...(other === 'keep' ? { other_lines: 'keep' as const } : {}),
        })
      }
    }
  }
  if (separators.length > 1) out.push({ ...base, separators, other_lines: 'keep' })
  return out
}

const KEY_NAMES = ['key', 'name', 'id', 'index', 'resname', 'Id', 'Name', 'Key', 'ID']
const VALUE_NAMES = ['value', 'Value', 'text', 'Text', 'translation']

/** Candidate XML templates: repeated elements keyed by an attribute (or a child), valued by text or an attribute. */
export function xmlCandidates(text: string): XmlTemplate[] {
  const scan = scanXml(text)
  if (!scan.root || scan.issues.some((i) => i.severity === 'error')) return []
  const byName = new Map<string, XmlElement[]>()
  const walk = (el: XmlElement, depth: number) => {
    if (depth > 100) return
    const list = byName.get(el.name) ?? []
    list.push(el)
    byName.set(el.name, list)
    for (const c of el.children) if (c.type === 'element') walk(c, depth + 1)
  }
  walk(scan.root, 0)
  const out: XmlTemplate[] = []
  const repeated = [...byName.entries()].filter(([, els]) => els.length >= 1).sort((a, b) => b[1].length - a[1].length)
  for (const [name, els] of repeated.slice(0, 6)) {
    const attrNames = new Set(els.flatMap((e) => e.attrs.map((a) => a.name)))
    const keyAttrs = [...attrNames].filter((a) => els.every((e) => e.attrs.some((x) => x.name === a)) && new Set(els.map((e) => e.attrs.find((x) => x.name === a)!.value)).size === els.length)
    keyAttrs.sort((a, b) => rank(KEY_NAMES, a) - rank(KEY_NAMES, b))
    for (const key of keyAttrs.slice(0, 2)) {
      const valueAttr = [...attrNames].find((a) => a !== key && VALUE_NAMES.includes(a) && els.every((e) => e.attrs.some((x) => x.name === a)))
      if (valueAttr) out.push({ kind: 'xml', element: name, key_attribute: key, value_attribute: valueAttr })
      out.push({ kind: 'xml', element: name, key_attribute: key })
    }
    const childNames = new Set(els.flatMap((e) => e.children.filter((c): c is XmlElement => c.type === 'element').map((c) => c.name)))
    const keyChild = KEY_NAMES.find((k) => childNames.has(k))
    const valueChild = VALUE_NAMES.find((v) => childNames.has(v))
    if (keyChild && valueChild) out.push({ kind: 'xml', element: name, key_child: keyChild, value_child: valueChild })
  }
  return out
}

function rank(list: string[], name: string): number {
  const i = list.indexOf(name)
  return i === -1 ? list.length : i
}

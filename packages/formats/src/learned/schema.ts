/**
 * The template language of learned formats (docs/formats/learned.md): a JSON value that tells the engine how to find
 * entries in a file. Every string in a template is a literal, never a pattern, and every size is bounded here, so no
 * template can make the engine backtrack or recurse without limit.
 */

/** A pair of literals around a quoted key or value. */
export interface QuoteSpec {
  open: string
  close: string
}

/** Key and value lines: INI, .desktop, .inf, .isl, in-house `key: value` files, Lua/PHP-like `key = "value",` tables. */
export interface LinesTemplate {
  kind: 'lines'
  /** What splits a key from its value; the earliest one on the line wins. */
  separators: string[]
  /** Prefixes (after indentation) of comment lines. */
  comments?: string[]
  /** Quotes a value may be written in (optional unless `quote_required`). */
  quotes?: QuoteSpec[]
  quote_required?: boolean
  /** Quotes a key may be written in. */
  key_quotes?: QuoteSpec[]
  /** Sequence as written in the file -> the text it stands for, applied inside values and quoted keys. */
  escapes?: Record<string, string>
  /** Text after a value (after its closing quote): `;` or `,`. Optional on read. */
  terminator?: string
  /** A line whose value ends with this literal goes on on the next line (Java properties `\`). */
  continuation?: string
  /** Header lines `[name]` start a section; keys get `name` + `join` in front unless `prefix` is false. */
  sections?: { open: string; close: string; join?: string; prefix?: boolean; include?: string[] }
  /** `name {` opens a nested block, `}` closes it; keys get `name` + `join` in front. */
  blocks?: { open: string; close: string; join?: string }
  /** `name:` with no value, followed by deeper-indented lines, nests them under `name` + `join`. */
  indent?: { join?: string }
  /** What a line that is no entry, comment, header or blank is: an error (default) or kept as written. */
  other_lines?: 'error' | 'keep'
}

/** Entries found by a path in a JSON or YAML document. */
export interface TreeTemplate {
  kind: 'json' | 'yaml'
  /** Member names or `*` (any member or array item) leading to each entry. */
  path: string[]
  /** When the path leads to objects: the member holding the key (else the `*` segments joined by `.` are the key). */
  key_field?: string
  /** When the path leads to objects: the member holding the value (else the path leads to the string itself). */
  value_field?: string
}

/** Entries as repeated XML elements keyed by an attribute or a child element. */
export interface XmlTemplate {
  kind: 'xml'
  /** Name of the element that holds one entry, as written (`entry`, `label`, `String`). */
  element: string
  /** Ancestors the element must sit in, outermost first (root included), when not every such element is an entry. */
  within?: string[]
  key_attribute?: string
  key_child?: string
  /** Where the value is: the element's text (default), an attribute, or a child element's text. */
  value_attribute?: string
  value_child?: string
}

/** A learned format's template. */
export type Template = LinesTemplate | TreeTemplate | XmlTemplate

/** Something wrong with a template, at a JSON path (`separators.0`). */
export interface TemplateIssue {
  path: string
  message: string
}

/** Bounds every template obeys. */
export const TEMPLATE_LIMITS = { literal: 16, name: 100, list: 8, escapes: 32, path: 16, include: 100, json: 20_000 } as const

type Checker = (issue: (path: string, message: string) => void) => void

/** Checks a template against the language; returns the typed template or the issues. Never throws. */
export function validateTemplate(raw: unknown): { template: Template; issues?: undefined } | { template?: undefined; issues: TemplateIssue[] } {
  const issues: TemplateIssue[] = []
  const add = (path: string, message: string) => { if (issues.length < 50) issues.push({ path, message }) }
  let size = 0
  try { size = JSON.stringify(raw)?.length ?? 0 } catch { add('', 'The template must be JSON.') }
  if (size > TEMPLATE_LIMITS.json) add('', `A template has at most ${TEMPLATE_LIMITS.json} characters of JSON.`)
  if (!isObject(raw)) return { issues: issues.concat({ path: '', message: 'A template is a JSON object with a kind: lines, json, yaml or xml.' }) }
  const checks: Record<string, Checker> = {
    lines: (i) => checkLines(raw, i),
    json: (i) => checkTree(raw, i),
    yaml: (i) => checkTree(raw, i),
    xml: (i) => checkXml(raw, i),
  }
  const check = typeof raw.kind === 'string' ? checks[raw.kind] : undefined
  if (!check) add('kind', 'kind is one of lines, json, yaml, xml.')
  else check(add)
  return issues.length > 0 ? { issues } : { template: raw as unknown as Template }
}

const LINES_FIELDS = ['kind', 'separators', 'comments', 'quotes', 'quote_required', 'key_quotes', 'escapes', 'terminator', 'continuation', 'sections', 'blocks', 'indent', 'other_lines']

function checkLines(t: Record<string, unknown>, add: (p: string, m: string) => void): void {
  unknownFields(t, LINES_FIELDS, '', add)
  literalList(t.separators, 'separators', add, true)
  if (t.comments !== undefined) literalList(t.comments, 'comments', add, false)
  for (const f of ['quotes', 'key_quotes'] as const) {
    if (t[f] === undefined) continue
    if (!Array.isArray(t[f]) || t[f].length > TEMPLATE_LIMITS.list) add(f, `${f} is a list of at most ${TEMPLATE_LIMITS.list} {open, close} pairs.`)
    else t[f].forEach((q: unknown, i: number) => quote(q, `${f}.${i}`, add))
  }
  if (t.quote_required !== undefined && typeof t.quote_required !== 'boolean') add('quote_required', 'quote_required is true or false.')
  if (t.escapes !== undefined) {
    if (!isObject(t.escapes)) add('escapes', 'escapes is an object: sequence as written -> the text it stands for.')
    else {
      const pairs = Object.entries(t.escapes)
      if (pairs.length > TEMPLATE_LIMITS.escapes) add('escapes', `escapes has at most ${TEMPLATE_LIMITS.escapes} sequences.`)
      for (const [k, v] of pairs) {
        literal(k, `escapes.${k}`, add)
        if (typeof v !== 'string' || v.length > TEMPLATE_LIMITS.literal) add(`escapes.${k}`, `An escape stands for a string of at most ${TEMPLATE_LIMITS.literal} characters.`)
      }
    }
  }
  for (const f of ['terminator', 'continuation'] as const) if (t[f] !== undefined) literal(t[f], f, add)
  if (t.sections !== undefined) {
    const s = t.sections
    if (!isObject(s)) add('sections', 'sections is {open, close, join?, prefix?, include?}.')
    else {
      unknownFields(s, ['open', 'close', 'join', 'prefix', 'include'], 'sections.', add)
      literal(s.open, 'sections.open', add)
      literal(s.close, 'sections.close', add)
      if (s.join !== undefined) literal(s.join, 'sections.join', add, true)
      if (s.prefix !== undefined && typeof s.prefix !== 'boolean') add('sections.prefix', 'prefix is true or false.')
      if (s.include !== undefined && (!Array.isArray(s.include) || s.include.length > TEMPLATE_LIMITS.include || s.include.some((n) => typeof n !== 'string' || n.length > TEMPLATE_LIMITS.name))) {
        add('sections.include', `include lists at most ${TEMPLATE_LIMITS.include} section names of at most ${TEMPLATE_LIMITS.name} characters.`)
      }
    }
  }
  if (t.blocks !== undefined) {
    if (!isObject(t.blocks)) add('blocks', 'blocks is {open, close, join?}.')
    else {
      unknownFields(t.blocks, ['open', 'close', 'join'], 'blocks.', add)
      literal(t.blocks.open, 'blocks.open', add)
      literal(t.blocks.close, 'blocks.close', add)
      if (t.blocks.join !== undefined) literal(t.blocks.join, 'blocks.join', add, true)
    }
  }
  if (t.indent !== undefined) {
    if (!isObject(t.indent)) add('indent', 'indent is {join?}.')
    else {
      unknownFields(t.indent, ['join'], 'indent.', add)
      if (t.indent.join !== undefined) literal(t.indent.join, 'indent.join', add, true)
    }
  }
  if (t.other_lines !== undefined && t.other_lines !== 'error' && t.other_lines !== 'keep') add('other_lines', 'other_lines is error or keep.')
}

function checkTree(t: Record<string, unknown>, add: (p: string, m: string) => void): void {
  unknownFields(t, ['kind', 'path', 'key_field', 'value_field'], '', add)
  if (!Array.isArray(t.path) || t.path.length === 0 || t.path.length > TEMPLATE_LIMITS.path) add('path', `path is a list of 1 to ${TEMPLATE_LIMITS.path} member names or "*".`)
  else t.path.forEach((s: unknown, i: number) => name(s, `path.${i}`, add))
  if (t.key_field !== undefined) name(t.key_field, 'key_field', add)
  if (t.value_field !== undefined) name(t.value_field, 'value_field', add)
  if (Array.isArray(t.path) && t.key_field === undefined && !t.path.includes('*')) add('path', 'A path without "*" names one value; give "*" where keys vary, or key_field.')
}

function checkXml(t: Record<string, unknown>, add: (p: string, m: string) => void): void {
  unknownFields(t, ['kind', 'element', 'within', 'key_attribute', 'key_child', 'value_attribute', 'value_child'], '', add)
  name(t.element, 'element', add)
  if (t.within !== undefined) {
    if (!Array.isArray(t.within) || t.within.length > TEMPLATE_LIMITS.path) add('within', `within lists at most ${TEMPLATE_LIMITS.path} element names.`)
    else t.within.forEach((s: unknown, i: number) => name(s, `within.${i}`, add))
  }
  if ((t.key_attribute === undefined) === (t.key_child === undefined)) add('key_attribute', 'Give exactly one of key_attribute and key_child.')
  if (t.value_attribute !== undefined && t.value_child !== undefined) add('value_attribute', 'Give at most one of value_attribute and value_child.')
  for (const f of ['key_attribute', 'key_child', 'value_attribute', 'value_child'] as const) if (t[f] !== undefined) name(t[f], f, add)
}

function unknownFields(o: Record<string, unknown>, known: string[], at: string, add: (p: string, m: string) => void): void {
  for (const k of Object.keys(o)) if (!known.includes(k)) add(`${at}${k}`, `Unknown field "${k}"; known: ${known.join(', ')}.`)
}

function literalList(v: unknown, path: string, add: (p: string, m: string) => void, required: boolean): void {
  if (!Array.isArray(v) || v.length > TEMPLATE_LIMITS.list || (required && v.length === 0)) {
    add(path, `${path} is a list of ${required ? '1' : '0'} to ${TEMPLATE_LIMITS.list} literal strings.`)
    return
  }
  v.forEach((s: unknown, i: number) => literal(s, `${path}.${i}`, add))
}

function literal(v: unknown, path: string, add: (p: string, m: string) => void, mayBeEmpty = false): void {
  if (typeof v !== 'string' || (!mayBeEmpty && v.length === 0) || v.length > TEMPLATE_LIMITS.literal || /[\r\n]/.test(v)) {
    add(path, `A literal has ${mayBeEmpty ? '0' : '1'} to ${TEMPLATE_LIMITS.literal} characters and no line break (it is matched as written, never as a pattern).`)
  }
}

function name(v: unknown, path: string, add: (p: string, m: string) => void): void {
  if (typeof v !== 'string' || v.length === 0 || v.length > TEMPLATE_LIMITS.name) add(path, `A name has 1 to ${TEMPLATE_LIMITS.name} characters.`)
}

function quote(v: unknown, path: string, add: (p: string, m: string) => void): void {
  if (!isObject(v)) { add(path, 'A quote is {open, close}.'); return }
  unknownFields(v, ['open', 'close'], `${path}.`, add)
  literal(v.open, `${path}.open`, add)
  literal(v.close, `${path}.close`, add)
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

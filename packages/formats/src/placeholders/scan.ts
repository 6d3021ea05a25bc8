import { matchBraceArgument, matchToken, MAX_TOKEN } from './tokens.js'

/** One placeholder: its exact text, its syntax, and its offsets in the string (`end` exclusive). */
export interface Placeholder {
  text: string
  /**
   * The syntax (docs/placeholders.md): `printf`, `apple-variable` (`%#@x@`), `python`, `ruby`, `qt` (`%1`),
   * `strftime` (`%Y`), `icu`, `icu-plural`, `icu-select`, `icu-choice`, `icu-branch` (`one {`, `1#`),
   * `icu-branch-end`, `icu-end`, `icu-pound` (`#`), `mustache` (`{{x}}`), `template-tag` (`{% x %}`), `erb`
   * (`<%= x %>`), `i18next-nesting` (`$t(...)`), `vue-linked` (`@:key`), `dollar-brace` (`${x}`), `dotnet`
   * (`{0:N2}`), `tag`, `picocli` (`@|bold `, `|@`) or `entity` (`&amp;`).
   */
  kind: string
  start: number
  end: number
  /** The argument or tag name, when the syntax has one. */
  name?: string
}

/** A placeholder plus whether it sits inside an ICU plural/select branch (compared as a set there). */
export interface Scanned {
  placeholder: Placeholder
  inBranch: boolean
}

// Deeper ICU nesting than this is read as prose; real messages nest two or three levels.
const MAX_DEPTH = 20

const ICU_HEAD = /\{\s*([\p{L}\p{N}_][\p{L}\p{N}_.-]*)\s*,\s*(plural|selectordinal|select)\s*,(\s*offset\s*:\s*\d+)?/uy
const ICU_SIMPLE = /\{\s*([\p{L}_][\p{L}\p{N}_.-]*|\d+)\s*(?:,\s*([A-Za-z]+)\s*(?:,\s*[^{}]*?)?\s*)?\}/uy
const SELECTOR = /\s*(=\d+|[A-Za-z_][\w-]*)\s*\{/y
const BRANCHES_END = /\s*\}/y
// Java's ChoiceFormat inside MessageFormat: `{1,choice,0#no files|1#one file|1<{1,number,integer} files}`.
const CHOICE_HEAD = /\{\s*(\d+|[A-Za-z_]\w*)\s*,\s*choice\s*,/y
const CHOICE_LIMIT = /\|?\s*(?:-?\d+(?:\.\d+)?|-?\u221E)\s*[#<\u2264]/y
// `'{name}'`: a whole simple argument in apostrophes. Flutter's gen_l10n (without use-escaping) and vue-i18n read it as
// the argument in quotes; under strict ICU it is the literal text, which a translation keeps just the same.
const QUOTED_ARGUMENT = /'\{\s*(?:[\p{L}_][\p{L}\p{N}_.-]*|\d+)\s*\}'/uy

/** Scans `text` once, left to right, and returns every placeholder found. */
export function scan(text: string): Scanned[] {
  const out: Scanned[] = []
  scanMessage(text, 0, 0, false, false, out)
  if (out.some((s) => s.placeholder.kind === 'strftime')) readAsDate(out)
  return out
}

// Conversions printf and strftime share. In a date format (a string with a strftime-only conversion such as `%Y`),
// `%d`, `%-d` and `%a` are the day, not printf arguments.
const SHARED_WITH_STRFTIME = /^%[-_0^#]?[aAcdeGgnpSsux]$/u

function readAsDate(out: Scanned[]): void {
  for (const { placeholder } of out) {
    if (placeholder.kind === 'printf' && SHARED_WITH_STRFTIME.test(placeholder.text)) placeholder.kind = 'strftime'
  }
}

function push(out: Scanned[], kind: string, text: string, start: number, end: number, inBranch: boolean, name?: string): void {
  const placeholder: Placeholder = { text: text.slice(start, end), kind, start, end }
  if (name !== undefined) placeholder.name = name
  out.push({ placeholder, inBranch })
}

function stickyMatch(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at
  return re.exec(text)
}

/**
 * Scans from `pos` until the end of text or, inside a branch (`depth > 0`), the `}` closing it.
 * Returns the index where it stopped.
 */
function scanMessage(text: string, pos: number, depth: number, inPlural: boolean, inBranch: boolean, out: Scanned[]): number {
  let i = pos
  while (i < text.length) {
    const ch = text[i]
    if (ch === '}' && depth > 0) return i
    if (ch === "'") {
      i = skipQuoted(text, i, inPlural)
      continue
    }
    if (ch === '{') {
      const next = scanBrace(text, i, depth, inPlural, inBranch, out)
      i = next > i ? next : i + 1
      continue
    }
    if (ch === '#' && inPlural) {
      push(out, 'icu-pound', text, i, i + 1, inBranch)
      i++
      continue
    }
    if (ch === '%' && text[i + 1] === '%') {
      i += 2
      continue
    }
    const token = matchToken(text, i)
    if (token) {
      push(out, token.kind, text, i, token.end, inBranch, token.name)
      i = token.end
      continue
    }
    i++
  }
  return i
}

// ICU apostrophe quoting: `'{'` is a literal brace and `''` a literal apostrophe. An apostrophe before
// anything else (`don't`) is plain text, `'{{` stays a double-brace placeholder in quotes, and so does a whole
// simple argument (`'{name}'`, see QUOTED_ARGUMENT).
function skipQuoted(text: string, i: number, inPlural: boolean): number {
  const next = text[i + 1]
  if (next === "'") return i + 2
  const opensQuote = (next === '{' && text[i + 2] !== '{' && !stickyMatch(QUOTED_ARGUMENT, text, i)) || next === '}' || (next === '#' && inPlural)
  if (!opensQuote) return i + 1
  const close = text.indexOf("'", i + 2)
  return close === -1 ? text.length : close + 1
}

function scanBrace(text: string, i: number, depth: number, inPlural: boolean, inBranch: boolean, out: Scanned[]): number {
  const token = matchToken(text, i) ?? matchBraceArgument(text, i)
  if (token) {
    push(out, token.kind, text, i, token.end, inBranch, token.name)
    return token.end
  }
  // Before simple arguments, which would read a choice without nested braces as one argument.
  let m = stickyMatch(CHOICE_HEAD, text, i)
  if (m && depth < MAX_DEPTH) {
    const next = scanChoice(text, i, m, depth, inBranch, out)
    if (next > i + 1) return next
  }
  m = stickyMatch(ICU_SIMPLE, text, i)
  if (m) {
    push(out, 'icu', text, i, i + m[0].length, inBranch, m[1])
    return i + m[0].length
  }
  if (depth >= MAX_DEPTH) return i + 1
  m = stickyMatch(ICU_HEAD, text, i)
  if (m) return scanBranches(text, i, m, depth, inPlural, inBranch, out)
  return i + 1
}

/**
 * Reads `{1,choice,0#none|1#one|1<{1,number} many}`: the head and each `limit#`/`|limit<` are structure, the texts
 * between are translatable and their placeholders count as in a branch. Malformed input rolls back to text.
 */
function scanChoice(text: string, start: number, head: RegExpExecArray, depth: number, inBranch: boolean, out: Scanned[]): number {
  const close = matchingBrace(text, start)
  if (close < 0) return start + 1
  const mark = out.length
  push(out, 'icu-choice', text, start, start + head[0].length, inBranch, head[1])
  // The body up to its closing brace, so a nested scan cannot run past it.
  const body = text.slice(0, close)
  let j = start + head[0].length
  while (j < close) {
    const limit = stickyMatch(CHOICE_LIMIT, body, j)
    if (!limit) {
      out.length = mark
      return start + 1
    }
    push(out, 'icu-branch', text, j, j + limit[0].length, inBranch)
    j = scanChoiceText(body, j + limit[0].length, depth, out)
  }
  push(out, 'icu-end', text, close, close + 1, inBranch)
  return close + 1
}

/** Scans one choice text until the `|` that starts the next limit or the end of the body. */
function scanChoiceText(body: string, from: number, depth: number, out: Scanned[]): number {
  let bar = from
  for (;;) {
    bar = body.indexOf('|', bar)
    if (bar < 0 || stickyMatch(CHOICE_LIMIT, body, bar)) break
    bar++
  }
  const end = bar < 0 ? body.length : bar
  scanMessage(body.slice(0, end), from, depth + 1, false, true, out)
  return end
}

/** Index of the `}` closing the `{` at `open` (quotes not honoured: choice texts rarely hold braces), or -1. */
function matchingBrace(text: string, open: number): number {
  let depth = 0
  for (let k = open; k < text.length && k < open + MAX_TOKEN; k++) {
    if (text[k] === '{') depth++
    else if (text[k] === '}' && --depth === 0) return k
  }
  return -1
}

/** Reads `{n, plural, one {...} other {...}}`; on malformed input rolls back and reads `{` as text. */
function scanBranches(text: string, start: number, head: RegExpExecArray, depth: number, inPlural: boolean, inBranch: boolean, out: Scanned[]): number {
  const mark = out.length
  const type = head[2] ?? ''
  push(out, type === 'select' ? 'icu-select' : 'icu-plural', text, start, start + head[0].length, inBranch, head[1])
  const branchPlural = type === 'select' ? inPlural : true
  let j = start + head[0].length
  let branches = 0
  for (;;) {
    const end = stickyMatch(BRANCHES_END, text, j)
    if (end && branches > 0) {
      const close = j + end[0].length
      push(out, 'icu-end', text, close - 1, close, inBranch)
      return close
    }
    const sel = stickyMatch(SELECTOR, text, j)
    if (!sel) break
    const selStart = j + sel[0].length - sel[0].trimStart().length
    const bodyStart = j + sel[0].length
    push(out, 'icu-branch', text, selStart, bodyStart, inBranch)
    const stop = scanMessage(text, bodyStart, depth + 1, branchPlural, true, out)
    if (stop >= text.length) break
    push(out, 'icu-branch-end', text, stop, stop + 1, inBranch)
    j = stop + 1
    branches++
  }
  out.length = mark
  return start + 1
}

/** One placeholder: its exact text, its syntax, and its offsets in the string (`end` exclusive). */
export interface Placeholder {
  text: string
  /**
   * The syntax: `printf`, `apple-variable` (`%#@x@`), `python`, `ruby`, `icu`, `icu-plural`,
   * `icu-select`, `icu-branch` (`one {`), `icu-branch-end`, `icu-end`, `icu-pound` (`#`),
   * `i18next`, `i18next-nesting` (`$t(...)`), `dotnet` (`{0:N2}`) or `tag`.
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
// Tags longer than this are not tags; the bound keeps the tag pattern linear on long prose.
const MAX_TAG = 2000

const ICU_HEAD = /\{\s*([\p{L}\p{N}_][\p{L}\p{N}_.-]*)\s*,\s*(plural|selectordinal|select)\s*,(\s*offset\s*:\s*\d+)?/uy
const ICU_SIMPLE = /\{\s*([\p{L}_][\p{L}\p{N}_.-]*|\d+)\s*(?:,\s*([A-Za-z]+)\s*(?:,\s*[^{}]*?)?\s*)?\}/uy
const DOTNET = /\{(\d+)(?:\s*,\s*-?\d+)?(?::[^{}]*)?\}/y
const I18NEXT = /\{\{\s*(-\s*)?([^{}]*?)\s*\}\}/y
const SELECTOR = /\s*(=\d+|[A-Za-z_][\w-]*)\s*\{/y
const BRANCHES_END = /\s*\}/y

const APPLE_VARIABLE = /%(?:\d+\$)?#@([A-Za-z_][\w.]*)@/y
const PYTHON = /%\(([^()\s]+)\)[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[hlL]?[diouxXeEfFgGcrsa]/y
const RUBY_NAMED = /%\{([A-Za-z_]\w*)\}/y
const RUBY_FORMAT = /%<([A-Za-z_]\w*)>[-+ 0#]*\d*(?:\.\d+)?[A-Za-z]/y
// No space flag: `100% of` and `50% off` are prose, not `% o`.
const PRINTF = /%(?:(\d+)\$)?[-+0#'I]*(?:\d+|\*(?:\d+\$)?)?(?:\.(?:\d+|\*(?:\d+\$)?))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcCsSpn@]/y
const TAG = /<\/?([A-Za-z][\w.:-]*)(?:\s+[\w.:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*\s*\/?>/y

/** Scans `text` once, left to right, and returns every placeholder found. */
export function scan(text: string): Scanned[] {
  const out: Scanned[] = []
  scanMessage(text, 0, 0, false, false, out)
  return out
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
    if (ch === '%') {
      i = scanPercent(text, i, inBranch, out)
      continue
    }
    if (ch === '$' && text.startsWith('$t(', i)) {
      const end = matchParen(text, i + 2)
      if (end > 0) {
        const name = text.slice(i + 3, end - 1).split(',')[0]?.trim()
        push(out, 'i18next-nesting', text, i, end, inBranch, name)
        i = end
        continue
      }
    }
    if (ch === '<') {
      const m = stickyMatch(TAG, text.length - i > MAX_TAG ? text.slice(0, i + MAX_TAG) : text, i)
      if (m) {
        push(out, 'tag', text, i, i + m[0].length, inBranch, m[1])
        i += m[0].length
        continue
      }
    }
    i++
  }
  return i
}

// ICU apostrophe quoting: `'{'` is a literal brace and `''` a literal apostrophe. An apostrophe before
// anything else (`don't`) is plain text, and `'{{` stays an i18next placeholder in quotes.
function skipQuoted(text: string, i: number, inPlural: boolean): number {
  const next = text[i + 1]
  if (next === "'") return i + 2
  const opensQuote = (next === '{' && text[i + 2] !== '{') || next === '}' || (next === '#' && inPlural)
  if (!opensQuote) return i + 1
  const close = text.indexOf("'", i + 2)
  return close === -1 ? text.length : close + 1
}

function scanBrace(text: string, i: number, depth: number, inPlural: boolean, inBranch: boolean, out: Scanned[]): number {
  let m = stickyMatch(I18NEXT, text, i)
  if (m && m[2]) {
    push(out, 'i18next', text, i, i + m[0].length, inBranch, m[2].split(',')[0]?.trim())
    return i + m[0].length
  }
  m = stickyMatch(DOTNET, text, i)
  if (m && /[,:]/.test(m[0])) {
    push(out, 'dotnet', text, i, i + m[0].length, inBranch, m[1])
    return i + m[0].length
  }
  m = stickyMatch(ICU_SIMPLE, text, i)
  if (m) {
    push(out, 'icu', text, i, i + m[0].length, inBranch, m[1])
    return i + m[0].length
  }
  m = stickyMatch(ICU_HEAD, text, i)
  if (m && depth < MAX_DEPTH) return scanBranches(text, i, m, depth, inPlural, inBranch, out)
  return i + 1
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

function scanPercent(text: string, i: number, inBranch: boolean, out: Scanned[]): number {
  if (text[i + 1] === '%') return i + 2
  const tries: [RegExp, string][] = [
    [APPLE_VARIABLE, 'apple-variable'],
    [PYTHON, 'python'],
    [RUBY_NAMED, 'ruby'],
    [RUBY_FORMAT, 'ruby'],
    [PRINTF, 'printf'],
  ]
  for (const [re, kind] of tries) {
    const m = stickyMatch(re, text, i)
    if (m) {
      push(out, kind, text, i, i + m[0].length, inBranch, m[1])
      return i + m[0].length
    }
  }
  return i + 1
}

/** End (exclusive) of the parenthesised group opening at `open`, or -1 when it never closes. */
function matchParen(text: string, open: number): number {
  let depth = 0
  let quote = ''
  for (let k = open; k < text.length && k < open + MAX_TAG; k++) {
    const c = text[k]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return k + 1
  }
  return -1
}

// Text at the edge: PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 form, so either
// would fail deep inside a write (a 500) or be stored mangled. Every op input is walked once, before its schema, and
// such text is refused as invalid_input naming where it is.
import type { InputIssue } from './errors.js'
import { nextTurn, sliceEnds } from './slices.js'

/** At most this many text issues are listed; one is enough to fix the call, a few show a pattern. */
const MAX_ISSUES = 20

/** True when `s` holds U+0000 or a lone surrogate. Native scans: a 10 MB push costs one pass of each. */
export function isBadText(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s)
}

// In a unicode-mode regex a paired surrogate is one code point; only a lone half is in category Cs.
const LONE_SURROGATE = /\p{Cs}/u
/** Either character text in the database cannot hold (keyAt splits a key at them). */
const BAD_CHARACTER = /\u0000|\p{Cs}/u

/** What is wrong at offset `at` of `s`, with its line and column when the text has more than one line. */
function describe(s: string, what: string): string {
  const nul = s.indexOf('\u0000')
  const lone = s.search(LONE_SURROGATE)
  const at = nul >= 0 && (lone < 0 || nul < lone) ? nul : lone
  const kind = at === nul ? 'a NUL character (U+0000)' : `a lone surrogate (U+${s.charCodeAt(at).toString(16).toUpperCase()})`
  return `${what} holds ${kind}${where(s, at)}; remove it, or send the character it stands for as valid UTF-8.`
}

/** " at line L, column C" (1-based, columns in characters) for text of several lines, else " at character N". */
export function where(s: string, at: number): string {
  if (at < 0) return ''
  const lineStart = s.lastIndexOf('\n', at - 1) + 1
  if (lineStart === 0 && s.indexOf('\n') < 0) return ` at character ${at + 1}`
  let line = 1
  for (let i = s.indexOf('\n'); i >= 0 && i < at; i = s.indexOf('\n', i + 1)) line++
  return ` at line ${line}, column ${at - lineStart + 1}`
}

/**
 * Every string and object key of a JSON value holding NUL or a lone surrogate, as input issues with their dot paths
 * (the paths valibot names, so a caller reads both kinds of issue alike). Empty when the text is clean.
 */
export function textIssues(value: unknown, options: { fileText?: readonly string[] } = {}): InputIssue[] {
  const issues: InputIssue[] = []
  walk(value, '', issues, new Set(options.fileText))
  return issues
}

function walk(value: unknown, path: string, issues: InputIssue[], fileText: ReadonlySet<string>): void {
  if (issues.length >= MAX_ISSUES) return
  if (typeof value === 'string') {
    // A file's text may hold NUL as data (kept byte for byte); a lone surrogate has no bytes in any UTF-8 file.
    const bad = fileText.has(path) ? LONE_SURROGATE.test(value) : isBadText(value)
    if (bad) issues.push({ path, message: describe(fileText.has(path) ? value.replaceAll('\u0000', ' ') : value, 'The text') })
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, join(path, String(i)), issues, fileText))
    return
  }
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key)) issues.push({ path: join(path, key.replace(/[\u0000\ud800-\udfff]/g, '\ufffd')), message: describe(key, 'The field name') })
    walk(item, join(path, key), issues, fileText)
  }
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`)

/**
 * Parsed entries whose name, context, comment or format data holds NUL or a lone surrogate, as issues on `content`,
 * with the line and column of the key. Text (values, plural forms, source) may hold them: the database keeps U+FFFD
 * there and the stored file keeps the bytes, so the file comes back as pushed (docs/decisions.md, Issue 18). A key
 * cannot: it names the string in every later push, pull and task.
 */
export async function entryTextIssues(entries: readonly { key: string; context?: string | undefined; comment?: string | undefined; meta?: unknown }[], content: string): Promise<InputIssue[]> {
  const issues: InputIssue[] = []
  for (let i = 0; i < entries.length && issues.length < MAX_ISSUES; i++) {
    if (sliceEnds(i)) await nextTurn()
    const entry = entries[i]!
    const field = isBadText(entry.key) ? 'key'
      : entry.context && isBadText(entry.context) ? 'context'
      : entry.comment && isBadText(entry.comment) ? 'comment'
      : entry.meta !== undefined && textIssues(entry.meta).length > 0 ? 'format data' : undefined
    if (!field) continue
    issues.push({ path: 'content', message: `The entry ${JSON.stringify(entry.key)}${where(content, keyAt(entry.key, content))} holds a NUL character or a lone surrogate in its ${field}; remove it from the file.` })
  }
  return issues
}

/**
 * Where the bad character of a key is in the file when the key is written there as it is, else where the key starts.
 * A key the file spells with an escape ("gr\u0000eeting") is placed by its longest clean run, the part least likely
 * to occur elsewhere: in a file of keys alike ("bad\u0000key25000", "bad\u0000key29000") the text before the bad
 * character alone named the first of them for both.
 */
function keyAt(key: string, content: string): number {
  const whole = content.indexOf(key)
  const bad = key.indexOf('\u0000')
  const first = bad >= 0 ? bad : key.search(LONE_SURROGATE)
  if (whole >= 0) return whole + Math.max(first, 0)
  const clean = key.slice(0, Math.max(first, 0))
  const longest = key.split(BAD_CHARACTER).reduce((a, b) => (b.length > a.length ? b : a), '')
  const anchor = longest === '' ? -1 : content.indexOf(longest)
  if (clean === '') return anchor
  if (anchor < 0) return content.indexOf(clean)
  const before = content.lastIndexOf(clean, anchor)
  return before >= 0 ? before : anchor
}

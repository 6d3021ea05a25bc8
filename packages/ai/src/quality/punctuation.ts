/**
 * Punctuation checks, with the target language's conventions: end punctuation compared by kind (a
 * Spanish question may open with ¿, CJK uses full-width marks, Greek asks with ;, Arabic with ؟),
 * the trailing ellipsis fixup, the Devanagari danda, French punctuation spacing, and unbalanced
 * brackets and quotes (German „…“, English “…”, French « … », Japanese 「…」).
 */

import { languageOf, report, scriptOf, type FormCtx } from './form.js'

type EndKind = 'end_stop' | 'end_question' | 'end_exclamation' | 'end_colon' | 'end_semicolon' | 'end_ellipsis'

const WORDS: Record<EndKind, string> = {
  end_stop: 'a full stop', end_question: 'a question mark', end_exclamation: 'an exclamation mark',
  end_colon: 'a colon', end_semicolon: 'a semicolon', end_ellipsis: 'an ellipsis',
}

// Closing quotes and brackets a sentence may end inside: "Click “Save”." and "Click “Save.”" end alike (German
// „Gespeichert.“ and Danish »Gemt.« too); and the invisible bidi marks and controls RTL text may end with.
const CLOSERS = /[\s"'”’»›」』）)\]“‘«‹\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]+$/u

/** The kind of punctuation `text` ends with, in the conventions of language `lang`. */
export function endKind(text: string, lang: string): EndKind | null {
  const t = text.replace(CLOSERS, '')
  if (/(?:\.\.\.|…|⋯|‥|。。。)$/u.test(t)) return 'end_ellipsis'
  const last = t.at(-1) ?? ''
  if (lang === 'el' && (last === ';' || last === '\u037e')) return 'end_question'
  if ('?？؟፧\u037e'.includes(last) && last) return 'end_question'
  if ('!！՜߹'.includes(last) && last) return 'end_exclamation'
  if (':：'.includes(last) && last) return 'end_colon'
  if (';；؛'.includes(last) && last) return 'end_semicolon'
  if (lang === 'el' && last === '\u0387') return 'end_semicolon'
  if ('.。．।॥۔።။។։'.includes(last) && last) return 'end_stop'
  return null
}

// Languages whose UI text commonly drops the sentence-final stop the source has (Japanese, Chinese), or writes none (Thai, Lao).
const STOP_OPTIONAL = new Set(['ja', 'zh', 'yue', 'th', 'lo'])

export function checkPunctuation(f: FormCtx): void {
  const { source, target, lang } = f
  if (target.trim() === '') return
  const s = endKind(source, lang)
  const t = endKind(target, lang)
  if (danda(f)) {
    // The danda finding says what the end should be; an end_stop finding about the same mark would repeat it.
  } else if (s !== t) {
    const end = target.replace(CLOSERS, '').length
    const span = { start: Math.max(0, end - 1), end }
    if (s && !(s === 'end_stop' && t === null && STOP_OPTIONAL.has(lang))) {
      report(f, s, `the source ends with ${WORDS[s]}, the translation ${t ? `with ${WORDS[t]}` : 'does not'}`, { span })
    } else if (t && !s) {
      report(f, t, `the translation ends with ${WORDS[t]}, the source does not`, { span })
    }
  }
  // Weblate's trailing ellipsis fixup: three dots where the source has the ellipsis character.
  if (/…\s*$/u.test(source) && /(?<!\.)\.\.\.\s*$/u.test(target)) {
    const at = target.lastIndexOf('...')
    report(f, 'ellipsis', 'three dots where the source uses the ellipsis character …', { span: { start: at, end: at + 3 }, fix: target.slice(0, at) + '…' + target.slice(at + 3) })
  }
  if (lang === 'fr' && !/^fr[-_]ca$/i.test(f.input.targetLocale)) frenchSpacing(f)
  brackets(f)
}

// Languages that end a sentence with the danda (U+0964) in their Indic scripts (Weblate's fixup has hi, bn, or).
// Marathi is not one: it writes the full stop.
const DANDA_LANGUAGES = new Set(['hi', 'ne', 'sa', 'mai', 'bho', 'bn', 'or', 'as', 'pa'])
const DANDA_SCRIPTS = new Set(['Deva', 'Beng', 'Orya', 'Guru'])

/** Weblate's Devanagari danda fixup: a sentence ending with `.` (or `|`, or Bengali `৷`) where the source ends with a full stop. */
function danda(f: FormCtx): boolean {
  if (!DANDA_LANGUAGES.has(f.lang) || !DANDA_SCRIPTS.has(scriptOf(f.input.targetLocale))) return false
  const s = f.source.replace(CLOSERS, '')
  if (!s.endsWith('.') || s.endsWith('..')) return false
  const t = f.target.replace(CLOSERS, '')
  const last = t.at(-1) ?? ''
  if (!(last === '.' || last === '|' || last === '\u09f7') || t.endsWith('..')) return false
  const at = t.length - 1
  report(f, 'danda', `the sentence ends with "${last}", where ${f.input.targetLocale} ends it with the danda "।"`, { span: { start: at, end: at + 1 }, fix: f.target.slice(0, at) + '।' + f.target.slice(at + 1) })
  return true
}

const NBSP = '\u00a0'
const NNBSP = '\u202f'

/**
 * French typography: a no-break space before : ; ! ? and » and after «. The fix puts U+00A0 before a
 * colon and inside guillemets and U+202F before ; ! ? (Imprimerie nationale), replacing a plain space.
 */
function frenchSpacing(f: FormCtx): void {
  const t = f.target
  let first = -1
  let fixed = ''
  let changed = false
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!
    const prev = t[i - 1]
    const next = t[i + 1]
    const before = c === ':' || c === ';' || c === '!' || c === '?' || c === '»'
    if (before && i > 0 && !isIgnoredMark(t, i)) {
      const space = c === ':' || c === '»' ? NBSP : NNBSP
      if (prev === ' ') {
        fixed = fixed.slice(0, -1) + space
        changed = true
      } else if (prev !== NBSP && prev !== NNBSP && !/\s/u.test(prev ?? ' ') && !'!?:;'.includes(prev!)) {
        fixed += space
        changed = true
        if (first === -1) first = i
      }
    }
    fixed += c
    if (c === '«' && next !== undefined) {
      if (next === ' ') {
        fixed += NBSP
        i++
        changed = true
      } else if (next !== NBSP && next !== NNBSP) {
        fixed += NBSP
        changed = true
        if (first === -1) first = i
      }
    }
  }
  if (first !== -1 && changed) {
    report(f, 'punctuation_spacing', `French needs a no-break space before "${t[first]}"`, { span: { start: first, end: first + 1 }, fix: fixed })
  }
}

/** A mark that is not sentence punctuation: a URL's `://` or query, a time like 12:30, a placeholder's colon, `::`. */
function isIgnoredMark(t: string, i: number): boolean {
  const c = t[i]!
  if (c === ':' && (t.startsWith('//', i + 1) || /\d/.test(t[i - 1] ?? '') && /\d/.test(t[i + 1] ?? '') || t[i + 1] === ':' || t[i - 1] === ':')) return true
  if ((c === '?' || c === ':' || c === '!') && /[\w/=&%-]/u.test(t[i + 1] ?? ' ')) return true
  // Inside a placeholder or markup: {count, number}, %{name}, <a href="x">.
  const open = Math.max(t.lastIndexOf('{', i), t.lastIndexOf('<', i))
  const close = Math.max(t.lastIndexOf('}', i), t.lastIndexOf('>', i))
  return open > close
}

const BRACKETS: Record<string, string> = { '(': ')', '[': ']', '（': '）', '【': '】', '「': '」', '『': '』', '《': '》' }

/**
 * Quotation marks by language, each pair as opening and closing mark (CLDR's delimiters and common usage). Every
 * language also takes English “…” ‘…’ and guillemets « … », which UI text uses everywhere.
 */
const QUOTES: [languages: string, pairs: string[]][] = [
  // German, Czech, Slovak, Slovenian, Lithuanian, Icelandic, Estonian, Georgian, Bulgarian, Danish: „…“ ‚…‘, and »…« in print.
  ['de lb gsw cs sk sl lt is et ka bg da', ['„“', '‚‘', '»«', '›‹', '‹›']],
  // Polish, Hungarian, Romanian, Croatian, Serbian, Bosnian, Macedonian, Dutch, Hebrew: „…”, with »…« or «…» inside.
  ['pl hu ro hr sr bs mk nl he', ['„”', '‚’', '»«']],
  // Swedish and Finnish: ”…” and »…».
  ['sv fi', ['””', '»»', '»«']],
  // Guillemet languages; Russian, Ukrainian and Belarusian put „…“ inside.
  ['fr it es pt ca gl eu el nb no nn ru uk be ar fa ur tr hy kk uz az ps ky tk sq', ['‹›', '„“']],
]
const EVERYWHERE = ['“”', '‘’', '«»']

interface Marks {
  /** Opening mark → the marks that close it. */
  open: Map<string, string>
  close: Set<string>
}

const marksCache = new Map<string, Marks>()

function marksOf(lang: string): Marks {
  let m = marksCache.get(lang)
  if (m) return m
  const pairs = [...Object.entries(BRACKETS).map(([o, c]) => o + c), ...EVERYWHERE, ...(QUOTES.find(([langs]) => langs.split(' ').includes(lang))?.[1] ?? [])]
  m = { open: new Map(), close: new Set() }
  for (const [o, c] of pairs.map((p) => [...p] as [string, string])) {
    m.open.set(o, (m.open.get(o) ?? '') + c)
    m.close.add(c)
  }
  marksCache.set(lang, m)
  return m
}

const BRACKETISH = /[()[\]（）【】「」『』《》"“”‘’„‚«»‹›]/u

/**
 * The first unbalanced bracket or quotation mark of `text` (index) in the conventions of language `lang`, or -1.
 * A mark closes the innermost open one when it can, else opens (German “ closes „, English “ opens); a smiley's )
 * and a list's 1) do not count, nor a lone ’ (the apostrophe).
 */
export function unbalancedAt(text: string, lang = 'en'): number {
  if (!BRACKETISH.test(text)) return -1
  const marks = marksOf(lang)
  const stack: { closers: string; at: number }[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (stack.at(-1)?.closers.includes(c)) {
      stack.pop()
      continue
    }
    const closers = marks.open.get(c)
    if (closers !== undefined) stack.push({ closers, at: i })
    else if (marks.close.has(c)) {
      if (c === '’' || (c === ')' && /[:;=8]|^\d$/.test(text[i - 1] ?? ''))) continue
      return i
    }
  }
  if (stack.length > 0) return stack[0]!.at
  const quotes = [...text.matchAll(/"/g)]
  return quotes.length % 2 === 1 ? quotes.at(-1)!.index : -1
}

function brackets(f: FormCtx): void {
  const at = unbalancedAt(f.target, f.lang)
  if (at === -1 || unbalancedAt(f.source, languageOf(f.input.sourceLocale)) !== -1) return
  report(f, 'brackets', `"${f.target[at]}" has no partner`, { span: { start: at, end: at + 1 } })
}

/**
 * Punctuation checks, with the target language's conventions: end punctuation compared by kind (a
 * Spanish question may open with ¿, CJK uses full-width marks, Greek asks with ;, Arabic with ؟),
 * the trailing ellipsis fixup, French punctuation spacing, and unbalanced brackets and quotes.
 */

import { report, type FormCtx } from './form.js'

type EndKind = 'end_stop' | 'end_question' | 'end_exclamation' | 'end_colon' | 'end_semicolon' | 'end_ellipsis'

const WORDS: Record<EndKind, string> = {
  end_stop: 'a full stop', end_question: 'a question mark', end_exclamation: 'an exclamation mark',
  end_colon: 'a colon', end_semicolon: 'a semicolon', end_ellipsis: 'an ellipsis',
}

// Closing quotes and brackets a sentence may end inside: "Click “Save”." and "Click “Save.”" end alike.
const CLOSERS = /[\s"'”’»›」』）)\]]+$/u

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
  if ('.。．।۔።။។։'.includes(last) && last) return 'end_stop'
  return null
}

// Languages whose UI text commonly drops the sentence-final stop the source has (Japanese, Chinese), or writes none (Thai, Lao).
const STOP_OPTIONAL = new Set(['ja', 'zh', 'yue', 'th', 'lo'])

export function checkPunctuation(f: FormCtx): void {
  const { source, target, lang } = f
  if (target.trim() === '') return
  const s = endKind(source, lang)
  const t = endKind(target, lang)
  if (s !== t) {
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

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '（': '）', '【': '】', '「': '」', '『': '』', '«': '»', '《': '》' }
const BRACKETISH = /[()[\]（）【】「」『』«»《》"]/u
const CLOSING = new Map(Object.entries(PAIRS).map(([o, c]) => [c, o]))

/** The first unbalanced bracket of `text` (index), or -1; a smiley's ) and a list's 1) do not count. */
export function unbalancedAt(text: string): number {
  if (!BRACKETISH.test(text)) return -1
  const stack: { c: string; at: number }[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (PAIRS[c]) stack.push({ c, at: i })
    else if (CLOSING.has(c)) {
      if (c === ')' && /[:;=8]|^\d$/.test(text[i - 1] ?? '') && (stack.at(-1)?.c !== '(')) continue
      if (stack.at(-1)?.c === CLOSING.get(c)) stack.pop()
      else return i
    }
  }
  if (stack.length > 0) return stack[0]!.at
  const quotes = [...text.matchAll(/"/g)]
  return quotes.length % 2 === 1 ? quotes.at(-1)!.index : -1
}

function brackets(f: FormCtx): void {
  const at = unbalancedAt(f.target)
  if (at === -1 || unbalancedAt(f.source) !== -1) return
  report(f, 'brackets', `"${f.target[at]}" has no partner`, { span: { start: at, end: at + 1 } })
}

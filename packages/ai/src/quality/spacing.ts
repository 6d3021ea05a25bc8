/**
 * Checks of whitespace and invisible characters: leading and trailing spaces and line breaks, line
 * break counts, escaped \n, double spaces, zero-width and control characters, Arabic kashida. Each
 * offers Weblate's fixup where the fix cannot change meaning.
 */

import { report, type FormCtx } from './form.js'

const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/gu
// C0 and C1 controls except tab, line feed and carriage return, which UI strings use.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu
const KASHIDA = /\u0640/gu

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\u00a0' || c === '\u202f' || c === '\u3000' || (c > '\u007f' && /\s/u.test(c))
const lead = (t: string) => {
  let i = 0
  while (i < t.length && isSpace(t[i]!)) i++
  return t.slice(0, i)
}
// A loop, not /\s*$/: that pattern retries from every space of a text, quadratic in long texts with many.
const trail = (t: string) => {
  let i = t.length
  while (i > 0 && isSpace(t[i - 1]!)) i--
  return t.slice(i)
}
const count = (t: string, re: RegExp) => (t.match(re) ?? []).length

/** The target with its leading and trailing whitespace replaced by the source's. */
function withSourceEdges(f: FormCtx): string {
  const body = f.target.slice(lead(f.target).length, f.target.length - trail(f.target).length)
  return body ? lead(f.source) + body + trail(f.source) : f.target
}

export function checkSpacing(f: FormCtx): void {
  const { source, target } = f
  if (target === '') return
  const sLead = lead(source)
  const tLead = lead(target)
  const sTrail = trail(source)
  const tTrail = trail(target)
  const fix = withSourceEdges(f)
  if (sLead.includes('\n') !== tLead.includes('\n')) {
    report(f, 'begin_newline', sLead.includes('\n') ? 'the source starts with a line break, the translation does not' : 'the translation starts with a line break, the source does not', { span: { start: 0, end: tLead.length }, fix })
  } else if (sLead !== tLead) {
    report(f, 'begin_space', `leading whitespace "${escape(tLead)}" differs from the source's "${escape(sLead)}"`, { span: { start: 0, end: tLead.length }, fix })
  }
  const tailSpan = { start: target.length - tTrail.length, end: target.length }
  if (sTrail.includes('\n') !== tTrail.includes('\n')) {
    report(f, 'end_newline', sTrail.includes('\n') ? 'the source ends with a line break, the translation does not' : 'the translation ends with a line break, the source does not', { span: tailSpan, fix })
  } else if (sTrail !== tTrail) {
    report(f, 'end_space', `trailing whitespace "${escape(tTrail)}" differs from the source's "${escape(sTrail)}"`, { span: tailSpan, fix })
  }
  const sLines = count(source, /\n/g)
  const tLines = count(target, /\n/g)
  if (sLines !== tLines) report(f, 'newline_count', `${tLines} line break${tLines === 1 ? '' : 's'}, the source has ${sLines}`)
  const sEscaped = count(source, /\\n/g)
  const tEscaped = count(target, /\\n/g)
  if (sEscaped !== tEscaped) report(f, 'escaped_newline', `${tEscaped} escaped \\n, the source has ${sEscaped}`)

  // Two spaces inside the text (edges are the checks above), where the source has none.
  const body = target.trim()
  const offset = target.indexOf(body)
  const double = body.indexOf('  ')
  if (double !== -1 && !source.trim().includes('  ')) {
    report(f, 'double_space', 'two spaces in a row', { span: { start: offset + double, end: offset + double + 2 }, fix: target.slice(0, offset) + body.replace(/ {2,}/g, ' ') + target.slice(offset + body.length) })
  }

  invisible(f, 'zero_width', ZERO_WIDTH, 'zero-width character')
  invisible(f, 'control_chars', CONTROL, 'control character')
  if (count(target, KASHIDA) > count(source, KASHIDA)) {
    const at = target.indexOf('\u0640')
    report(f, 'kashida', 'Arabic tatweel (kashida) stretches a word; use the plain letters', { span: { start: at, end: at + 1 }, fix: target.replace(KASHIDA, '') })
  }
}

/** Flags characters of `re` the target has more of than the source; the fix removes them (Weblate's fixup) when the source has none. */
function invisible(f: FormCtx, check: 'zero_width' | 'control_chars', re: RegExp, what: string): void {
  const inTarget = count(f.target, re)
  const inSource = count(f.source, re)
  if (inTarget <= inSource) return
  re.lastIndex = 0
  const m = re.exec(f.target)!
  re.lastIndex = 0
  const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
  report(f, check, `${inTarget} ${what}${inTarget === 1 ? '' : 's'} (first U+${code}), the source has ${inSource}`, {
    span: { start: m.index, end: m.index + m[0].length },
    ...(inSource === 0 ? { fix: f.target.replace(re, '') } : {}),
  })
}

function escape(ws: string): string {
  return ws.replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r')
}

/** Helpers every format shares for positions, line endings and byte order marks. */

/** The byte order mark, as decoded text. */
export const BOM = '\uFEFF'

/** 1-based line and column of a character offset. */
export function lineColumnAt(content: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(offset, content.length)
  for (let i = content.indexOf('\n'); i !== -1 && i < end; i = content.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: end - lineStart + 1 }
}

/** The line ending a file uses most, so added lines match it. */
export function detectEol(content: string): '\n' | '\r\n' {
  const crlf = content.split('\r\n').length - 1
  const lf = content.split('\n').length - 1 - crlf
  return crlf > lf ? '\r\n' : '\n'
}

/** Splits a leading BOM off, so parsers see the text and writers can put it back. */
export function splitBom(content: string): { bom: string; body: string } {
  return content.startsWith(BOM) ? { bom: BOM, body: content.slice(1) } : { bom: '', body: content }
}

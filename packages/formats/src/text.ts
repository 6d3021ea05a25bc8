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
  // Counted with indexOf: splitting a 10 MB file twice allocates a string per line.
  let lf = 0
  let crlf = 0
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) {
    if (i > 0 && content.charCodeAt(i - 1) === 13) crlf++
    else lf++
  }
  return crlf > lf ? '\r\n' : '\n'
}

/** Splits a leading BOM off, so parsers see the text and writers can put it back. */
export function splitBom(content: string): { bom: string; body: string } {
  return content.startsWith(BOM) ? { bom: BOM, body: content.slice(1) } : { bom: '', body: content }
}

/** A lookup from character offset to 1-based line and column. */
export type PositionOf = (offset: number) => { line: number; column: number }

/** Maps offsets of `content` to line and column in O(log n) after one linear pass (the table is built on first use). */
export function lineIndex(content: string): PositionOf {
  let starts: number[] | undefined
  return (offset) => {
    if (!starts) {
      starts = [0]
      for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) starts.push(i + 1)
    }
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 }
  }
}

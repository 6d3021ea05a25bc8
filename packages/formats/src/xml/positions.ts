/** Offset -> line/column lookups in O(log n) after one linear pass, so reporting many issues stays linear. */

/** Maps character offsets of `content` to 1-based line and column; the line-start table is built on first use. */
export function createLineIndex(content: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | null = null
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

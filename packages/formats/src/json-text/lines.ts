/** Line and column lookup over a line-start table, so reporting many issues stays linear. */
export type PositionOf = (offset: number) => { line: number; column: number }

/** Builds a lookup from character offset to 1-based line and column (the table is built on first use). */
export function positionLookup(text: string): PositionOf {
  let starts: number[] | undefined
  return (offset) => {
    if (!starts) {
      starts = [0]
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
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

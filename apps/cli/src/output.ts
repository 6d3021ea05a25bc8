// What the CLI prints: tables for people, JSON for scripts, a progress bar only on a terminal.

/** A place to write text (process.stdout/stderr, or a buffer in tests). */
export interface Out {
  write(text: string): unknown
  isTTY?: boolean
}

/** Renders rows as a left-aligned table with a header line; numbers are right-aligned. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))]
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[], raw: (string | number)[] | undefined) =>
    r.map((c, i) => (typeof raw?.[i] === 'number' ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd()
  return [line(header, undefined), ...rows.map((r) => line(r.map(String), r))].join('\n') + '\n'
}


/** A progress bar for multi-file work. */
export interface Progress {
  tick(label: string): void
  done(): void
}

const NO_PROGRESS: Progress = { tick: () => {}, done: () => {} }

/** A bar on `err` when it is a terminal and there is more than one step; otherwise it prints nothing. */
export function progress(err: Out, total: number, width = 24): Progress {
  if (!err.isTTY || total < 2) return NO_PROGRESS
  let n = 0
  const draw = (label: string) => {
    const filled = Math.round((n / total) * width)
    err.write(`\r\x1b[2K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${n}/${total} ${label}`)
  }
  draw('')
  return {
    tick(label) {
      n++
      draw(label)
    },
    done() {
      err.write('\r\x1b[2K')
    },
  }
}

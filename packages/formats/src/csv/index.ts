import type { FormatModule } from '../format.js'
import { parseCsv } from './parse.js'
import { renderCsv } from './render.js'
import { sniffDelimiter } from './table.js'

const OTHER_FORMAT = /\.(json|ya?ml|xcstrings|strings|stringsdict|xml|po|pot|xliff|xlf|arb|resx|properties)$/i

/** How sure we are that a file is a translation CSV: the extension, else records of equal width. */
export function detectCsv(filename: string, content: string): number {
  const head = content.slice(0, 4000).replace(/^\uFEFF/, '')
  // The name says CSV; content that is plainly XML or JSON says otherwise.
  if (/\.(csv|tsv)$/i.test(filename)) return /^\s*[<{[]/.test(head) ? 0.5 : 0.95
  if (OTHER_FORMAT.test(filename)) return 0.02
  if (/^\s*[<{[]/.test(head)) return 0.02
  const delimiter = sniffDelimiter(head)
  const lines = head.split(/\r?\n/).filter((l) => l !== '').slice(0, 10)
  const widths = lines.map((l) => l.split(delimiter).length)
  return lines.length >= 2 && widths[0]! >= 2 && widths.every((w) => w === widths[0]) ? 0.35 : 0.02
}

/** CSV with a key column and one column per locale (Tolgee, Godot, Weblate, traduora layouts). */
export const csvFormat: FormatModule = {
  id: 'csv',
  name: 'CSV',
  extensions: ['.csv', '.tsv'],
  multiLocale: true,
  detect: detectCsv,
  parse: parseCsv,
  render: renderCsv,
}

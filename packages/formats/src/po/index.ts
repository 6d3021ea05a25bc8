import type { FormatModule } from '../format.js'
import { parsePo } from './parse.js'
import { renderPo } from './render.js'

/** gettext PO (and POT): bilingual msgid/msgstr catalogs with contexts, plurals, flags and comments. */
export const poFormat: FormatModule = {
  id: 'po',
  name: 'gettext PO',
  extensions: ['.po', '.pot'],
  multiLocale: false,
  detect: detectPo,
  parse: parsePo,
  render: renderPo,
}

/** How sure we are that a file is PO: its extension and a `msgid "…"` line near the top. */
export function detectPo(filename: string, content: string): number {
  const name = filename.toLowerCase()
  const byName = name.endsWith('.po') || name.endsWith('.pot')
  const head = content.slice(0, 20_000)
  const byContent = /^\s*msgid\s+"/m.test(head) && /^\s*msgstr(\[\d+\])?\s+"/m.test(head)
  if (byName && byContent) return 0.98
  if (byContent) return 0.8
  return byName ? 0.5 : 0
}

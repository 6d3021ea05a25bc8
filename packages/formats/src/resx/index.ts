/** .NET RESX resources: string `<data>` entries, rendered byte for byte into the last push. */
import type { FormatModule } from '../format.js'
import { readResx } from './parse.js'
import { renderResx } from './render.js'
import { resxFirstCopy } from './first-copy.js'
import { isFirstCopy } from '../source-only.js'

/** The RESX format module. */
export const resxFormat: FormatModule = {
  id: 'resx',
  name: '.NET RESX',
  extensions: ['.resx'],
  multiLocale: false,
  detect: detectResx,
  parse: (content, options) => {
    const doc = readResx(content)
    return { entries: doc.units.map((u) => u.entry), locales: options.locale ? [options.locale] : [], issues: doc.issues }
  },
  // A first pull of a locale renders into the source file: what only the source holds goes first.
  render: (template, entries, options) => renderResx(template !== undefined && isFirstCopy(options) ? resxFirstCopy(template) : template, entries, options),
}

/** How sure we are that a file is RESX: a `<root>` with `resheader`s decides; `.resx` alone is strong too. */
export function detectResx(filename: string, content: string): number {
  const name = filename.toLowerCase()
  const head = content.slice(0, 8192)
  const hasRoot = /<root[\s>]/.test(head)
  const looksResx = hasRoot && /<resheader\s|<data\s[^>]*name=|microsoft-resx/.test(head)
  if (name.endsWith('.resx')) return looksResx || !/\S/.test(content) ? 0.98 : hasRoot ? 0.8 : 0.6
  if (looksResx) return name.endsWith('.xml') || name === '' ? 0.85 : 0.7
  return 0
}

/** Android `strings.xml` resources: strings, plurals and string-arrays, rendered byte for byte into the last push. */
import type { FormatModule } from '../format.js'
import { readAndroid, toParseResult } from './parse.js'
import { renderAndroid } from './render.js'
import { androidFirstCopy } from './first-copy.js'
import { isFirstCopy } from '../source-only.js'

/** The Android resources format module. */
export const androidFormat: FormatModule = {
  id: 'android',
  name: 'Android strings.xml',
  extensions: ['.xml'],
  multiLocale: false,
  detect: detectAndroid,
  parse: (content, options) => toParseResult(readAndroid(content), options.locale),
  // A first pull of a locale renders into the source file: what only the source holds goes first.
  render: (template, entries, options) => renderAndroid(template !== undefined && isFirstCopy(options) ? androidFirstCopy(template) : template, entries, options),
}

/** How sure we are that a file is Android resources: a `<resources>` root decides; the name only adds. */
export function detectAndroid(filename: string, content: string): number {
  const name = filename.replace(/\\/g, '/').toLowerCase()
  const head = content.slice(0, 16384)
  const hasRoot = /<resources[\s>/]/.test(head)
  const hasEntries = /<(string|plurals|string-array)\s[^>]*name=/.test(head)
  const inValues = /(^|\/)values(-[^/]*)?\/[^/]+\.xml$/.test(name)
  if (!name.endsWith('.xml') && name !== '' && !hasRoot) return 0
  if (hasRoot) return Math.min(1, 0.7 + (hasEntries ? 0.15 : 0) + (inValues || /strings\.xml$/.test(name) ? 0.1 : 0) + (name.endsWith('.xml') ? 0.05 : 0))
  if (inValues) return 0.4
  return name.endsWith('.xml') ? 0.05 : 0
}

import type { FormatModule } from '../format.js'
import { extensionOf, hasArbSignature, hasXcstringsSignature, startsJsonObject } from '../json-text/index.js'
import { parseArb } from './parse.js'
import { renderArb } from './render.js'

/** Flutter Application Resource Bundle: ICU messages with `@key` metadata. */
export const arbFormat: FormatModule = {
  id: 'arb',
  name: 'Flutter ARB',
  extensions: ['.arb'],
  multiLocale: false,
  detect(filename, content) {
    const ext = extensionOf(filename)
    if (ext === '.arb') return startsJsonObject(content) ? 0.95 : 0.5
    if (!startsJsonObject(content) || hasXcstringsSignature(content) || !hasArbSignature(content)) return 0
    return ext === '.json' ? 0.92 : 0.7
  },
  parse: parseArb,
  render: renderArb,
}

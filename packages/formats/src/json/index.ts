import type { FormatModule } from '../format.js'
import { extensionOf, hasArbSignature, hasXcstringsSignature, startsJsonObject } from '../json-text/index.js'
import { parseJson } from './parse.js'
import { renderJson } from './render.js'

/** Plain JSON translation files: flat or nested keys, i18next plurals, ICU values. */
export const jsonFormat: FormatModule = {
  id: 'json',
  name: 'JSON',
  extensions: ['.json'],
  multiLocale: false,
  detect(filename, content) {
    const ext = extensionOf(filename)
    if (!startsJsonObject(content)) return ext === '.json' ? 0.3 : 0
    // ARB and String Catalogs are JSON too; their own formats claim them.
    if (hasXcstringsSignature(content)) return 0.1
    if (hasArbSignature(content)) return 0.3
    if (ext === '.json') return 0.9
    return ext === '.arb' || ext === '.xcstrings' ? 0.3 : 0.5
  },
  parse: parseJson,
  render: renderJson,
}

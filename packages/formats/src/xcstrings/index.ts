import type { FormatModule } from '../format.js'
import { extensionOf, hasXcstringsSignature, startsJsonObject } from '../json-text/index.js'
import { parseXcstrings } from './parse.js'
import { renderXcstrings } from './render.js'

/** Xcode String Catalog: every locale of an app in one JSON file. */
export const xcstringsFormat: FormatModule = {
  id: 'xcstrings',
  name: 'Xcode String Catalog',
  extensions: ['.xcstrings'],
  multiLocale: true,
  detect(filename, content) {
    const ext = extensionOf(filename)
    const isJson = startsJsonObject(content)
    if (ext === '.xcstrings') return isJson ? 1 : 0.6
    return isJson && hasXcstringsSignature(content) ? 0.9 : 0
  },
  parse: parseXcstrings,
  render: renderXcstrings,
}

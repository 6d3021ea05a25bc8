import type { FormatId, FormatModule } from './format.js'
import { androidFormat } from './android/index.js'
import { arbFormat } from './arb/index.js'
import { csvFormat } from './csv/index.js'
import { jsonFormat } from './json/index.js'
import { poFormat } from './po/index.js'
import { propertiesFormat } from './properties/index.js'
import { resxFormat } from './resx/index.js'
import { stringsFormat } from './strings/index.js'
import { stringsdictFormat } from './stringsdict/index.js'
import { xcstringsFormat } from './xcstrings/index.js'
import { xliffFormat } from './xliff/index.js'
import { yamlFormat } from './yaml/index.js'

/** Every built-in format, in the order listFormats shows them. The only list of formats. */
export const formats: readonly FormatModule[] = [
  jsonFormat, yamlFormat, xcstringsFormat, stringsFormat, stringsdictFormat, androidFormat,
  poFormat, xliffFormat, arbFormat, propertiesFormat, resxFormat, csvFormat,
]

const byId = new Map<string, FormatModule>(formats.map((f) => [f.id, f]))

/** The format with this id, or undefined for an id that is not built in. */
export function getFormat(id: string): FormatModule | undefined {
  return byId.get(id)
}

/** True when `id` names a built-in format. */
export function isFormatId(id: string): id is FormatId {
  return byId.has(id)
}

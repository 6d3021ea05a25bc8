import type { FormatModule } from '../format.js'
import { parseProperties } from './parse.js'
import { renderProperties } from './render.js'

const OTHER_FORMAT = /\.(json|ya?ml|xcstrings|strings|stringsdict|xml|po|pot|xliff|xlf|arb|resx|csv|tsv)$/i

/** How sure we are that a file is Java .properties: the extension, else lines shaped like `key=value`. */
export function detectProperties(filename: string, content: string): number {
  const head = content.slice(0, 4000).replace(/^\uFEFF/, '')
  // The name says properties; content that is plainly XML or JSON says otherwise.
  if (/\.properties$/i.test(filename)) return /^\s*[<{[]/.test(head) ? 0.5 : 0.95
  if (OTHER_FORMAT.test(filename)) return 0.02
  if (/^\s*[<{["]/.test(head)) return 0.02
  const lines = head.split(/\r?\n/).filter((l) => l.trim() !== '' && !/^\s*[#!]/.test(l))
  if (lines.length === 0) return 0.05
  const shaped = lines.filter((l) => /^\s*[^\s=:"]+\s*[=:]/.test(l)).length
  return shaped / lines.length > 0.8 ? 0.4 : 0.05
}

/** Java .properties (java.util.Properties / ResourceBundle). */
export const propertiesFormat: FormatModule = {
  id: 'properties',
  name: 'Java properties',
  extensions: ['.properties'],
  multiLocale: false,
  detect: detectProperties,
  parse: parseProperties,
  render: renderProperties,
}

/** Apple `.stringsdict` plural rules, rendered byte for byte into the last push. */
import type { FormatModule } from '../format.js'
import { readStringsdict } from './parse.js'
import { renderStringsdict } from './render.js'

/** The stringsdict format module. */
export const stringsdictFormat: FormatModule = {
  id: 'stringsdict',
  name: 'Apple Stringsdict',
  extensions: ['.stringsdict'],
  multiLocale: false,
  detect: detectStringsdict,
  parse: (content, options) => {
    const doc = readStringsdict(content)
    return { entries: doc.units.flatMap((u) => u.entries), locales: options.locale ? [options.locale] : [], issues: doc.issues }
  },
  render: renderStringsdict,
}

/** How sure we are that a file is a stringsdict: the extension, or a plist using NSStringLocalizedFormatKey. */
export function detectStringsdict(filename: string, content: string): number {
  const name = filename.toLowerCase()
  const head = content.slice(0, 8192)
  const isPlist = /<plist[\s>]/.test(head)
  const hasFormat = head.includes('NSStringLocalizedFormatKey') || head.includes('NSStringPluralRuleType')
  if (name.endsWith('.stringsdict')) return isPlist || !/\S/.test(content) ? 0.99 : 0.7
  if (isPlist && hasFormat) return 0.9
  if (isPlist) return 0.2
  return 0
}

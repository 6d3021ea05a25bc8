import type { FormatModule } from '../format.js'
import { parseYaml } from './parse.js'
import { renderYaml } from './render.js'

const OTHER_FORMAT = /\.(json|xcstrings|strings|stringsdict|xml|po|pot|xliff|xlf|arb|resx|csv|tsv|properties)$/i

/** How sure we are that a file is translation YAML: the extension, else `key:` lines or a `---` start. */
export function detectYaml(filename: string, content: string): number {
  const head = content.slice(0, 4000).replace(/^\uFEFF/, '')
  // The name says YAML; content that is plainly XML says otherwise (JSON is valid YAML).
  if (/\.ya?ml$/i.test(filename)) return /^\s*</.test(head) ? 0.5 : 0.95
  if (OTHER_FORMAT.test(filename)) return 0.02
  if (/^\s*[<{["]/.test(head)) return 0.02
  if (/^---\s*$/m.test(head.split('\n', 20).join('\n'))) return 0.5
  const lines = head.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trim().startsWith('#'))
  if (lines.length === 0) return 0.02
  const shaped = lines.filter((l) => /^\s*(?:- )?[^\s:#][^:#]*:(?:\s|$)/.test(l) || /^\s*- /.test(l)).length
  return shaped / lines.length > 0.8 ? 0.4 : 0.02
}

/** YAML translations: Rails i18n (locale root), plain nested maps, Hugo/go-i18n id lists. */
export const yamlFormat: FormatModule = {
  id: 'yaml',
  name: 'YAML',
  extensions: ['.yml', '.yaml'],
  multiLocale: false,
  stylesFromSource: true,
  detect: detectYaml,
  parse: parseYaml,
  render: renderYaml,
}

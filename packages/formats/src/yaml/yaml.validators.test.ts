// What the YAML format writes, read by Ruby Psych (the reader of Rails files) and PyYAML;
// yaml.test.ts checks the same outputs byte for byte with Node alone.
import { describe, expect, it } from 'vitest'
import type { Entry, MissingPolicy } from '../format.js'
import { withTempFiles } from '../../test/temp.js'
import { loadWithPython, loadWithRuby } from '../../test/validators/yaml.js'
import { yamlFormat } from './index.js'

const render = (template: string | undefined, entries: readonly Entry[], locale = 'en', missing?: MissingPolicy) =>
  yamlFormat.render(template, entries, { locale, sourceLocale: 'en', ...(missing ? { missing } : {}) })

describe('Ruby Psych and PyYAML', () => {
  it('writes files Ruby Psych and PyYAML read back to the same strings', () => {
    const texts = ['yes', 'no', 'on', '~', 'null', '1.5', '0x1F', '1:20', '2024-01-01', ':sym', '@at', '%{count}', '- dash', '# hash', 'a: b', 'x #y', "it's", 'say "hi"', ' lead', 'trail ', 'multi\nline\n', 'tab\there', 'ž😀', '', '`tick', '&amp', '*star', '!bang', '|pipe', '>gt', '{brace}', '[bracket]']
    const entries = texts.map((value, i) => ({ key: `k${i}`, value }))
    const template = 'en:\n' + texts.map((_, i) => `  k${i}: ${['plain', "'single'", '"double"', '|\n    block'][i % 4]}\n`).join('')
    const files = { 'clean.yml': render(undefined, entries), 'into.yml': render(template, entries) }
    const want = { en: Object.fromEntries(entries.map((e) => [e.key, e.value])) }
    for (const results of withTempFiles(files, (paths) => [loadWithRuby(paths), loadWithPython(paths)])) {
      expect(results).toEqual([{ ok: true, data: want }, { ok: true, data: want }])
    }
  })
})

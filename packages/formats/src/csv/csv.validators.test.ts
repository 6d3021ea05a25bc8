// What the CSV format writes, read by Python's strict csv reader (FORMATS.md's reader);
// csv.test.ts checks the same outputs byte for byte with Node alone.
import { describe, expect, it } from 'vitest'
import type { Entry, MissingPolicy } from '../format.js'
import { withTempFiles } from '../../test/temp.js'
import { readWithPython } from '../../test/validators/python-csv.js'
import { csvFormat } from './index.js'

const render = (template: string | undefined, entries: readonly Entry[], missing?: MissingPolicy, locale = 'cs') =>
  csvFormat.render(template, entries, { locale, sourceLocale: 'en', ...(missing ? { missing } : {}) })

describe('python csv', () => {
  it('writes files Python\'s strict csv reader reads back to the same cells', () => {
    const texts = ['plain', 'com,ma', 'semi;colon', 'q"uote', 'multi\nline', ' lead', 'trail ', '=cmd|x', '', 'ž😀']
    const entries = texts.map((value, i) => ({ key: `k${i}`, value, values: { en: { value: `src ${value}` }, cs: { value } } }))
    const [result] = withTempFiles({ 'clean.csv': render(undefined, entries) }, (paths) => readWithPython(paths, ',', 'rfc'))
    expect(result!.rows).toEqual([
      ['key', 'en', 'cs'],
      ...entries.map((e) => [e.key, `src ${e.value}`.replace(/^src =/, "src ="), e.value.startsWith('=') ? `'${e.value}` : e.value]),
    ])
  })
})

// What the .properties format writes, read by java.util.Properties (FORMATS.md's reader);
// properties.test.ts checks the same outputs byte for byte with Node alone.
import { describe, expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { withTempFiles } from '../../test/temp.js'
import { loadWithJava } from '../../test/validators/java.js'
import { propertiesFormat } from './index.js'

const opts = { locale: 'de', sourceLocale: 'en' }
const render = (template: string | undefined, entries: readonly Entry[], missing?: 'source' | 'empty' | 'omit') =>
  propertiesFormat.render(template, entries, { ...opts, ...(missing ? { missing } : {}) })

describe('java.util.Properties', () => {
  it('writes files java.util.Properties reads back to the same map', () => {
    const tricky = ['=:#! lead', ' x ', 'a\\b', 'ü€😀', 'tab\there', 'multi\nline', '', '\u0001ctl', 'end\\']
    const entries = tricky.map((value, i) => ({ key: `k${i} ${value}`, value }))
    const files = { 'clean.properties': render(undefined, entries), 'raw.properties': render('a = ž\n', entries, 'omit') }
    const results = withTempFiles(files, (paths) => paths.map((path) => loadWithJava(paths).get(path)))
    const expected = Object.fromEntries(entries.map((e) => [e.key, e.value]))
    expect(results).toEqual([{ ok: true, map: expected }, { ok: true, map: expected }])
  })
})

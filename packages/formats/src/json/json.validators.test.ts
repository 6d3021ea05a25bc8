// What the JSON format writes, read by jq and by python3's strict reader (FORMATS.md's checks);
// json.test.ts checks the same outputs byte for byte with Node alone.
import { describe, expect, it } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { jqAccepts, pythonStrictAccepts } from '../../test/validators/json.js'
import { jsonFormat } from './index.js'

const en: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const text = '{\n    "common": {\n        "ok": "OK"\n    },\n    "title": "T"\n}'

describe('jq and python3 read what the JSON format writes', () => {
  it.each([
    ['a nested entry into its existing parent', { key: 'common.cancel', value: 'Cancel', meta: { path: ['common', 'cancel'] } }],
    ['a new nested branch', { key: 'a.b', value: 'AB', meta: { path: ['a', 'b'] } }],
    ['a path through a string as a flat key beside it', { key: 'title.sub', value: 'S', meta: { path: ['title', 'sub'] } }],
  ] as [string, Entry][])('after adding %s', (_name, entry) => {
    const out = jsonFormat.render(text, [...jsonFormat.parse(text, { locale: 'en' }).entries, entry], en)
    expect(jqAccepts(out) && pythonStrictAccepts(out)).toBe(true)
  })

  it('in a clean render with nesting, arrays and plurals', () => {
    const entries: Entry[] = [
      { key: 'a.b', value: 'AB', meta: { path: ['a', 'b'] } },
      { key: 'x.y', value: 'flat' },
      { key: 'l.0', value: 'first', meta: { path: ['l', 0] } },
      { key: 'cat', value: 'cats', plural: { one: 'cat', other: 'cats' } },
    ]
    const out = jsonFormat.render(undefined, entries, en)
    expect(jqAccepts(out) && pythonStrictAccepts(out)).toBe(true)
  })

  it('and reject a repeated key, so the check can fail', () => {
    expect(() => pythonStrictAccepts('{"a": "1", "a": "2"}')).toThrow()
    expect(() => jqAccepts('{"a": }')).toThrow()
  })
})

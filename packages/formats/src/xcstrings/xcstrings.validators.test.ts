// What the String Catalog format writes, read by jq and by python3's strict reader (FORMATS.md's
// checks); xcstrings.test.ts checks the same outputs byte for byte and structurally with Node alone.
import { expect, it } from 'vitest'
import type { Entry, RenderOptions } from '../format.js'
import { jqAccepts, pythonStrictAccepts } from '../../test/validators/json.js'
import { xcstringsFormat } from './index.js'

const options: RenderOptions = { locale: 'en', sourceLocale: 'en' }
const text = '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "k" : {\n      "extractionState" : "manual"\n    }\n  },\n  "version" : "1.0"\n}'

it.each([
  ['a clean catalog with plural variations', () => xcstringsFormat.render(undefined, [{ key: 'k', value: 'x', values: { en: { value: 'x' }, pl: { value: 'y', plural: { one: 'a', few: 'b', many: 'c', other: 'y' } } } }], options)],
  ['a catalog whose key got its first localizations', () => xcstringsFormat.render(text, [{ key: 'k', value: '', values: { en: { value: 'K' } } }, { key: 'new', value: 'N', comment: 'c' }] as Entry[], options)],
])('jq and python3 read %s', (_name, render) => {
  const out = render()
  expect(jqAccepts(out) && pythonStrictAccepts(out)).toBe(true)
})

// What the ARB format writes, read by jq and by python3's strict reader (FORMATS.md's checks);
// arb.test.ts checks the same outputs byte for byte with Node alone.
import { expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { jqAccepts, pythonStrictAccepts } from '../../test/validators/json.js'
import { arbFormat } from './index.js'

const entries: Entry[] = [{ key: 'hello', value: 'Hello {name}', comment: 'Greets', meta: { placeholders: { name: { type: 'String' } } } }]

it.each([
  ['the source locale, with metadata', 'en'],
  ['a translation', 'de'],
])('jq and python3 read a clean ARB file of %s', (_name, locale) => {
  const out = arbFormat.render(undefined, entries, { locale, sourceLocale: 'en' })
  expect(jqAccepts(out) && pythonStrictAccepts(out)).toBe(true)
})

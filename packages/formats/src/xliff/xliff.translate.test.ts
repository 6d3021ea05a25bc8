// `translate="no"` (XLIFF 1.2 and 2.0 § translate): units not to be translated are no entries and keep their bytes.
// Layout: an Angular app, src/locale/messages.xlf as `ng extract-i18n` writes it (1.2: context-group locations,
// description and meaning notes, an <x> interpolation) where the team marked the brand name and a version string
// translate="no", and a partial German copy src/locale/messages.de.xlf that lacks them.
import { describe, expect, test } from 'vitest'
import { fixture } from '../../test/fixtures.js'
import type { Entry } from '../format.js'
import { xliffFormat } from './index.js'

const { parse, render } = xliffFormat
const source = fixture('angular-app/src/locale/messages.xlf')
const german = fixture('angular-app/src/locale/messages.de.xlf')

describe('xliff translate="no" in an Angular repository', () => {
  test('units marked translate="no" are not entries; the source renders back byte for byte', () => {
    const entries = parse(source, { locale: 'en-US' }).entries
    expect(entries.map((e) => e.key)).toEqual(['introductionHeader', 'logOut', '7350203937220597584'])
    expect(render(source, entries, { locale: 'en-US', sourceLocale: 'en-US', missing: 'omit' })).toBe(source)
    expect(render(source, [], { locale: 'en-US', sourceLocale: 'en-US', missing: 'omit' })).toContain('<trans-unit id="productName" datatype="html" translate="no">')
  })

  test('the German copy gains only the translatable unit it lacks', () => {
    const own = new Map(parse(german, { locale: 'de' }).entries.map((e) => [e.key, e]))
    const entries: Entry[] = parse(source, { locale: 'en-US' }).entries.map((e) => own.get(e.key) ?? { ...e, value: 'Vor {{ minutes }} Minuten aktualisiert' })
    const out = render(german, entries, { locale: 'de', sourceLocale: 'en-US', missing: 'omit' })
    expect(parse(out, { locale: 'de' }).entries.map((e) => e.key)).toEqual(['introductionHeader', 'logOut', '7350203937220597584'])
    expect(out).not.toMatch(/productName|apiVersion/)
  })

  const v20 = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="ngi18n">
${body}
  </file>
</xliff>
`
  const unit20 = (id: string, attrs = '') => `    <unit id="${id}"${attrs}>\n      <segment>\n        <source>${id}</source>\n      </segment>\n    </unit>`

  test.each([
    ['2.0 unit translate="no"', v20([unit20('a'), unit20('b', ' translate="no"')].join('\n')), ['a']],
    ['2.0 group translate="no", one unit inside saying yes', v20(`    <group id="g" translate="no">\n${unit20('a')}\n${unit20('b', ' translate="yes"')}\n    </group>\n${unit20('c')}`), ['b', 'c']],
    ['2.0 file translate="no"', v20(unit20('a')).replace('<file id="ngi18n">', '<file id="ngi18n" translate="no">'), []],
    ['1.2 group translate="no"', `<xliff version="1.2"><file source-language="en" original="x"><body><group id="g" translate="no"><trans-unit id="a"><source>A</source></trans-unit></group><trans-unit id="b" translate="yes"><source>B</source></trans-unit></body></file></xliff>`, ['b']],
  ])('%s', (_, file, keys) => {
    const entries = parse(file, { locale: 'de' }).entries
    expect(entries.map((e) => e.key)).toEqual(keys)
    expect(render(file, entries, { locale: 'de', sourceLocale: 'en', missing: 'omit' })).toBe(file)
  })
})

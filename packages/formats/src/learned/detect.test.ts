// Which active learned format reads a file: by its path pattern first, by extension second, and only when the
// template reads the content.
import { expect, test } from 'vitest'
import { detectLearned, EXTENSION_CONFIDENCE, pathFits, PATTERN_CONFIDENCE } from './detect.js'

test.each([
  ['lang/{locale}.ini', 'lang/de.ini', true],
  ['lang/{locale}.ini', 'lang/pt-BR.ini', true],
  ['lang/{locale}.ini', 'lang/sub/de.ini', false],
  ['lang/{locale}.ini', 'lang/.ini', false],
  ['language/{locale}/{locale}.com_foo.ini', 'language/de-DE/de-DE.com_foo.ini', true],
  ['res/values-{android_locale}/x.txt', 'res/values-de/x.txt', true],
  ['setup/en.wxl', 'setup/en.wxl', true],
  ['setup/en.wxl', 'setup/de.wxl', false],
  ['a(b+)+/{locale}.ini', 'a(b+)+/de.ini', true],
])('pattern %s fits %s: %s', (pattern, path, fits) => {
  expect(pathFits(pattern, path)).toBe(fits)
})

test('a pattern match outranks an extension match, and a format whose template cannot read the file is left out', () => {
  const ini = { kind: 'lines' as const, separators: ['='] }
  const candidates = [
    { id: 'by-ext', template: ini, patterns: ['other/{locale}.ini'] },
    { id: 'by-pattern', template: ini, patterns: ['lang/{locale}.ini'] },
    { id: 'xml', template: { kind: 'xml' as const, element: 'e', key_attribute: 'k' }, patterns: ['lang/{locale}.ini'] },
  ]
  expect(detectLearned(candidates, 'lang/de.ini', 'a=b\n')).toEqual([{ id: 'by-pattern', confidence: PATTERN_CONFIDENCE }, { id: 'by-ext', confidence: EXTENSION_CONFIDENCE }])
  expect(detectLearned(candidates, 'lang/de.txt', 'a=b\n')).toEqual([])
})

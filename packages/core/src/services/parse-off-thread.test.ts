import { checkTemplate, inferTemplate, parse } from '@tolk/formats'
import { expect, test } from 'vitest'
import { checkTemplateOffThread, inferTemplateOffThread, OFF_THREAD_CHARS, parseFile } from './parse-off-thread.js'

test('a big file parsed on the worker thread reads exactly as parsed in place, in order, issues included', async () => {
  const entries = Array.from({ length: 30_000 }, (_, i) => `"k${i}": "Value number ${i}"`)
  const content = `{\n${entries.join(',\n')},\n"k5": "again"\n}\n`
  expect(content.length).toBeGreaterThan(OFF_THREAD_CHARS)
  const off = await parseFile('json', content, { locale: 'en', sourceLocale: 'en' })
  expect(off).toEqual(parse('json', content, { locale: 'en', sourceLocale: 'en' }))
  expect(off.entries).toHaveLength(30_001)
})

test('a file the parser refuses gives its issues from the worker thread too, and two files at once keep apart', async () => {
  const big = (n: number) => `{${Array.from({ length: n }, (_, i) => `"a${i}": "${'x'.repeat(20)}"`).join(',')}`
  const [broken, whole] = await Promise.all([
    parseFile('json', big(20_000), { locale: 'en' }),
    parseFile('json', `${big(15_000)}}`, { locale: 'en' }),
  ])
  expect(broken.issues.some((i) => i.severity === 'error')).toBe(true)
  expect(whole.entries).toHaveLength(15_000)
})

test('learn_format\'s inference and template check on the worker thread answer as they do in place', async () => {
  const sample = Array.from({ length: 300 }, (_, i) => `greeting_${i} = "Hello number ${i}"`).join('\n')
  const inferred = await inferTemplateOffThread('lang/en.ini', sample)
  expect(inferred).toEqual(inferTemplate('lang/en.ini', sample))
  expect(inferred.check?.entries).toHaveLength(300)
  expect(await checkTemplateOffThread(inferred.template, sample)).toEqual(checkTemplate(inferred.template, sample))
  expect((await checkTemplateOffThread({ nonsense: true }, sample)).errors.length).toBeGreaterThan(0)
})

import { checkTemplate, inferTemplate, parse } from '@tolk/formats'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { checkTemplateOffThread, inferTemplateOffThread, keepParserReady, OFF_THREAD_CHARS, parseFile, parserThreadId, warmParser } from './parse-off-thread.js'

const run = promisify(execFile)

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

test('entries cross from the worker thread whole: nested meta, plural maps, multi-locale values, lone surrogates and NUL', async () => {
  // A nested i18next file with plurals, a key holding NUL and one spelling a lone surrogate as an escape.
  const lines = Array.from({ length: 12_000 }, (_, i) => `"s${i}": { "title": "Title ${i}", "items_one": "{{count}} item", "items_other": "{{count}} items" }`)
  const content = `{\n${lines.join(',\n')},\n"odd": { "nul": "a\\u0000b", "half": "x\\ud800y", "emoji": "😀 ok" }\n}\n`
  expect(content.length).toBeGreaterThan(OFF_THREAD_CHARS)
  const off = await parseFile('json', content, { locale: 'en', sourceLocale: 'en' })
  const inPlace = parse('json', content, { locale: 'en', sourceLocale: 'en' })
  expect(off).toEqual(inPlace)
  expect(off.entries.find((e) => e.key === 's7.items')).toMatchObject({ plural: { one: '{{count}} item', other: '{{count}} items' } })
  expect(off.entries.find((e) => e.key === 'odd.half')!.value).toBe('x\ud800y')
  expect(off.entries.find((e) => e.key === 'odd.nul')!.value).toBe('a\u0000b')
  // A multi-locale format: every locale's column crosses.
  const xc = { sourceLanguage: 'en', version: '1.0', strings: Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`key ${i}`, { localizations: { en: { stringUnit: { state: 'translated', value: `Hello ${i}` } }, de: { stringUnit: { state: 'translated', value: `Hallo ${i}` } } } }])) }
  const xcText = JSON.stringify(xc, null, 2)
  expect(xcText.length).toBeGreaterThan(OFF_THREAD_CHARS)
  const xcOff = await parseFile('xcstrings', xcText, { sourceLocale: 'en' })
  expect(xcOff).toEqual(parse('xcstrings', xcText, { sourceLocale: 'en' }))
  expect(xcOff.entries[5]!.values).toMatchObject({ de: { value: 'Hallo 5' } })
})

test('a big file parses on the worker push_file started ahead of it (a small file\'s warm-up is a no-op)', async () => {
  warmParser(10)
  warmParser(OFF_THREAD_CHARS)
  const content = `{${Array.from({ length: 20_000 }, (_, i) => `"w${i}": "warm ${i}"`).join(',')}}`
  expect((await parseFile('json', content, { locale: 'en' })).entries).toHaveLength(20_000)
})

test('keepParserReady: a loaded thread waits before any big file and stays after parsing one', async () => {
  keepParserReady()
  const first = parserThreadId()
  expect(first).toBeDefined()
  const content = `{${Array.from({ length: 20_000 }, (_, i) => `"r${i}": "ready ${i}"`).join(',')}}`
  expect((await parseFile('json', content, { locale: 'en' })).entries).toHaveLength(20_000)
  // Past the idle time after which a thread nobody keeps retires.
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  expect(parserThreadId()).toBe(first)
  expect((await parseFile('json', content, { locale: 'en' })).entries).toHaveLength(20_000)
})

test('the parse thread keeps no process alive: kept ready before any file, after a parse, or neither', async () => {
  const script = (keep: boolean, parse: boolean) => [
    `const m = await import(${JSON.stringify(new URL('./parse-off-thread.ts', import.meta.url).href)})`,
    keep ? 'm.keepParserReady()' : '',
    parse
      ? `const r = await m.parseFile('json', '{' + Array.from({ length: 20000 }, (_, i) => '"k' + i + '": "v ' + i + '"').join(',') + '}', { locale: 'en' }); console.log(r.entries.length)`
      : 'console.log("ready")',
  ].join('\n')
  // A process still running after 30 s is killed, and the call fails: a thread kept ready held its process for ever
  // when its 'message' listener was attached after unref.
  for (const [keep, parse] of [[true, false], [true, true], [false, true]] as const) {
    const { stdout } = await run(process.execPath, ['--conditions=@tolk/source', '--import', 'tsx', '--input-type=module', '-e', script(keep, parse)], { timeout: 30_000 })
    expect(stdout.trim()).toBe(parse ? '20000' : 'ready')
  }
}, 100_000)

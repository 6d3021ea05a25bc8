// What the PO format writes, checked by msgfmt (`-c --check-format`, as FORMATS.md verified it);
// po.test.ts checks the same outputs byte for byte with Node alone.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { pluralCategories } from '../plural.js'
import { withTempFiles } from '../../test/temp.js'
import { poFormat } from './index.js'
import { pluralFormsFor } from './plural-forms.js'

/** True when msgfmt accepts the text; a missing binary or a rejection throws. */
function msgfmt(content: string): true {
  withTempFiles({ 'messages.po': content }, ([path]) => {
    execFileSync('msgfmt', ['-c', '--check-format', '-o', '/dev/null', path!], { stdio: ['ignore', 'pipe', 'pipe'] })
  })
  return true
}

const HEADER = (lang: string, forms = 'nplurals=2; plural=(n != 1);') =>
  `msgid ""\nmsgstr ""\n"Language: ${lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${forms}\\n"\n`
const de = { locale: 'de', sourceLocale: 'en' }
const file = HEADER('de') + '\n# keep me\n#: src/a.c:1\nmsgid "Hello"\nmsgstr "Hallo"\n\nmsgid "Bye"\nmsgstr "Tschüss"\n\n#~ msgid "Old"\n#~ msgstr "Alt"\n'
const parse = (content: string, options = de) => poFormat.parse(content, options)

describe('msgfmt accepts what the PO format writes', () => {
  it('a changed long value wrapped like msgcat, with CRLF', () => {
    const crlf = file.replace(/\n/g, '\r\n')
    const long = 'Dies ist ein sehr langer Text, der nicht in eine einzige Zeile passt, weil er mehr als neunundsiebzig Zeichen hat.'
    expect(msgfmt(poFormat.render(crlf, parse(crlf).entries.map((e) => (e.key === 'Bye' ? { ...e, value: long } : e)), de))).toBe(true)
  })

  it.each(['source', 'empty', 'omit'] as const)('a template entry missing from entries under `%s`', (missing) => {
    expect(msgfmt(poFormat.render(file, parse(file).entries.filter((e) => e.key !== 'Bye'), { ...de, missing }))).toBe(true)
  })

  it('new entries after the last message, and after a header-only template', () => {
    expect(msgfmt(poFormat.render(file, [...parse(file).entries, { key: 'New', value: 'Neu', comment: 'added', meta: { references: ['b.c:2'] } }], de))).toBe(true)
    // msgfmt itself rejects a BOM ("syntax error" at 1:2), so the template is checked without one.
    expect(msgfmt(poFormat.render(HEADER('de'), [{ key: 'a', value: 'b' }], de))).toBe(true)
  })

  it('a template of another locale, rendered with the new Language and Plural-Forms', () => {
    const template = HEADER('de') + '\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n'
    const entry: Entry = { key: '%d file', value: '%d файла', plural: { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' } }
    expect(msgfmt(poFormat.render(template, [entry], { locale: 'ru', sourceLocale: 'en' }))).toBe(true)
    const ar = HEADER('ar', pluralFormsFor('ar')) + '\nmsgid "%d file"\nmsgid_plural "%d files"\n' + [0, 1, 2, 3, 4, 5].map((i) => `msgstr[${i}] ""`).join('\n') + '\n'
    const six: Entry = { key: '%d file', value: '%d x', plural: { zero: '%d z', one: '%d o', two: '%d t', few: '%d f', many: '%d m', other: '%d x' } }
    expect(msgfmt(poFormat.render(ar, [six], { locale: 'ar', sourceLocale: 'en' }))).toBe(true)
  })

  it('a POT template with Language and Plural-Forms filled', () => {
    const pot = 'msgid ""\nmsgstr ""\n"Language: \\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n\nmsgid "a"\nmsgstr ""\n'
    expect(msgfmt(poFormat.render(pot, [{ key: 'a', value: 'à' }], { locale: 'fr', sourceLocale: 'en' }))).toBe(true)
  })

  it('a clean file with comments, context, escapes and plurals', () => {
    const entries: Entry[] = [
      { key: 'Hello', value: 'Hallo', comment: 'greeting', meta: { extracted: 'shown on start', references: ['a.c:1'], flags: ['c-format'] } },
      { key: 'Open', context: 'menu', value: 'Öffnen' },
      { key: 'q', value: 'say "hi"\\ \t and\nbye' },
      { key: '%d file', value: '%d files', plural: { one: '%d file', other: '%d files' }, sourcePlural: { one: '%d file', other: '%d files' }, meta: { flags: ['c-format'] } },
    ]
    expect(msgfmt(poFormat.render(undefined, entries, de))).toBe(true)
  })

  it.each(['ar', 'ru', 'pl', 'cs', 'sl', 'fr', 'pt-BR', 'ja', 'he', 'ga', 'cy', 'lv', 'ro', 'fur'])('the plural forms %s needs', (locale) => {
    const plural = Object.fromEntries(pluralCategories(locale).map((c) => [c, `%d ${c}`]))
    const entry: Entry = { key: '%d file', value: plural.other ?? '', plural, sourcePlural: { one: '%d file', other: '%d files' }, meta: { flags: ['c-format'] } }
    expect(msgfmt(poFormat.render(undefined, [entry], { locale, sourceLocale: 'en' }))).toBe(true)
  })

  it('and rejects a plural with too few forms, so the check can fail', () => {
    expect(() => msgfmt(HEADER('de') + '\nmsgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\n')).toThrow()
  })
})

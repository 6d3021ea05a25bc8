import { describe, expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { pluralCategories } from '../plural.js'
import { poFormat } from './index.js'
import { compile, mapPluralForms, pluralFormsFor, readPluralForms } from './plural-forms.js'

const HEADER = (lang: string, forms = 'nplurals=2; plural=(n != 1);') =>
  `msgid ""\nmsgstr ""\n"Language: ${lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: ${forms}\\n"\n`
const de = { locale: 'de', sourceLocale: 'en' }
const parse = (content: string, options: { locale?: string; sourceLocale?: string } = de) => poFormat.parse(content, options)
const roundTrip = (content: string, options = de) => poFormat.render(content, parse(content, options).entries, options)

describe('po parse', () => {
  const cases: [string, string, Partial<Entry>[]][] = [
    ['a plain message', 'msgid "Hello"\nmsgstr "Hallo"\n', [{ key: 'Hello', value: 'Hallo', source: 'Hello' }]],
    ['a context', 'msgctxt "menu"\nmsgid "Open"\nmsgstr "Öffnen"\n', [{ key: 'Open', context: 'menu', value: 'Öffnen' }]],
    ['an empty context, which differs from none', 'msgctxt ""\nmsgid "A"\nmsgstr "B"\n', [{ key: 'A', context: '', value: 'B' }]],
    ['escapes', 'msgid "q"\nmsgstr "\\"a\\" \\\\ \\t\\n\\r \\101\\x42"\n', [{ key: 'q', value: '"a" \\ \t\n\r AB' }]],
    ['continuation lines', 'msgid ""\n"Long "\n"text"\nmsgstr ""\n"Langer "\n"Text"\n', [{ key: 'Long text', value: 'Langer Text' }]],
    ['translator comments', '# first\n#\n# third\nmsgid "a"\nmsgstr "b"\n', [{ key: 'a', comment: 'first\n\nthird' }]],
    ['extracted, references, flags and previous in meta', '#. note\n#: a.c:1 b.c:2\n#: c.c:3\n#, fuzzy, c-format\n#| msgid "old"\nmsgid "%d a"\nmsgstr "%d b"\n',
      [{ key: '%d a', value: '%d b', meta: { extracted: 'note', references: ['a.c:1', 'b.c:2', 'c.c:3'], flags: ['c-format'], fuzzy: true, previous: ['msgid "old"'] } }]],
    ['entries without blank lines between them', 'msgid "a"\nmsgstr "1"\nmsgid "b"\nmsgstr "2"\n# c\nmsgid "c"\nmsgstr "3"', [{ key: 'a' }, { key: 'b' }, { key: 'c', comment: 'c' }]],
    ['obsolete entries are not entries', 'msgid "a"\nmsgstr "1"\n\n#, fuzzy\n#~ msgid "old"\n#~ msgstr "alt"\n', [{ key: 'a' }]],
    ['the header is not an entry', HEADER('de') + '\nmsgid "a"\nmsgstr "1"\n', [{ key: 'a', value: '1' }]],
  ]
  it.each(cases)('reads %s', (_name, content, expected) => {
    const result = parse(content)
    expect(result.issues).toEqual([])
    expect(result.entries).toHaveLength(expected.length)
    expected.forEach((e, i) => expect(result.entries[i]).toMatchObject(e))
    expect(roundTrip(content)).toBe(content)
  })

  it('reads an empty msgstr as the msgid in a source-locale read, and writes it back empty', () => {
    const content = 'msgid "Hello"\nmsgstr ""\n\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n'
    const en = { locale: 'en', sourceLocale: 'en' }
    const { entries } = parse(content, en)
    expect(entries[0]).toMatchObject({ key: 'Hello', value: 'Hello' })
    expect(entries[1]).toMatchObject({ value: '%d files', plural: { one: '%d file', other: '%d files' }, sourcePlural: { one: '%d file', other: '%d files' } })
    expect(parse(content, de).entries[0]?.value).toBe('')
    expect(poFormat.render(content, entries, en)).toBe(content)
  })

  it('lists the source and target locales of the file, and only the ones it knows', () => {
    expect(parse(HEADER('pt_BR'), { sourceLocale: 'en' }).locales).toEqual(['en', 'pt-BR'])
    expect(parse(HEADER('de'), de).locales).toEqual(['en', 'de'])
    expect(parse('msgid "a"\nmsgstr "b"\n', {}).locales).toEqual([])
  })

  it('takes a changed value as the other form when the caller left plural as parsed', () => {
    const content = 'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n'
    const [entry] = parse(content).entries
    expect(poFormat.render(content, [{ ...(entry as Entry), value: '%d Files' }], de)).toBe(content.replace('"%d Dateien"', '"%d Files"'))
  })

  it('keeps the other plural forms when an entry brings only its value', () => {
    const content = 'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n'
    expect(poFormat.render(content, [{ key: '%d file', value: '%d Dateien' }], de)).toBe(content)
    expect(poFormat.render(content, [{ key: '%d file', value: '%d Files' }], de)).toBe(content.replace('"%d Dateien"', '"%d Files"'))
  })

  const plurals: [string, string, string, string[], Record<string, string>][] = [
    ['Arabic nplurals=6', 'ar', 'nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 && n%100<=99 ? 4 : 5;',
      ['z', 'o', 't', 'f', 'm', 'x'], { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' }],
    ['Slovenian 4 forms in moz-l10n order', 'sl', 'nplurals=4; plural=(n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 0);',
      ['x', 'o', 't', 'f'], { one: 'o', two: 't', few: 'f', other: 'x' }],
    ['Russian 3 forms: CLDR other (fractions) reads the last form', 'ru', 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
      ['o', 'f', 'm'], { one: 'o', few: 'f', many: 'm', other: 'm' }],
    ['French 2 forms: CLDR many (1,000,000) has no form of its own and is left out (optional for fr)', 'fr', 'nplurals=2; plural=(n > 1);', ['o', 'x'], { one: 'o', other: 'x' }],
    ['French 3 forms (Django since 4.2): many has its own form', 'fr', 'nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;', ['o', 'm', 'x'], { one: 'o', many: 'm', other: 'x' }],
    ['Japanese 1 form', 'ja', 'nplurals=1; plural=0;', ['x'], { other: 'x' }],
    ['a missing Plural-Forms: forms in CLDR order', 'de', '', ['o', 'x'], { one: 'o', other: 'x' }],
  ]
  it.each(plurals)('maps msgstr[n] to CLDR categories for %s', (_name, lang, forms, texts, expected) => {
    const header = forms ? HEADER(lang, forms) : HEADER(lang).replace(/"Plural-Forms.*\n/, '')
    const body = `\nmsgid "one"\nmsgid_plural "many"\n${texts.map((t, i) => `msgstr[${i}] "${t}"`).join('\n')}\n`
    const options = { locale: lang, sourceLocale: 'en' }
    const { entries, issues } = parse(header + body, options)
    expect(issues).toEqual([])
    expect(entries[0]?.plural).toEqual(expected)
    expect(entries[0]?.value).toBe(expected.other)
    expect(poFormat.render(header + body, entries, options)).toBe(header + body)
  })

  it('reports a repeated message as a warning and writes every copy back', () => {
    const content = 'msgid "a"\nmsgstr "1"\n\nmsgid "a"\nmsgstr "2"\n\nmsgctxt "x"\nmsgid "a"\nmsgstr "3"\n'
    const result = parse(content)
    expect(result.entries.map((e) => e.value)).toEqual(['1', '2', '3'])
    expect(result.issues).toEqual([expect.objectContaining({ severity: 'warning', line: 4, column: 1 })])
    expect(roundTrip(content)).toBe(content)
    const onlyFirst = poFormat.render(content, [{ key: 'a', value: 'eins' }], { ...de, missing: 'omit' })
    expect(onlyFirst).toBe('msgid "a"\nmsgstr "eins"\n\nmsgid "a"\nmsgstr "2"\n\n')
  })
})

describe('po bad input', () => {
  const bad: [string, string, number, number][] = [
    ['an unterminated string', 'msgid "a\nmsgstr "b"\n', 1, 7],
    ['an unknown keyword', 'msgid "a"\nmsgstring "b"\n', 2, 1],
    ['a msgid without msgstr', 'msgid "a"\n\nmsgid "b"\nmsgstr "c"\n', 1, 1],
    ['a continuation outside an entry', '"stray"\n', 1, 1],
    ['text after a string', 'msgid "a" x\nmsgstr "b"\n', 1, 11],
    ['an invalid escape', 'msgid "a\\q"\nmsgstr "b"\n', 1, 9],
    ['a missing plural form', 'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[2] "z"\n', 1, 1],
  ]
  it.each(bad)('reports %s with line and column', (_name, content, line, column) => {
    const { issues } = parse(content)
    expect(issues).toContainEqual(expect.objectContaining({ severity: 'error', line, column }))
  })

  it('never throws on truncated files or random bytes', () => {
    const sample = HEADER('de') + '\n# c\n#, fuzzy\nmsgctxt "x"\nmsgid ""\n"a \\"b\\""\nmsgid_plural "p"\nmsgstr[0] "1"\nmsgstr[1] "2"\n\n#~ msgid "o"\n'
    for (let cut = 0; cut <= sample.length; cut++) {
      const part = sample.slice(0, cut)
      const result = parse(part)
      for (const issue of result.issues) expect(issue.line).toBeGreaterThanOrEqual(1)
      expect(typeof poFormat.render(part, result.entries, de)).toBe('string')
    }
    let seed = 42
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: 200 }, () => String.fromCharCode(Math.floor(rnd() * 128))).join('')
      const mixed = Array.from({ length: 30 }, () => ['msgid ', 'msgstr', '"', '\\', '\n', '#', '[1] ', 'x'][Math.floor(rnd() * 8)]).join('')
      for (const s of [text, mixed]) {
        const result = parse(s)
        expect(poFormat.render(s, result.entries, de)).toEqual(expect.any(String))
      }
    }
  })

  it('writes a clean file when the template does not parse', () => {
    const out = poFormat.render('msgid "a\n', [{ key: 'a', value: 'b' }], de)
    expect(parse(out).entries).toEqual([expect.objectContaining({ key: 'a', value: 'b' })])
  })
})

describe('po render', () => {
  const file = HEADER('de') + '\n# keep me\n#: src/a.c:1\nmsgid "Hello"\nmsgstr "Hallo"\n\nmsgid "Bye"\nmsgstr "Tschüss"\n\n#~ msgid "Old"\n#~ msgstr "Alt"\n'

  it('changes only the value that changed', () => {
    const entries = parse(file).entries.map((e) => (e.key === 'Hello' ? { ...e, value: 'Servus' } : e))
    expect(poFormat.render(file, entries, de)).toBe(file.replace('msgstr "Hallo"', 'msgstr "Servus"'))
  })

  it('wraps a changed long value like msgcat and keeps CRLF line endings', () => {
    const crlf = file.replace(/\n/g, '\r\n')
    const long = 'Dies ist ein sehr langer Text, der nicht in eine einzige Zeile passt, weil er mehr als neunundsiebzig Zeichen hat.'
    const entries = parse(crlf).entries.map((e) => (e.key === 'Bye' ? { ...e, value: long } : e))
    const out = poFormat.render(crlf, entries, de)
    expect(out).toContain('msgstr ""\r\n"Dies ist ein sehr langer Text, der nicht in eine einzige Zeile passt, weil "\r\n"er mehr als neunundsiebzig Zeichen hat."\r\n')
    expect(out.replace(/\r\n/g, '')).not.toContain('\n')
    expect(parse(out).entries[1]?.value).toBe(long)
  })

  const policies: [string, 'source' | 'empty' | 'omit', string][] = [
    ['source keeps the template text', 'source', file],
    ['empty writes an empty msgstr', 'empty', file.replace('msgstr "Tschüss"', 'msgstr ""')],
    ['omit removes the entry and its blank line', 'omit', file.replace('msgid "Bye"\nmsgstr "Tschüss"\n\n', '')],
  ]
  it.each(policies)('handles a template entry missing from entries: %s', (_name, missing, expected) => {
    const entries = parse(file).entries.filter((e) => e.key !== 'Bye')
    const out = poFormat.render(file, entries, { ...de, missing })
    expect(out).toBe(expected)
  })

  it('empties every form of a plural entry under the empty policy', () => {
    const plural = HEADER('de') + '\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n'
    expect(poFormat.render(plural, [], { ...de, missing: 'empty' })).toBe(plural.replace('"%d Datei"', '""').replace('"%d Dateien"', '""'))
  })

  it('adds new entries after the last message and before obsolete ones', () => {
    const entries = [...parse(file).entries, { key: 'New', value: 'Neu', comment: 'added', meta: { references: ['b.c:2'] } }]
    const out = poFormat.render(file, entries, de)
    expect(out).toBe(file.replace('msgstr "Tschüss"\n', 'msgstr "Tschüss"\n\n# added\n#: b.c:2\nmsgid "New"\nmsgstr "Neu"\n'))
  })

  it('keeps a UTF-8 BOM and adds entries after a header-only template', () => {
    const template = '\uFEFF' + HEADER('de')
    expect(parse(template).issues).toEqual([])
    expect(roundTrip(template)).toBe(template)
    const out = poFormat.render(template, [{ key: 'a', value: 'b' }], de)
    expect(out).toBe(template + '\nmsgid "a"\nmsgstr "b"\n')
  })

  it('adds entries to a file without a final newline', () => {
    const out = poFormat.render('msgid "a"\nmsgstr "b"', [{ key: 'a', value: 'b' }, { key: 'c', value: 'd', context: 'x' }], de)
    expect(out).toBe('msgid "a"\nmsgstr "b"\n\nmsgctxt "x"\nmsgid "c"\nmsgstr "d"')
  })

  it('clears the fuzzy flag and previous msgid of a changed value', () => {
    const fuzzy = '#: a.c:1\n#, fuzzy, c-format\n#| msgid "%d olds"\nmsgid "%d old"\nmsgstr "%d alt"\n'
    const [entry] = parse(fuzzy).entries
    expect(entry?.meta).toMatchObject({ fuzzy: true, flags: ['c-format'] })
    const changed = poFormat.render(fuzzy, [{ ...(entry as Entry), value: '%d neu' }], de)
    expect(changed).toBe('#: a.c:1\n#, c-format\nmsgid "%d old"\nmsgstr "%d neu"\n')
    const approved = poFormat.render(fuzzy, [{ ...(entry as Entry), meta: { fuzzy: false } }], de)
    expect(approved).toBe('#: a.c:1\n#, c-format\nmsgid "%d old"\nmsgstr "%d alt"\n')
    const markFuzzy = poFormat.render('msgid "a"\nmsgstr "b"\n', [{ key: 'a', value: 'b', meta: { fuzzy: true } }], de)
    expect(markFuzzy).toBe('#, fuzzy\nmsgid "a"\nmsgstr "b"\n')
  })

  it('rewrites translator comments when the entry brings a different one', () => {
    const out = poFormat.render(file, parse(file).entries.map((e) => (e.key === 'Hello' ? { ...e, comment: 'new\nlines' } : e)), de)
    expect(out).toBe(file.replace('# keep me\n', '# new\n# lines\n'))
  })

  it('writes exactly the plural forms of the template locale', () => {
    const ar = HEADER('ar', pluralFormsFor('ar')) + '\nmsgid "%d file"\nmsgid_plural "%d files"\n' + [0, 1, 2, 3, 4, 5].map((i) => `msgstr[${i}] ""`).join('\n') + '\n'
    const entry: Entry = { key: '%d file', value: '%d x', plural: { zero: '%d z', one: '%d o', two: '%d t', few: '%d f', many: '%d m', other: '%d x' } }
    const out = poFormat.render(ar, [entry], { locale: 'ar', sourceLocale: 'en' })
    expect(out).toContain('msgstr[0] "%d z"\nmsgstr[1] "%d o"\nmsgstr[2] "%d t"\nmsgstr[3] "%d f"\nmsgstr[4] "%d m"\nmsgstr[5] "%d x"\n')
  })

  it('writes the new locale Language and Plural-Forms when rendering a template of another locale', () => {
    const template = HEADER('de') + '\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n'
    const entry: Entry = { key: '%d file', value: '%d файла', plural: { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' } }
    const out = poFormat.render(template, [entry], { locale: 'ru', sourceLocale: 'en' })
    expect(out).toContain('"Language: ru\\n"')
    expect(out.replace(/ "\n"/g, ' ')).toContain(`"Plural-Forms: ${pluralFormsFor('ru')}\\n"`)
    expect(out).toContain('msgstr[0] "%d файл"\nmsgstr[1] "%d файла"\nmsgstr[2] "%d файлов"\n')
  })

  it('fills Language and Plural-Forms of a POT template', () => {
    const pot = 'msgid ""\nmsgstr ""\n"Language: \\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n\nmsgid "a"\nmsgstr ""\n'
    const out = poFormat.render(pot, [{ key: 'a', value: 'à' }], { locale: 'fr', sourceLocale: 'en' })
    const unwrapped = out.replace(/ "\n"1000000/, ' 1000000')
    expect(unwrapped).toBe(pot.replace('Language: ', 'Language: fr').replace('nplurals=INTEGER; plural=EXPRESSION;', pluralFormsFor('fr')).replace(/msgstr ""\n$/, 'msgstr "à"\n'))
  })
})

describe('po clean render', () => {
  const entries: Entry[] = [
    { key: 'Hello', value: 'Hallo', comment: 'greeting', meta: { extracted: 'shown on start', references: ['a.c:1'], flags: ['c-format'] } },
    { key: 'Open', context: 'menu', value: 'Öffnen' },
    { key: 'q', value: 'say "hi"\\ \t and\nbye' },
    { key: '%d file', value: '%d files', plural: { one: '%d file', other: '%d files' }, sourcePlural: { one: '%d file', other: '%d files' }, meta: { flags: ['c-format'] } },
  ]

  it('writes a header with Language and Plural-Forms, then every entry, readable back', () => {
    const out = poFormat.render(undefined, entries, de)
    expect(out.startsWith('msgid ""\nmsgstr ""\n"Language: de\\n"\n')).toBe(true)
    expect(out).toContain('# greeting\n#. shown on start\n#: a.c:1\n#, c-format\nmsgid "Hello"\nmsgstr "Hallo"\n')
    const back = parse(out)
    expect(back.issues).toEqual([])
    expect(back.entries.map((e) => [e.key, e.context, e.value, e.plural])).toEqual(entries.map((e) => [e.key, e.context, e.value, e.plural]))
  })

  it.each(['ar', 'ru', 'pl', 'cs', 'sl', 'fr', 'pt-BR', 'ja', 'he', 'ga', 'cy', 'lv', 'ro', 'fur'])('writes exactly the forms %s needs', (locale) => {
    const categories = pluralCategories(locale)
    const plural = Object.fromEntries(categories.map((c) => [c, `%d ${c}`]))
    const out = poFormat.render(undefined, [{ key: '%d file', value: plural.other ?? '', plural, sourcePlural: { one: '%d file', other: '%d files' }, meta: { flags: ['c-format'] } }], { locale, sourceLocale: 'en' })
    const forms = readPluralForms(pluralFormsFor(locale))
    expect(out.match(/^msgstr\[\d+\]/gm)).toHaveLength(forms?.nplurals ?? 0)
    const back = parse(out, { locale, sourceLocale: 'en' }).entries[0]?.plural ?? {}
    // Every category an integer count can select round-trips; fraction-only ones read the last form.
    for (const c of categories) expect(back[c]).toBe(plural[c] === undefined ? undefined : back[c])
    for (const [c, t] of Object.entries(back)) if (Object.values(mapPluralForms(forms, locale, 2).categories).some((cs) => cs[0] === c)) expect(t).toBe(plural[c])
  })

  it('parses and renders a generated 100,000-entry file', () => {
    const many: Entry[] = Array.from({ length: 100_000 }, (_, i) => ({ key: `key ${i}`, value: `Wert ${i} "quoted"`, context: i % 10 === 0 ? 'ctx' : undefined }))
    const clean = poFormat.render(undefined, many, de)
    const parsed = parse(clean)
    expect(parsed.entries).toHaveLength(100_000)
    expect(poFormat.render(clean, parsed.entries, de)).toBe(clean)
  })

  it('parses 10,000,000 characters without running out of memory', () => {
    const line = 'msgid "k"\nmsgstr "' + 'x'.repeat(1000) + '"\n\n'
    const big = line.repeat(Math.ceil(10_000_000 / line.length))
    const result = parse(big)
    expect(result.entries.length).toBe(Math.ceil(10_000_000 / line.length))
    expect(result.issues[0]?.severity).toBe('warning')
  })
})

describe('po plural forms', () => {
  it('compiles gettext expressions with C precedence and rejects anything else', () => {
    expect(compile('n != 1')?.(1)).toBe(0)
    expect(compile('n%10==1 && n%100!=11 ? 0 : 1')?.(21)).toBe(0)
    expect(compile('n==1 ? 0 : n==2 ? 1 : 2')?.(2)).toBe(1)
    expect(compile('(n > 1)')?.(0)).toBe(0)
    expect(compile('n / 0')?.(5)).toBe(0)
    for (const bad of ['', 'n ==', 'alert(1)', 'n ? 1', '(n', 'n n', 'process.exit()']) expect(compile(bad)).toBeUndefined()
  })

  it.each(['ar', 'be', 'bs', 'ca', 'cs', 'cy', 'de', 'en', 'es', 'fr', 'ga', 'gd', 'he', 'hr', 'is', 'it', 'ja', 'lt', 'lv', 'mk', 'mt', 'pl', 'pt', 'pt-PT', 'ro', 'ru', 'sk', 'sl', 'sr', 'uk', 'fil', 'hi', 'zh'])(
    'gives %s one form per CLDR category an integer can select',
    (locale) => {
      const forms = readPluralForms(pluralFormsFor(locale))
      if (!forms) throw new Error('no forms')
      const rules = new Intl.PluralRules(locale)
      const formOf = new Map<string, number>()
      for (let n = 0; n <= 10_000; n++) {
        const c = rules.select(n)
        const f = forms.choose(n)
        expect(formOf.get(c) ?? f).toBe(f)
        formOf.set(c, f)
      }
      formOf.set(rules.select(1_000_000), forms.choose(1_000_000))
      expect(new Set(formOf.values()).size).toBe(forms.nplurals)
      expect(formOf.size).toBe(forms.nplurals)
    },
  )
})

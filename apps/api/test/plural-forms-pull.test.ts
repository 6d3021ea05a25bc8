// Issue 26: a pull keeps every plural form a locale copy has, even forms outside the locale's CLDR categories; it
// adds a form only where the locale needs one the copy lacks, and only for a unit whose translation changed; a copy
// holding a subset of the source's forms is the same plural; and no pull writes a key twice in one mapping.
// One table over every format with plural maps, each laid out as its ecosystem's repositories are (plural-copies.ts
// names the layouts); every pulled file is also read by a duplicate-aware reader.
import { describe, expect, test } from 'vitest'
import { keyOfProject } from '../../../packages/db/test/rows.js'
import { duplicateCsvKeys, duplicateJsonKeys, duplicatePoMessages, duplicatePropertiesKeys, duplicateStringsKeys, duplicateXmlNames } from './duplicate-keys.js'
import { forEachBackend, type Caller } from './harness.js'
import { categoriesOf, djangoPo, english, ENGLISH_FLAT, FLAT_FORMATS, PLURAL_FORMATS, poDuplicates, type Forms, type PluralFormat } from './plural-copies.js'
import { ok } from './units-fixture.js'

/** Locale copies as translators and their tools write them. */
const COPIES = [
  { locale: 'de', quirk: 'German with a few form', title: 'Posteingang', messages: (n: string): Forms => [['one', `${n} Nachricht`], ['few', `${n} Nachrichten (einige)`], ['other', `${n} Nachrichten`]] },
  { locale: 'zh-Hant', quirk: 'Traditional Chinese with one', title: '收件匣', messages: (n: string): Forms => [['one', `${n} 則新訊息`], ['other', `${n} 則訊息`]] },
  { locale: 'ja', quirk: 'Japanese with only other', title: '受信トレイ', messages: (n: string): Forms => [['other', `${n} 件のメッセージ`]] },
  {
    locale: 'ar', quirk: 'Arabic without many', title: 'البريد الوارد',
    messages: (n: string): Forms => [['zero', `لا رسائل ${n}`], ['one', `رسالة ${n}`], ['two', `رسالتان ${n}`], ['few', `${n} رسائل`], ['other', `${n} رسالة`]],
  },
]

/** The forms a copy holds, as the format writes them (an ICU copy also keeps an exact `=0` its translator wrote). */
function copyForms(format: PluralFormat, copy: (typeof COPIES)[number]): Forms {
  const forms = copy.messages(format.n)
  return format.isIcu && copy.locale === 'de' ? [['=0', 'Keine Nachrichten'], ...forms] : forms
}

/** A plural map with exactly the locale's categories, as set_translation takes it. */
function fullPlural(locale: string, text: (c: string) => string): Record<string, string> {
  return Object.fromEntries(categoriesOf(locale).map((c) => [c, text(c)]))
}

forEachBackend('a pull keeps the plural forms of a locale copy (issue 26)', (env) => {
  /** A project with the format's English source and the locale's copy pushed. */
  async function pushed(format: PluralFormat, locale: string, forms: Forms, title: string) {
    const ws = await env.workspace()
    const slug = `p${Math.random().toString(36).slice(2, 8)}`
    await ok(ws.call('create_project', { name: slug, slug, target_locales: [locale], auto_translate: false }))
    const copy = format.build(locale, { title, messages: forms })
    if (format.isMulti) {
      await ok(ws.call('push_file', { project: slug, path: format.path('en'), content: copy }))
    } else {
      await ok(ws.call('push_file', { project: slug, path: format.path('en'), content: format.build('en', english(format.n)) }))
      const imported = await ok(ws.call('push_file', { project: slug, path: format.path(locale), content: copy, locale }))
      // The copy's plural is read as the source's plural, whatever subset of forms it holds: both texts import.
      expect(imported.counts).toMatchObject({ translations_imported: 2, translations_skipped: 0 })
    }
    const unit = async (name: string) => (await keyOfProject(env.conn().db, ws.workspaceId, slug, name)).unit_id
    const pull = async () => (await ok(ws.call('pull_file', { project: slug, path: format.path(locale), locale }))).content as string
    return { ws, unit, pull, copy }
  }

  async function setTitle(ws: Caller, format: PluralFormat, unit: string, locale: string, text: string) {
    const input = format.isTitlePlural
      ? { unit, locale, text: `%d ${text}`, plural: fullPlural(locale, () => `%d ${text}`) }
      : { unit, locale, text }
    await ok(ws.call('set_translation', input))
  }

  for (const format of PLURAL_FORMATS) {
    for (const copy of COPIES) {
      test(`${format.name} (${format.layout}): ${copy.quirk} keeps its forms when another key is edited`, async () => {
        const forms = copyForms(format, copy)
        const { ws, unit, pull, copy: content } = await pushed(format, copy.locale, forms, copy.title)
        const untouched = await pull()
        expect(untouched).toBe(content)
        await setTitle(ws, format, await unit(format.keys.title), copy.locale, `${copy.title} 2`)
        const pulled = await pull()
        expect(pulled).toBe(format.build(copy.locale, { title: `${copy.title} 2`, messages: forms }))
        expect(format.duplicates(pulled)).toEqual([])
      })
    }
  }

  for (const format of PLURAL_FORMATS.filter((f) => !f.isIcu)) {
    for (const copy of COPIES) {
      test(`${format.name}: ${copy.quirk}, its plural edited, keeps the copy's forms and adds only those the locale lacks`, async () => {
        const forms = copyForms(format, copy)
        const { ws, unit, pull } = await pushed(format, copy.locale, forms, copy.title)
        const given = fullPlural(copy.locale, (c) => `${format.n} neu ${c}`)
        await ok(ws.call('set_translation', { unit: await unit(format.keys.messages), locale: copy.locale, text: given.other, plural: given }))
        const held = new Set([...forms.map(([c]) => c), ...Object.keys(given)])
        const expected: Forms = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((c) => held.has(c)).map((c) => [c, given[c] ?? given.other!])
        const pulled = await pull()
        expect(pulled).toBe(format.build(copy.locale, { title: copy.title, messages: expected }))
        expect(format.duplicates(pulled)).toEqual([])
      })
    }
  }
})

// Layout: a Django project, locale/{locale}/LC_MESSAGES/django.po; the copy's Plural-Forms says how many msgstr[n].
forEachBackend('a PO pull keeps the copy\'s Plural-Forms and every msgstr[n] (issue 26)', (env) => {
  const EN = 'locale/en/LC_MESSAGES/django.po'
  const path = (l: string) => `locale/${l}/LC_MESSAGES/django.po`
  const CASES = [
    { locale: 'ru', quirk: 'Russian with Django\'s four forms', title: 'Входящие', msgstr: ['%(count)d сообщение', '%(count)d сообщения', '%(count)d сообщений', '%(count)d сообщения (дробь)'] },
    { locale: 'ja', quirk: 'Japanese with one form', title: '受信トレイ', msgstr: ['%(count)d 件のメッセージ'] },
    { locale: 'ar', quirk: 'Arabic with six forms', title: 'البريد الوارد', msgstr: ['0 %(count)d', '1 %(count)d', '2 %(count)d', '3 %(count)d', '11 %(count)d', '100 %(count)d'] },
    { locale: 'de', quirk: 'German with two forms', title: 'Posteingang', msgstr: ['%(count)d Nachricht', '%(count)d Nachrichten'] },
  ]

  async function pushed(locale: string, title: string, msgstr: readonly string[]) {
    const ws = await env.workspace()
    const slug = `p${Math.random().toString(36).slice(2, 8)}`
    await ok(ws.call('create_project', { name: slug, slug, target_locales: [locale], auto_translate: false }))
    await ok(ws.call('push_file', { project: slug, path: EN, content: djangoPo('en', 'Inbox', ['', '']) }))
    const copy = djangoPo(locale, title, msgstr)
    const imported = await ok(ws.call('push_file', { project: slug, path: path(locale), content: copy, locale }))
    expect(imported.counts).toMatchObject({ translations_imported: 2, translations_skipped: 0 })
    const unit = async (name: string) => (await keyOfProject(env.conn().db, ws.workspaceId, slug, name)).unit_id
    const pull = async () => (await ok(ws.call('pull_file', { project: slug, path: path(locale), locale }))).content as string
    return { ws, unit, pull, copy }
  }

  for (const c of CASES) {
    test(`${c.quirk}: every msgstr[n] survives an edit of another message`, async () => {
      const { ws, unit, pull, copy } = await pushed(c.locale, c.title, c.msgstr)
      expect(await pull()).toBe(copy)
      await ok(ws.call('set_translation', { unit: await unit('Inbox'), locale: c.locale, text: `${c.title} 2` }))
      const pulled = await pull()
      expect(pulled).toBe(djangoPo(c.locale, `${c.title} 2`, c.msgstr))
      expect(poDuplicates(pulled)).toEqual([])
    })
  }

  test('Russian with Django\'s four forms, its plural edited, still has msgstr[3] (the fractions form reads other)', async () => {
    const c = CASES[0]!
    const { ws, unit, pull } = await pushed(c.locale, c.title, c.msgstr)
    const given = fullPlural('ru', (form) => `%(count)d ${form}`)
    await ok(ws.call('set_translation', { unit: await unit('%(count)d message'), locale: 'ru', text: given.other, plural: given }))
    const pulled = await pull()
    expect(pulled).toBe(djangoPo('ru', c.title, [given.one!, given.few!, given.many!, given.other!]))
    expect(poDuplicates(pulled)).toEqual([])
  })
})

// Formats without plural maps: a partial German copy gets the key it lacks once, beside its own keys, never twice.
forEachBackend('a pull writes each key of a flat format once (issue 26)', (env) => {
  for (const format of FLAT_FORMATS) {
    test(`${format.name} (${format.layout}): a partial copy, one key edited and one added, holds every key once`, async () => {
      const ws = await env.workspace()
      const slug = `p${Math.random().toString(36).slice(2, 8)}`
      await ok(ws.call('create_project', { name: slug, slug, target_locales: ['de'], auto_translate: false }))
      const copy: Array<readonly [string, string]> = [['inbox.title', 'Posteingang'], ['inbox.save', 'Speichern']]
      if (format.isMulti) await ok(ws.call('push_file', { project: slug, path: format.path('en'), content: format.build('de', [...copy, ['inbox.cancel', '']]) }))
      else {
        await ok(ws.call('push_file', { project: slug, path: format.path('en'), content: format.build('en', ENGLISH_FLAT) }))
        await ok(ws.call('push_file', { project: slug, path: format.path('de'), content: format.build('de', copy), locale: 'de' }))
      }
      for (const [key, text] of [['inbox.title', 'Eingang'], ['inbox.cancel', 'Abbrechen']] as const) {
        const unit = (await keyOfProject(env.conn().db, ws.workspaceId, slug, key)).unit_id
        await ok(ws.call('set_translation', { unit, locale: 'de', text }))
      }
      const pulled = (await ok(ws.call('pull_file', { project: slug, path: format.path('de'), locale: 'de' }))).content as string
      expect(pulled).toBe(format.build('de', [['inbox.title', 'Eingang'], ['inbox.save', 'Speichern'], ['inbox.cancel', 'Abbrechen']]))
      expect(format.duplicates(pulled)).toEqual([])
    })
  }
})



describe('the duplicate-aware readers find a key written twice', () => {
  test.each([
    ['JSON (the pull of a Japanese i18next copy before issue 26)', duplicateJsonKeys, '{"inbox": {"messages_other": "a", "title": "b", "messages_other": "c"}}', ['/inbox > messages_other']],
    ['plist', duplicateXmlNames, '<plist><dict><key>a</key><dict><key>one</key><string>x</string><key>one</key><string>y</string></dict></dict></plist>', ['<dict> key one']],
    ['Android', duplicateXmlNames, '<resources><plurals name="n"><item quantity="one">a</item><item quantity="one">b</item></plurals><string name="s">x</string><string name="s">y</string></resources>', ['<plurals> item@quantity=one', '<resources> string@name=s']],
    ['PO', duplicatePoMessages, 'msgid "a"\nmsgstr "x"\n\nmsgctxt "c"\nmsgid "a"\nmsgstr "y"\n\nmsgid "a"\nmsgstr "z"\n', ['a']],
    ['.strings', duplicateStringsKeys, '/* "a" = "0"; */\n"a" = "1";\n"a" = "2";\n', ['a']],
    ['.properties', duplicatePropertiesKeys, '# a=0\na=1\nb=2 \\\n  a=3\na = 4\n', ['a']],
    ['CSV', duplicateCsvKeys, 'key,en\na,1\na,2\n', ['a']],
  ] as const)('%s', (_name, reader, text, found) => {
    expect(reader(text)).toEqual(found)
  })
})

// Issue 26 on the layout of a Rails application: config/locales/{en,de,ru,ar,zh-TW,ja}.yml and
// config/locales/devise.{en,de}.yml. Each test renders the way a pull does: the locale's own copy as the template, the
// copy's own entries for what nobody changed, the server's text for what changed, and new keys in source order.
// Fixture quirks, as real Rails repositories have them: plural maps with every CLDR category whatever the locale (the
// output of tools that write all six), Russian with a `two`, Arabic without `many`, Chinese and Japanese with only
// `other:`, a `zero:` in a locale without one, a 4-space file, a CRLF file, double quotes everywhere (Devise), ERB.
import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import type { Entry, PluralForms } from '../format.js'
import { yamlFormat } from './index.js'

const parse = (text: string, locale: string) => yamlFormat.parse(text, { locale, sourceLocale: 'en' }).entries
const render = (template: string, entries: readonly Entry[], locale: string) => yamlFormat.render(template, entries, { locale, sourceLocale: 'en', missing: 'omit' })
/** The copy's entries with some replaced by the server's text, as a pull hands them to render. */
const withText = (entries: readonly Entry[], changes: Record<string, string | PluralForms>) =>
  entries.map((e) => {
    const t = changes[e.key]
    if (t === undefined) return e
    return typeof t === 'string' ? { key: e.key, value: t } : { key: e.key, value: t.other ?? '', plural: t }
  })
/** Duplicate keys in any mapping, as a strict reader (Psych with a warning, the `yaml` package with uniqueKeys) sees them. */
const duplicates = (text: string) => parseDocument(text, { uniqueKeys: true }).errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.message)

// config/locales/en.yml
const EN = [
  'en:',
  '  datetime:',
  '    distance_in_words:',
  '      x_minutes:',
  '        one: "1 minute"',
  '        other: "%{count} minutes"',
  '  inbox:',
  '    messages:',
  '      zero: "No messages"',
  '      one: "1 message"',
  '      other: "%{count} messages"',
  '    title: Inbox',
  '    unread_html: "<%= count %> unread"',
  '',
].join('\n')

const COPIES = {
  // config/locales/de.yml, written by a tool that emits every CLDR category.
  de: [
    'de:',
    '  datetime:',
    '    distance_in_words:',
    '      x_minutes:',
    '        zero: "%{count} Minuten"',
    '        one: "1 Minute"',
    '        two: "%{count} Minuten"',
    '        few: "%{count} Minuten"',
    '        many: "%{count} Minuten"',
    '        other: "%{count} Minuten"',
    '  inbox:',
    '    title: Posteingang',
    '',
  ].join('\n'),
  // config/locales/ru.yml with a `two` Russian does not use.
  ru: [
    'ru:',
    '  datetime:',
    '    distance_in_words:',
    '      x_minutes:',
    '        one: "%{count} минута"',
    '        two: "%{count} минуты"',
    '        few: "%{count} минуты"',
    '        many: "%{count} минут"',
    '        other: "%{count} минуты"',
    '',
  ].join('\n'),
  // config/locales/ar.yml without the `many` Arabic has.
  ar: [
    'ar:',
    '  datetime:',
    '    distance_in_words:',
    '      x_minutes:',
    '        zero: "لا دقائق"',
    '        one: "دقيقة واحدة"',
    '        two: "دقيقتان"',
    '        few: "%{count} دقائق"',
    '        other: "%{count} دقيقة"',
    '',
  ].join('\n'),
  // config/locales/zh-TW.yml with one/two/few Chinese does not use.
  'zh-TW': [
    'zh-TW:',
    '  datetime:',
    '    distance_in_words:',
    '      x_minutes:',
    '        one: "1 分鐘"',
    '        two: "%{count} 分鐘"',
    '        few: "%{count} 分鐘"',
    '        other: "%{count} 分鐘"',
    '',
  ].join('\n'),
  // config/locales/ja.yml: only `other:`, as Japanese Rails files are written; a `zero:` beside it in inbox.messages.
  ja: [
    'ja:',
    '  datetime:',
    '    distance_in_words:',
    '      x_minutes:',
    '        other: "%{count}分"',
    '  inbox:',
    '    messages:',
    '      zero: "メッセージはありません"',
    '      other: "%{count} 件のメッセージ"',
    '',
  ].join('\n'),
} as const

describe('Rails config/locales: plural maps keep the forms the copy has', () => {
  it.each(Object.entries(COPIES))('a pull that changes nothing gives %s.yml back byte for byte', (locale, copy) => {
    expect(render(copy, parse(copy, locale), locale)).toBe(copy)
  })

  it('reads a one-key other: map and a zero: + other: map of a locale without zero as plurals', () => {
    expect(parse(COPIES.ja, 'ja').map((e) => [e.key, e.plural])).toEqual([
      ['datetime.distance_in_words.x_minutes', { other: '%{count}分' }],
      ['inbox.messages', { zero: 'メッセージはありません', other: '%{count} 件のメッセージ' }],
    ])
  })

  it('adds the many form Arabic needs only to a plural whose translation changed', () => {
    const plural = { zero: 'لا دقائق', one: 'دقيقة واحدة', two: 'دقيقتان', few: '%{count} دقائق', many: '%{count} دقيقةً', other: '%{count} دقيقة' }
    const out = render(COPIES.ar, withText(parse(COPIES.ar, 'ar'), { 'datetime.distance_in_words.x_minutes': plural }), 'ar')
    expect(out).toBe(COPIES.ar.replace('        other:', '        other:').replace(/(other: .*\n)/, '$1        many: "%{count} دقيقةً"\n'))
  })

  it('keeps the copy\'s forms and their text where the changed translation gives none (Russian two, German zero/two/few/many)', () => {
    const ru = render(COPIES.ru, withText(parse(COPIES.ru, 'ru'), {
      'datetime.distance_in_words.x_minutes': { one: '%{count} минуту', few: '%{count} минуты', many: '%{count} минут', other: '%{count} минуты' },
    }), 'ru')
    expect(ru).toBe(COPIES.ru.replace('"%{count} минута"', '"%{count} минуту"'))
    const de = render(COPIES.de, withText(parse(COPIES.de, 'de'), { 'datetime.distance_in_words.x_minutes': { one: 'eine Minute', other: '%{count} Min.' } }), 'de')
    expect(de).toBe(COPIES.de.replace('"1 Minute"', '"eine Minute"').replace('other: "%{count} Minuten"', 'other: "%{count} Min."'))
  })

  it('writes a plural the copy lacks with the locale\'s forms, and a first pull from en.yml with them', () => {
    const entries = [...parse(COPIES.ru, 'ru'), { key: 'inbox.messages', value: '%{count} сообщения', plural: { one: '%{count} сообщение', few: '%{count} сообщения', many: '%{count} сообщений', other: '%{count} сообщения' } }]
    expect(render(COPIES.ru, entries, 'ru')).toBe(`${COPIES.ru}  inbox:\n    messages:\n      one: "%{count} сообщение"\n      few: "%{count} сообщения"\n      many: "%{count} сообщений"\n      other: "%{count} сообщения"\n`)
    // No Russian copy yet: en.yml is a layout only, and its English zero does not stay in a Russian file.
    const fromSource = render(EN.slice(EN.indexOf('  inbox:')).replace(/^/, 'en:\n'), entries.filter((e) => e.key === 'inbox.messages'), 'ru')
    expect(fromSource).toBe('ru:\n  inbox:\n    messages:\n      one: "%{count} сообщение"\n      other: "%{count} сообщения"\n      few: "%{count} сообщения"\n      many: "%{count} сообщений"\n')
  })
})

describe('Rails config/locales: a pull never writes a key twice', () => {
  it('writes a changed Japanese other: map in place, not as a second minutes:, and a new key in the copy\'s double quotes', () => {
    const entries = [...withText(parse(COPIES.ja, 'ja'), { 'datetime.distance_in_words.x_minutes': { other: '%{count} 分間' } }), { key: 'inbox.title', value: '受信箱' }]
    const out = render(COPIES.ja, entries, 'ja')
    expect(out).toBe(COPIES.ja.replace('"%{count}分"', '"%{count} 分間"') + '    title: "受信箱"\n')
    expect(duplicates(out)).toEqual([])
  })

  it('takes a copy\'s plural map by the keys the pull writes: a plural of the source whatever subset, else a nested map', () => {
    const copy = 'ja:\n  x_minutes:\n    one: "1分"\n  gender:\n    other: "その他"\n'
    // en.yml: x_minutes is a plural; gender is a map of three strings (male, female, other).
    const entries: Entry[] = [
      { key: 'x_minutes', value: '%{count}分', plural: { other: '%{count}分' } },
      { key: 'gender.male', value: '男性' },
      { key: 'gender.female', value: '女性' },
      { key: 'gender.other', value: 'その他' },
    ]
    const out = render(copy, entries, 'ja')
    expect(out).toBe('ja:\n  x_minutes:\n    one: "1分"\n    other: "%{count}分"\n  gender:\n    male: "男性"\n    female: "女性"\n    other: "その他"\n')
    expect(duplicates(out)).toEqual([])
    // A pull also hands over the copy's own reading of gender (a plural): the source's keys decide, once.
    expect(render(copy, [...entries, parse(copy, 'ja').find((e) => e.key === 'gender')!], 'ja')).toBe(out)
  })

  it('fills a key the copy holds with no string (null or empty) and writes a child of a string key dotted', () => {
    const copy = 'de:\n  inbox:\n    title: Posteingang\n    empty: ~\n    hint:\n    count: 3\n'
    const out = render(copy, [
      ...parse(copy, 'de'), { key: 'inbox.empty', value: 'Leer' }, { key: 'inbox.hint', value: 'Tipp' }, { key: 'inbox.title.short', value: 'Post' },
      { key: 'inbox.count', value: '%{count} Nachrichten', plural: { one: 'Eine Nachricht', other: '%{count} Nachrichten' } },
    ], 'de')
    expect(out).toBe("de:\n  inbox:\n    title: Posteingang\n    title.short: Post\n    empty: Leer\n    hint: Tipp\n    count:\n      one: Eine Nachricht\n      other: '%{count} Nachrichten'\n")
    expect(duplicates(out)).toEqual([])
  })

  it('puts new keys under one new parent together, wherever their neighbours are', () => {
    const copy = 'de:\n  a: x\n  b: y\n'
    const entries: Entry[] = [{ key: 'a', value: 'x' }, { key: 'n.one', value: 'p' }, { key: 'b', value: 'y' }, { key: 'n.two', value: 'q' }]
    const out = render(copy, entries, 'de')
    expect(out).toBe('de:\n  a: x\n  n:\n    one: p\n    two: q\n  b: y\n')
    expect(duplicates(out)).toEqual([])
  })
})

describe('Rails config/locales: added lines follow the copy\'s style', () => {
  it('indents keys added to a 4-space file by 4, in its double quotes', () => {
    const copy = 'de:\n    inbox:\n        title: "Posteingang"\n'
    const out = render(copy, [
      ...parse(copy, 'de'),
      { key: 'inbox.messages', value: '%{count} Nachrichten', plural: { one: 'Eine Nachricht', other: '%{count} Nachrichten' } },
      { key: 'inbox.unread_html', value: '<%= count %> ungelesen' },
      { key: 'settings.profile.name', value: 'Name' },
    ], 'de')
    expect(out).toBe([
      'de:', '    inbox:', '        title: "Posteingang"', '        messages:', '            one: "Eine Nachricht"', '            other: "%{count} Nachrichten"',
      '        unread_html: "<%= count %> ungelesen"', '    settings:', '        profile:', '            name: "Name"', '',
    ].join('\n'))
  })

  it('quotes a value a plain neighbour cannot hold in the copy\'s quote, and keeps CRLF', () => {
    const copy = 'de:\r\n  inbox:\r\n    title: Posteingang\r\n    empty: "Keine Nachrichten"\r\n'
    const out = render(copy, [
      ...withText(parse(copy, 'de'), { 'inbox.title': 'Eingang: neu' }),
      { key: 'inbox.unread_html', value: '<%= link_to "Alle", inbox_path %> lesen' },
    ], 'de')
    expect(out).toBe('de:\r\n  inbox:\r\n    title: "Eingang: neu"\r\n    empty: "Keine Nachrichten"\r\n    unread_html: "<%= link_to \\"Alle\\", inbox_path %> lesen"\r\n')
    expect(parse(out, 'de').find((e) => e.key === 'inbox.unread_html')!.value).toBe('<%= link_to "Alle", inbox_path %> lesen')
  })

  it('writes keys added to devise.de.yml in the double quotes Devise files use', () => {
    // config/locales/devise.de.yml: every value double-quoted, as in devise's own devise.en.yml.
    const copy = 'de:\n  devise:\n    confirmations:\n      confirmed: "Ihre E-Mail-Adresse wurde bestätigt."\n    failure:\n      locked: "Ihr Konto ist gesperrt."\n'
    const out = render(copy, [
      { key: 'devise.confirmations.confirmed', value: 'Ihre E-Mail-Adresse wurde bestätigt.' },
      { key: 'devise.confirmations.send_instructions', value: 'Sie erhalten in wenigen Minuten eine E-Mail.' },
      { key: 'devise.failure.locked', value: 'Ihr Konto ist gesperrt.' },
      { key: 'devise.mailer.reset_password_instructions.subject', value: 'Passwort zurücksetzen' },
    ], 'de')
    expect(out).toBe(`${copy.replace('bestätigt."\n', 'bestätigt."\n      send_instructions: "Sie erhalten in wenigen Minuten eine E-Mail."\n')}    mailer:\n      reset_password_instructions:\n        subject: "Passwort zurücksetzen"\n`)
  })
})

describe('where the copy gives no example, its source\'s style (a Rails config/locales pair)', () => {
  const SOURCE = 'en:\n    users:\n        title: "Users"\n        greeting: "%{name} joined"\n'
  const withSource = (template: string, entries: readonly Entry[]) =>
    yamlFormat.render(template, entries, { locale: 'de', sourceLocale: 'en', missing: 'omit', templateLocale: 'de', styleSource: SOURCE })

  it('quotes an added value as the source does when the copy quotes nothing', () => {
    const copy = 'de:\n    users:\n        title: Benutzer\n'
    const entries = [{ key: 'users.title', value: 'Benutzer' }, { key: 'users.greeting', value: '%{name} ist beigetreten' }]
    expect(withSource(copy, entries)).toBe('de:\n    users:\n        title: Benutzer\n        greeting: "%{name} ist beigetreten"\n')
    // Without the source, the copy alone says nothing about quotes: single quotes, as before.
    expect(render(copy, entries, 'de')).toBe("de:\n    users:\n        title: Benutzer\n        greeting: '%{name} ist beigetreten'\n")
  })

  it('indents a new block by the source\'s step when the copy has no nested map to show one', () => {
    const entries = [{ key: 'users.title', value: 'Benutzer' }, { key: 'users.greeting', value: '%{name} ist beigetreten' }]
    const plain = yamlFormat.render('title: Titel\n', [{ key: 'title', value: 'Titel' }, { key: 'users.title', value: 'Benutzer' }],
      { locale: 'de', sourceLocale: 'en', missing: 'omit', templateLocale: 'de', styleSource: 'title: "Title"\nusers:\n    title: "Users"\n' })
    expect(plain).toBe('title: Titel\nusers:\n    title: Benutzer\n')
  })

  it('keeps the copy\'s own style where it shows one', () => {
    const copy = "de:\n  users:\n    title: 'Benutzer'\n"
    const entries = [{ key: 'users.title', value: 'Benutzer' }, { key: 'users.greeting', value: '%{name} ist beigetreten' }]
    expect(withSource(copy, entries)).toBe("de:\n  users:\n    title: 'Benutzer'\n    greeting: '%{name} ist beigetreten'\n")
  })
})

import { describe, expect, it } from 'vitest'
import { applySafeFixes, categoriesOf, checkQuality, CHECK_NAMES, ConsistencyIndex } from './index.js'
import type { CheckName, QualityInput } from './index.js'

type Case = Omit<Partial<QualityInput>, 'source' | 'target'> & { source: string; target: string; plural?: { source: Record<string, string>; target: Record<string, string> } }

const input = (c: Case): QualityInput => ({
  sourceLocale: 'en',
  targetLocale: 'de',
  ...c,
  source: { text: c.source, ...(c.plural ? { plural: c.plural.source } : {}) },
  target: { text: c.target, ...(c.plural ? { plural: c.plural.target } : {}) },
})
const checksOf = (c: Case): CheckName[] => checkQuality(input(c)).map((f) => f.check)

// Each check: a translation it flags, and one it must let pass (often the tricky near miss).
const TABLE: Record<string, { flags: Case[]; passes: Case[] }> = {
  empty: { flags: [{ source: 'Save', target: '  ' }], passes: [{ source: '', target: '' }, { source: 'Save', target: 'Speichern' }] },
  unchanged: {
    flags: [{ source: 'Save the file', target: 'Save the file' }],
    passes: [{ source: 'OK', target: 'OK' }, { source: '%s', target: '%s' }, { source: 'Save the file', target: 'Datei speichern' }],
  },
  placeholders: {
    flags: [{ source: 'Hello, %s!', target: 'Hallo!' }, { source: 'Hi {name}', target: 'Hallo {nom}' }, { source: 'مرحبا', target: 'مرحبا %d', targetLocale: 'ar' }],
    passes: [{ source: 'Hi {name}', target: 'Hallo {name}' }, { source: '%1$s of %2$s', target: '%2$s von %1$s' }, { source: '共 %d 件', target: '%d 件', sourceLocale: 'ja', targetLocale: 'zh' }],
  },
  icu_syntax: {
    flags: [{ source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# Datei} other {# Dateien}' }],
    passes: [{ source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# Datei} other {# Dateien}}' }, { source: 'Hi {{name}}', target: 'Hallo {{name}}' }],
  },
  icu_plural: {
    flags: [
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# файл} other {# файла}}', targetLocale: 'ru' },
      { source: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', target: '{n, selectordinal, other {#.}}', targetLocale: 'en-GB', sourceLocale: 'en' },
    ],
    passes: [
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}', targetLocale: 'ru' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# fichier} other {# fichiers}}', targetLocale: 'fr', optionalCategories: ['many'] },
      { source: '{n, plural, =0 {none} one {# file} other {# files}}', target: '{n, plural, =0 {keine} one {# Datei} other {# Dateien}}' },
    ],
  },
  icu_select: {
    flags: [{ source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {Er} other {Sie}}' }],
    passes: [{ source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {Er} female {Sie} other {Sie}}' }],
  },
  plural_forms: {
    flags: [{ source: 'files', target: 'Dateien', plural: { source: { one: '# file', other: '# files' }, target: { other: '# Dateien' } } }],
    passes: [{ source: 'files', target: 'Dateien', plural: { source: { one: '# file', other: '# files' }, target: { one: '# Datei', other: '# Dateien' } } }],
  },
  same_plurals: {
    flags: [{ source: '%d files', target: '%d Dateien', plural: { source: { one: '%d file', other: '%d files' }, target: { one: '%d Dateien', other: '%d Dateien' } } }],
    passes: [{ source: '%d files', target: '%d ファイル', targetLocale: 'ja', plural: { source: { one: '%d file', other: '%d files' }, target: { other: '%d ファイル' } } }],
  },
  tags: {
    flags: [{ source: 'Click <b>Save</b>', target: 'Klicke <i>Speichern</i>' }, { source: 'Line<br/>break', target: 'Zeilenumbruch' }],
    passes: [{ source: 'Click <b>Save</b>', target: '<b>Speichern</b> klicken' }, { source: 'a <br> b', target: 'א <br> ב', targetLocale: 'he' }],
  },
  xml_syntax: {
    flags: [{ source: '<b><i>Bold</i></b>', target: '<b><i>Fett</b></i>' }],
    passes: [{ source: '<b><i>Bold</i></b>', target: '<b><i>Fett</i></b>' }],
  },
  unsafe_html: {
    flags: [{ source: 'See <a href="/help">help</a>', target: 'Siehe <a href="/help" onclick="steal()">Hilfe</a>' }],
    passes: [{ source: 'See <a href="/help">help</a>', target: 'Siehe <a href="/help">Hilfe</a>' }],
  },
  begin_space: { flags: [{ source: 'Name', target: ' Name' }], passes: [{ source: ' items', target: ' Elemente' }] },
  end_space: { flags: [{ source: 'Name: ', target: 'Name:' }], passes: [{ source: 'Name: ', target: 'Name: ' }] },
  begin_newline: { flags: [{ source: '\nHello', target: 'Hallo' }], passes: [{ source: '\nHello', target: '\nHallo' }] },
  end_newline: { flags: [{ source: 'Hello', target: 'Hallo\n' }], passes: [{ source: 'Hello\n', target: 'Hallo\n' }] },
  newline_count: { flags: [{ source: 'One\nTwo', target: 'Eins Zwei' }], passes: [{ source: 'One\nTwo', target: 'Eins\nZwei' }] },
  escaped_newline: { flags: [{ source: 'One\\nTwo', target: 'Eins Zwei' }], passes: [{ source: 'One\\nTwo', target: 'Eins\\nZwei' }] },
  double_space: { flags: [{ source: 'Save file', target: 'Datei  speichern' }], passes: [{ source: 'A  B', target: 'A  B' }, { source: 'Save file', target: 'Datei speichern' }] },
  end_stop: {
    flags: [{ source: 'File saved.', target: 'Datei gespeichert' }, { source: 'Saved', target: 'Gespeichert.' }],
    passes: [{ source: 'File saved.', target: 'ファイルを保存しました', targetLocale: 'ja' }, { source: 'File saved.', target: 'फ़ाइल सहेजी गई।', targetLocale: 'hi' }, { source: 'File saved.', target: '文件已保存。', targetLocale: 'zh' }],
  },
  end_colon: { flags: [{ source: 'Name:', target: 'Name' }], passes: [{ source: 'Name:', target: 'Nom :', targetLocale: 'fr' }, { source: 'Name:', target: '名前：', targetLocale: 'ja' }] },
  end_question: {
    flags: [{ source: 'Delete?', target: 'Löschen' }, { source: 'Delete?', target: 'حذف', targetLocale: 'ar' }],
    passes: [{ source: 'Delete?', target: '¿Eliminar?', targetLocale: 'es' }, { source: 'Delete?', target: 'حذف؟', targetLocale: 'ar' }, { source: 'Delete?', target: 'Διαγραφή;', targetLocale: 'el' }, { source: 'Delete?', target: '削除しますか？', targetLocale: 'ja' }, { source: 'Delete?', target: 'Supprimer ?', targetLocale: 'fr' }],
  },
  end_exclamation: { flags: [{ source: 'Done!', target: 'Fertig' }], passes: [{ source: 'Done!', target: '完成！', targetLocale: 'zh' }, { source: 'Done!', target: '¡Hecho!', targetLocale: 'es' }] },
  end_semicolon: { flags: [{ source: 'First;', target: 'Erstens' }], passes: [{ source: 'First;', target: 'أولا؛', targetLocale: 'ar' }] },
  end_ellipsis: { flags: [{ source: 'Loading…', target: 'Laden' }], passes: [{ source: 'Loading...', target: 'Laden…' }, { source: 'Loading…', target: '読み込み中…', targetLocale: 'ja' }] },
  ellipsis: { flags: [{ source: 'Loading…', target: 'Laden...' }], passes: [{ source: 'Loading...', target: 'Laden...' }] },
  punctuation_spacing: {
    flags: [{ source: 'Delete?', target: 'Supprimer?', targetLocale: 'fr' }, { source: 'Name: %s', target: 'Nom: %s', targetLocale: 'fr' }],
    passes: [{ source: 'Delete?', target: 'Supprimer\u202f?', targetLocale: 'fr' }, { source: 'Delete?', target: 'Supprimer?', targetLocale: 'fr-CA' }, { source: 'Open https://x.io?a=1', target: 'Ouvrir https://x.io?a=1', targetLocale: 'fr' }, { source: 'At 12:30', target: 'À 12:30', targetLocale: 'fr' }],
  },
  zero_width: { flags: [{ source: 'Save', target: 'Spei\u200bchern' }], passes: [{ source: 'Save', target: 'Speichern' }] },
  control_chars: { flags: [{ source: 'Save', target: 'Speichern\u0007' }], passes: [{ source: 'Tab\there', target: 'Tab\thier' }] },
  kashida: { flags: [{ source: 'Welcome', target: 'مرحـــبا', targetLocale: 'ar' }], passes: [{ source: 'Welcome', target: 'مرحبا', targetLocale: 'ar' }] },
  numbers: {
    flags: [{ source: 'Up to 50 files', target: 'Bis zu 20 Dateien' }, { source: 'Free for 30 days', target: 'Gratis für drei Tage' }],
    passes: [{ source: '1,000 files', target: '1.000 Dateien' }, { source: 'Version 2', target: 'النسخة ٢', targetLocale: 'ar' }, { source: '%1$d of 10', target: '10 中的 %1$d', targetLocale: 'zh' }],
  },
  urls: { flags: [{ source: 'See https://tolk.dev/help', target: 'Siehe https://tolk.dev/hilfe' }], passes: [{ source: 'See https://tolk.dev/help.', target: 'Siehe https://tolk.dev/help.' }] },
  emails: { flags: [{ source: 'Write to help@tolk.dev', target: 'Schreib an hilfe@tolk.dev' }], passes: [{ source: 'Write to help@tolk.dev', target: 'כתבו אל help@tolk.dev', targetLocale: 'he' }] },
  brackets: {
    flags: [{ source: 'Size (MB)', target: 'Größe (MB' }, { source: 'Say "hi"', target: 'Sag "hallo' }, { source: 'Title', target: '「タイトル', targetLocale: 'ja' }],
    passes: [{ source: 'Size (MB)', target: 'Größe (MB)' }, { source: 'Title', target: '「タイトル」', targetLocale: 'ja' }, { source: 'Nice :)', target: 'Schön :)' }],
  },
  max_length: {
    flags: [{ source: 'Save', target: 'Speichern', maxLength: 6 }, { source: 'Save', target: '保存する保存する', targetLocale: 'ja', maxLength: 4 }],
    passes: [{ source: 'Save', target: 'Sichern', maxLength: 7 }, { source: 'Flag', target: '🇩🇪🇩🇪', maxLength: 2 }],
  },
  do_not_translate: {
    flags: [{ source: 'Open Tolk', target: 'Öffne Tolke', glossary: [{ term: 'Tolk', doNotTranslate: true }] }],
    passes: [{ source: 'Open Tolk', target: 'פתח את Tolk', targetLocale: 'he', glossary: [{ term: 'Tolk', doNotTranslate: true }] }],
  },
  glossary: {
    flags: [{ source: 'Open the workspace', target: 'Öffne den Bereich', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }] }],
    passes: [
      { source: 'Your workspaces', target: 'Deine Arbeitsbereiche', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }] },
      { source: 'Open the workspace', target: '打开工作区', targetLocale: 'zh', glossary: [{ term: 'workspace', doNotTranslate: false, translation: '工作区' }] },
    ],
  },
  case: {
    flags: [{ source: 'Save', target: 'speichern' }, { source: 'save', target: 'Sauver', targetLocale: 'fr' }],
    passes: [{ source: 'save file', target: 'Datei speichern' }, { source: 'Save', target: 'שמור', targetLocale: 'he' }, { source: 'Save', target: '保存', targetLocale: 'zh' }],
  },
  repeated_word: {
    flags: [{ source: 'Open the file', target: 'Öffne die die Datei' }, { source: 'Open the file', target: 'افتح الملف الملف', targetLocale: 'ar' }],
    passes: [{ source: 'Bye bye', target: 'Tschüss tschüss' }, { source: 'Thanks', target: '谢谢谢谢', targetLocale: 'zh' }],
  },
}

describe('quality checks: one positive and one negative case per check', () => {
  it('the table covers every check but the consistency ones, which run across units', () => {
    expect(Object.keys(TABLE).sort()).toEqual(CHECK_NAMES.filter((c) => c !== 'inconsistent' && c !== 'reused').sort())
  })
  for (const [check, { flags, passes }] of Object.entries(TABLE)) {
    it.each(flags.map((c) => [JSON.stringify(c.target), c] as const))(`${check} flags %s`, (_, c) => {
      expect(checksOf(c)).toContain(check)
    })
    it.each(passes.map((c) => [JSON.stringify(c.target), c] as const))(`${check} passes %s`, (_, c) => {
      expect(checksOf(c)).not.toContain(check)
    })
  }
})

describe('findings name the span and the safe fix', () => {
  const fixOf = (c: Case, check: CheckName) => checkQuality(input(c)).find((f) => f.check === check)
  it.each([
    [{ source: 'Loading…', target: 'Laden...' }, 'ellipsis', 'Laden…'],
    [{ source: 'Name: ', target: ' Name:' }, 'begin_space', 'Name: '],
    [{ source: 'Save', target: 'Spei\u200bchern' }, 'zero_width', 'Speichern'],
    [{ source: 'Save', target: 'Spei\u0007chern' }, 'control_chars', 'Speichern'],
    [{ source: 'Delete?', target: 'Supprimer?', targetLocale: 'fr' }, 'punctuation_spacing', 'Supprimer\u202f?'],
    [{ source: 'Name: %s «x»', target: 'Nom : %s «x»', targetLocale: 'fr' }, 'punctuation_spacing', 'Nom\u00a0: %s «\u00a0x\u00a0»'],
    [{ source: 'Save file', target: 'Datei  speichern' }, 'double_space', 'Datei speichern'],
    [{ source: 'Open the file', target: 'Öffne die die Datei' }, 'repeated_word', 'Öffne die Datei'],
  ] as [Case, CheckName, string][])('%o: %s fixed to %s', (c, check, fixed) => {
    expect(fixOf(c, check)?.fix).toBe(fixed)
  })
  it('spans point into the translation', () => {
    const f = fixOf({ source: 'Hi {name}', target: 'Hallo {nom}' }, 'placeholders')!
    expect('Hallo {nom}'.slice(f.span!.start, f.span!.end)).toBe('{nom}')
    const n = fixOf({ source: 'Up to 50 files', target: 'Bis zu 20 Dateien' }, 'numbers')!
    expect('Bis zu 20 Dateien'.slice(n.span!.start, n.span!.end)).toBe('20')
    const m = fixOf({ source: 'Save', target: 'Speichern', maxLength: 6 }, 'max_length')!
    expect(m.span).toEqual({ start: 6, end: 9 })
  })
  it('no fix is offered where none is safe', () => {
    expect(fixOf({ source: 'Delete?', target: 'Löschen' }, 'end_question')?.fix).toBeUndefined()
    expect(fixOf({ source: 'Hi {name}', target: 'Hallo {nom}' }, 'placeholders')?.fix).toBeUndefined()
  })
  it('applySafeFixes composes every safe fix', () => {
    expect(applySafeFixes(input({ source: 'Loading…', target: ' Laden...\u200b' }))).toBe('Laden…')
    expect(applySafeFixes(input({ source: 'Save', target: 'Speichern' }))).toBeNull()
  })
})

// Every CLDR cardinal category set the runtime has, with a language that uses it.
const CATEGORY_SETS: [string, string[]][] = [
  ['ja', ['other']],
  ['en', ['one', 'other']],
  ['fr', ['one', 'many', 'other']],
  ['hr', ['one', 'few', 'other']],
  ['lv', ['zero', 'one', 'other']],
  ['he', ['one', 'two', 'other']],
  ['ru', ['one', 'few', 'many', 'other']],
  ['sl', ['one', 'two', 'few', 'other']],
  ['ga', ['one', 'two', 'few', 'many', 'other']],
  ['ar', ['zero', 'one', 'two', 'few', 'many', 'other']],
]

describe('plural category sets', () => {
  const source = { one: '%d file', other: '%d files' }
  it.each(CATEGORY_SETS)('%s needs %j', (locale, set) => {
    expect(categoriesOf(locale, 'cardinal')).toEqual(set)
  })
  it.each(CATEGORY_SETS)('%s: a plural map with exactly its categories passes, lacking one or adding one is flagged', (locale, set) => {
    const full = Object.fromEntries(set.map((c, i) => [c, `%d x${i}`]))
    const plural = (target: Record<string, string>) => checksOf({ source: '%d files', target: '%d x', targetLocale: locale, plural: { source, target } })
    expect(plural(full)).not.toContain('plural_forms')
    if (set.length > 1) expect(plural(Object.fromEntries(Object.entries(full).filter(([c]) => c !== set[0])))).toContain('plural_forms')
    const extra = ['zero', 'one', 'two', 'few', 'many'].find((c) => !set.includes(c))
    if (extra) expect(plural({ ...full, [extra]: '%d y' })).toContain('plural_forms')
  })
  it.each(CATEGORY_SETS)('%s: an ICU plural with exactly its categories passes, lacking one is flagged', (locale, set) => {
    const icu = (cats: string[]) => `{n, plural, ${cats.map((c) => `${c} {# x}`).join(' ')}}`
    const src = '{n, plural, one {# file} other {# files}}'
    expect(checksOf({ source: src, target: icu(set), targetLocale: locale })).not.toContain('icu_plural')
    if (set.length > 1) expect(checksOf({ source: src, target: icu(set.slice(1)), targetLocale: locale })).toContain('icu_plural')
  })
  it('optional categories (French many) may be left out of a plural map', () => {
    const c: Case = { source: '%d files', target: '%d fichiers', targetLocale: 'fr', optionalCategories: ['many'], plural: { source, target: { one: '%d fichier', other: '%d fichiers' } } }
    expect(checksOf(c)).not.toContain('plural_forms')
  })
  it('a spelled-out form may drop the number; other may not', () => {
    const target = { one: 'Eine Datei', other: 'Dateien' }
    const found = checkQuality(input({ source: '%d files', target: 'Dateien', plural: { source, target } }))
    expect(found.filter((f) => f.check === 'placeholders').map((f) => f.form)).toEqual(['other'])
  })
})

describe('consistency across units', () => {
  it('flags a source translated two ways, and a translation used for two sources', () => {
    const index = new ConsistencyIndex()
    index.add({ unitId: 'u1', source: 'Save', target: 'Speichern' })
    index.add({ unitId: 'u2', source: 'Save.', target: 'Sichern.' })
    index.add({ unitId: 'u3', source: 'Store', target: 'Speichern' })
    index.add({ unitId: 'u4', source: 'Cancel', target: 'Abbrechen' })
    const found = index.findings()
    expect(found.get('u1')?.map((f) => f.check).sort()).toEqual(['inconsistent', 'reused'])
    expect(found.get('u2')?.map((f) => f.check)).toEqual(['inconsistent'])
    expect(found.get('u2')?.[0]?.message).toContain('"Speichern"')
    expect(found.get('u3')?.map((f) => f.check)).toEqual(['reused'])
    expect(found.has('u4')).toBe(false)
  })
  it('passes equal translations of equal sources, in RTL and CJK too', () => {
    const index = new ConsistencyIndex()
    index.add({ unitId: 'a', source: 'Save', target: 'שמור' })
    index.add({ unitId: 'b', source: 'save', target: 'שמור' })
    index.add({ unitId: 'c', source: 'Open file', target: '打开文件' })
    index.add({ unitId: 'd', source: 'Open file', target: '打开文件' })
    expect(index.findings().size).toBe(0)
  })
})

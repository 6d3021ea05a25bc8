// i18next v3 plurals by index (`key_0`, `key_1`, ...: compatibilityJSON v3 for languages with more than two forms) and
// i18next ordinals (`key_ordinal_one` ...). Layout: an i18next app, `public/locales/{lng}/common.json`.
import { describe, expect, test } from 'vitest'
import { parse, render, type Entry } from '../src/index.js'

const RU = '{\n  "items_0": "{{count}} предмет",\n  "items_1": "{{count}} предмета",\n  "items_2": "{{count}} предметов",\n  "title": "Корзина"\n}\n'
const ru = { locale: 'ru', sourceLocale: 'en' }

describe('i18next v3 index suffixes', () => {
  test('a Russian file\'s key_0, key_1, key_2 read as one plural by i18next\'s table (1, 2, 5: one, few, many)', () => {
    const { entries } = parse('json', RU, ru)
    expect(entries[0]).toEqual({
      key: 'items', value: '{{count}} предметов',
      plural: { one: '{{count}} предмет', few: '{{count}} предмета', many: '{{count}} предметов' }, meta: { plural: 'i18next-v3' },
    })
    expect(entries[1]).toEqual({ key: 'title', value: 'Корзина' })
    expect(render('json', RU, entries, ru)).toBe(RU)
  })

  test('an edited form changes only its own member; a plural with CLDR\'s other writes the three indices', () => {
    const [items, title] = parse('json', RU, ru).entries
    const edited: Entry = { ...items!, plural: { ...items!.plural, few: '{{count}} штуки' } }
    expect(render('json', RU, [edited, title!], ru)).toBe(RU.replace('{{count}} предмета"', '{{count}} штуки"'))
    const machine: Entry = { key: 'items', value: 'o', plural: { one: 'a', few: 'b', many: 'c', other: 'o' } }
    expect(render('json', RU, [machine, title!], ru)).toBe('{\n  "items_0": "a",\n  "items_1": "b",\n  "items_2": "c",\n  "title": "Корзина"\n}\n')
  })

  test('a new plural key in a Russian v3 copy gets index suffixes', () => {
    const copy = '{\n  "items": "{{count}} предмет",\n  "items_plural": "x",\n  "title": "Корзина"\n}\n'
    const entries = parse('json', copy, ru).entries
    const files: Entry = { key: 'files', value: 'файлов', plural: { one: 'файл', few: 'файла', many: 'файлов', other: 'файла' } }
    // `items`/`items_plural` is a v3 two-form plural (the copy's shape); Russian v3 writes three forms by index.
    expect(render('json', copy, [...entries, files], { ...ru, missing: 'omit' })).toContain('"files_0": "файл",\n  "files_1": "файла",\n  "files_2": "файлов"')
  })

  test('a lone key_0, or index keys in a two-form language, stay plain keys', () => {
    expect(parse('json', '{\n  "a_0": "x",\n  "b": "y"\n}\n', ru).entries.map((e) => e.key)).toEqual(['a_0', 'b'])
    expect(parse('json', '{\n  "a_0": "x",\n  "a_1": "y"\n}\n', { locale: 'de' }).entries.map((e) => e.key)).toEqual(['a_0', 'a_1'])
  })
})

describe('i18next ordinals', () => {
  const EN = '{\n  "place_ordinal_one": "{{count}}st",\n  "place_ordinal_two": "{{count}}nd",\n  "place_ordinal_few": "{{count}}rd",\n  "place_ordinal_other": "{{count}}th"\n}\n'

  test('key_ordinal_* read as one plural and written with the target language\'s ordinal categories', () => {
    const [place] = parse('json', EN, { locale: 'en' }).entries
    expect(place).toMatchObject({ key: 'place_ordinal', plural: { one: '{{count}}st', two: '{{count}}nd', few: '{{count}}rd', other: '{{count}}th' } })
    // German has one ordinal form ("1.", "2.", ...); rendered into the English copy as a template.
    const de: Entry = { key: 'place_ordinal', value: '{{count}}.', plural: { one: '{{count}}.', other: '{{count}}.' } }
    expect(render('json', EN, [de], { locale: 'de', sourceLocale: 'en' })).toBe('{\n  "place_ordinal_other": "{{count}}."\n}\n')
    // A new ordinal key in a German copy: its ordinal categories too.
    expect(render('json', '{\n  "a": "A"\n}\n', [{ key: 'a', value: 'A' }, { ...de, key: 'rank_ordinal' }], { locale: 'de', sourceLocale: 'en' }))
      .toBe('{\n  "a": "A",\n  "rank_ordinal_other": "{{count}}."\n}\n')
  })
})

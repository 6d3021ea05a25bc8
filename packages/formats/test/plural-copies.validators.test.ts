// Issue 26: a locale copy with plural forms its CLDR categories lack (German `few`), a subset (Japanese `other`
// only) or without one it needs (Arabic `many`), rendered as a pull does after its plural changed, still passes
// the ecosystem's validator: aapt, plistlib and plistutil, msgfmt, Python's json. Layouts: Android
// res/values-{locale}/strings.xml, Xcode {locale}.lproj/Localizable.stringsdict, Django
// locale/ru/LC_MESSAGES/django.po (nplurals=4), i18next public/locales/{lng}/translation.json. Runs in test:full.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FormatId, PluralForms } from '../src/format.js'
import { parse, render } from '../src/index.js'
import { pluralCategories } from '../src/plural.js'
import { ecosystemValidators } from './ecosystem.js'

const work = mkdtempSync(join(tmpdir(), 'tolk-plural-copies-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const validators = ecosystemValidators('')

const android = (forms: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="title">Titel</string>\n    <plurals name="messages">\n${forms}    </plurals>\n</resources>\n`
const stringsdict = (forms: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n' +
  '\t<key>messages</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@n@</string>\n\t\t<key>n</key>\n\t\t<dict>\n' +
  `\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n${forms}\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n`
const item = (c: string) => `        <item quantity="${c}">%d ${c}</item>\n`
const pair = (c: string) => `\t\t\t<key>${c}</key>\n\t\t\t<string>%d ${c}</string>\n`
const RU_PO = 'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n' +
  '"Plural-Forms: nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || (n%100>=11 && n%100<=14)? 2 : 3);\\n"\n\n' +
  '#, python-format\nmsgid "%(count)d message"\nmsgid_plural "%(count)d messages"\nmsgstr[0] "%(count)d a"\nmsgstr[1] "%(count)d b"\nmsgstr[2] "%(count)d c"\nmsgstr[3] "%(count)d d"\n'

const CASES: Array<{ name: string; format: FormatId; file: string; locale: string; copy: string; key: string; placeholder: string }> = [
  { name: 'Android, German with few', format: 'android', file: 'strings.xml', locale: 'de', copy: android(['one', 'few', 'other'].map(item).join('')), key: 'messages', placeholder: '%d' },
  { name: 'Android, Arabic without many', format: 'android', file: 'strings.xml', locale: 'ar', copy: android(['zero', 'one', 'two', 'few', 'other'].map(item).join('')), key: 'messages', placeholder: '%d' },
  { name: 'stringsdict, German with few', format: 'stringsdict', file: 'Localizable.stringsdict', locale: 'de', copy: stringsdict(['one', 'few', 'other'].map(pair).join('')), key: 'messages', placeholder: '%d' },
  { name: 'stringsdict, Japanese with only other', format: 'stringsdict', file: 'Localizable.stringsdict', locale: 'ja', copy: stringsdict(pair('other')), key: 'messages', placeholder: '%d' },
  { name: 'Django PO, Russian with four forms', format: 'po', file: 'django.po', locale: 'ru', copy: RU_PO, key: '%(count)d message', placeholder: '%(count)d' },
  { name: 'i18next JSON, Japanese with only other', format: 'json', file: 'translation.json', locale: 'ja', copy: '{\n  "messages_other": "{{count}} 件"\n}\n', key: 'messages', placeholder: '{{count}}' },
  { name: 'i18next JSON, German with few', format: 'json', file: 'translation.json', locale: 'de', copy: '{\n  "messages_one": "1",\n  "messages_few": "{{count}} x",\n  "messages_other": "{{count}} y"\n}\n', key: 'messages', placeholder: '{{count}}' },
]

describe('a locale copy whose plural changed passes its validator (issue 26)', () => {
  it.each(CASES)('$name', ({ name, format, file, locale, copy, key, placeholder }) => {
    const options = { locale, sourceLocale: 'en', templateLocale: locale }
    const given: PluralForms = Object.fromEntries(pluralCategories(locale).map((c) => [c, `${placeholder} neu ${c}`]))
    const entries = parse(format, copy, options).entries.map((e) => (e.key === key ? { ...e, value: given.other!, plural: given } : e))
    const out = render(format, copy, entries, options)
    expect(out).not.toBe(copy)
    const dir = join(work, name.replace(/\W+/g, '-'))
    mkdirSync(dir, { recursive: true })
    const path = join(dir, file)
    writeFileSync(path, out)
    expect(validators[format]([{ path, content: out }], dir)).toEqual([])
  })
})

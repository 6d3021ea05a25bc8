// Fixtures of plural-forms-pull.test.ts: one builder per format that writes a file of one locale the way its
// ecosystem lays it out, holding a plain string (`title`) and one plural (`messages`) whose forms the caller gives in
// file order. The same builder writes the pushed copy and the file a pull must give back, so an expectation reads
// "this copy, with only that text changed".
//
// Real-world quirks the copies carry (issue 26): German with a `few` form German does not use, Traditional Chinese
// with `one`, Japanese with only `other`, Arabic without `many`, a Flutter ARB with `=0`, and Django's Russian
// catalogue with nplurals=4 (its fourth form is for fractions, CLDR's `other`).
import { duplicateCsvKeys, duplicateJsonKeys, duplicatePoMessages, duplicatePropertiesKeys, duplicateStringsKeys, duplicateXmlNames } from './duplicate-keys.js'

/** Plural forms in file order: category (or an ICU `=0`) and text. */
export type Forms = ReadonlyArray<readonly [string, string]>

/** What a built file holds: a title and the forms of the plural. */
export interface Texts {
  title: string
  messages: Forms
}

/** One format as a repository lays it out. */
export interface PluralFormat {
  name: string
  /** The repository layout the paths follow. */
  layout: string
  path: (locale: string) => string
  /** The pushed file of a locale (a multi-locale file also holds the source's texts). */
  build: (locale: string, t: Texts) => string
  /** Key names of the title and of the plural. */
  keys: { title: string; messages: string }
  /** The count's placeholder, as the format writes it. */
  n: string
  /** True when the plural is an ICU message in the value (ARB, ICU JSON): the file has no plural map to keep. */
  isIcu?: boolean
  /** The title is a plural too (a stringsdict holds only plurals): its forms are the locale's categories. */
  isTitlePlural?: boolean
  /** A multi-locale file: the source pushed is the whole file, and no locale copy is pushed. */
  isMulti?: boolean
  duplicates: (text: string) => string[]
}

const q = (s: string) => JSON.stringify(s)
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const icu = (n: string, forms: Forms) => `{count, plural, ${forms.map(([c, s]) => `${c} {${s.replaceAll(n, '#')}}`).join(' ')}}`

/** The CLDR categories of a locale, in canonical order. */
export function categoriesOf(locale: string): string[] {
  const held = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]
  return ['zero', 'one', 'two', 'few', 'many', 'other'].filter((c) => held.includes(c))
}

/** The English source texts, in the format's placeholder. */
export const english = (n: string): Texts => ({ title: 'Inbox', messages: [['one', `${n} message`], ['other', `${n} messages`]] })

export const PLURAL_FORMATS: PluralFormat[] = [
  {
    name: 'json i18next v4',
    layout: 'i18next React app, public/locales/{lng}/translation.json',
    path: (l) => `public/locales/${l}/translation.json`,
    build: (_l, t) => `{\n  "inbox": {\n    "title": ${q(t.title)},\n${t.messages.map(([c, s]) => `    "messages_${c}": ${q(s)}`).join(',\n')}\n  }\n}\n`,
    keys: { title: 'inbox.title', messages: 'inbox.messages' },
    n: '{{count}}',
    duplicates: duplicateJsonKeys,
  },
  {
    name: 'json ICU',
    layout: 'next-intl app, messages/{locale}.json',
    path: (l) => `messages/${l}.json`,
    build: (_l, t) => `{\n  "Inbox": {\n    "title": ${q(t.title)},\n    "messages": ${q(icu('#', t.messages))}\n  }\n}\n`,
    keys: { title: 'Inbox.title', messages: 'Inbox.messages' },
    n: '#',
    isIcu: true,
    duplicates: duplicateJsonKeys,
  },
  {
    name: 'arb',
    layout: 'Flutter app, lib/l10n/app_{locale}.arb',
    path: (l) => `lib/l10n/app_${l.replace('-', '_')}.arb`,
    build: (l, t) =>
      `{\n  "@@locale": ${q(l.replace('-', '_'))},\n  "inboxTitle": ${q(t.title)},\n  "messages": ${q(icu('#', t.messages))}` +
      (l === 'en' ? `,\n  "@messages": {\n    "placeholders": {\n      "count": {\n        "type": "int"\n      }\n    }\n  }\n}\n` : '\n}\n'),
    keys: { title: 'inboxTitle', messages: 'messages' },
    n: '#',
    isIcu: true,
    duplicates: duplicateJsonKeys,
  },
  {
    name: 'stringsdict',
    layout: 'Xcode project, {locale}.lproj/Localizable.stringsdict',
    path: (l) => `App/${l}.lproj/Localizable.stringsdict`,
    build: (l, t) => {
      const rule = (name: string, forms: Forms) =>
        `\t<key>${name}</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@${name}@</string>\n\t\t<key>${name}</key>\n\t\t<dict>\n` +
        `\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n` +
        forms.map(([c, s]) => `\t\t\t<key>${c}</key>\n\t\t\t<string>${xml(s)}</string>\n`).join('') + `\t\t</dict>\n\t</dict>\n`
      return '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
        `<plist version="1.0">\n<dict>\n${rule('title', categoriesOf(l).map((c) => [c, `%d ${t.title}`] as const))}${rule('messages', t.messages)}</dict>\n</plist>\n`
    },
    keys: { title: 'title', messages: 'messages' },
    n: '%d',
    isTitlePlural: true,
    duplicates: duplicateXmlNames,
  },
  {
    name: 'xcstrings',
    layout: 'Xcode project, Resources/Localizable.xcstrings (every locale in one file)',
    path: () => 'App/Resources/Localizable.xcstrings',
    build: (l, t) => {
      const unit = (s: string, indent: string) => `{\n${indent}  "stringUnit" : {\n${indent}    "state" : "translated",\n${indent}    "value" : ${q(s)}\n${indent}  }\n${indent}}`
      // Xcode writes every object with its keys sorted, plural categories too (few, many, one, other).
      const plural = (forms: Forms) =>
        `{\n          "variations" : {\n            "plural" : {\n${[...forms].sort(([a], [b]) => (a < b ? -1 : 1)).map(([c, s]) => `              "${c}" : ${unit(s, '              ')}`).join(',\n')}\n            }\n          }\n        }`
      const en = english('%lld')
      const locales = [...new Set(['en', l])].sort()
      const title = locales.map((x) => `        ${q(x)} : ${unit(x === 'en' ? en.title : t.title, '        ')}`).join(',\n')
      const messages = locales.map((x) => `        ${q(x)} : ${plural(x === 'en' ? en.messages : t.messages)}`).join(',\n')
      return `{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "inbox.title" : {\n      "localizations" : {\n${title}\n      }\n    },\n` +
        `    "messages" : {\n      "localizations" : {\n${messages}\n      }\n    }\n  },\n  "version" : "1.0"\n}\n`
    },
    keys: { title: 'inbox.title', messages: 'messages' },
    n: '%lld',
    isMulti: true,
    duplicates: duplicateJsonKeys,
  },
  {
    name: 'android',
    layout: 'Android app, app/src/main/res/values-{locale}/strings.xml',
    path: (l) => `app/src/main/res/values${l === 'en' ? '' : `-${l}`}/strings.xml`,
    build: (_l, t) =>
      `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="inbox_title">${xml(t.title)}</string>\n    <plurals name="messages">\n` +
      t.messages.map(([c, s]) => `        <item quantity="${c}">${xml(s)}</item>\n`).join('') + '    </plurals>\n</resources>\n',
    keys: { title: 'inbox_title', messages: 'messages' },
    n: '%d',
    duplicates: duplicateXmlNames,
  },
  {
    name: 'xliff 1.2 ICU',
    layout: 'Angular app, src/locale/messages.{locale}.xlf (ng extract-i18n)',
    path: (l) => `src/locale/messages${l === 'en' ? '' : `.${l}`}.xlf`,
    build: (l, t) => {
      const en = english('#')
      const unit = (id: string, source: string, target: string) =>
        `      <trans-unit id="${id}" datatype="html">\n        <source>${xml(source)}</source>\n` +
        (l === 'en' ? '' : `        <target state="translated">${xml(target)}</target>\n`) + '      </trans-unit>\n'
      const plural = (forms: Forms) => `{VAR_PLURAL, plural, ${forms.map(([c, s]) => `${c} {${s}}`).join(' ')}}`
      return `<?xml version="1.0" encoding="UTF-8" ?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n` +
        `  <file source-language="en"${l === 'en' ? '' : ` target-language="${l}"`} datatype="plaintext" original="ng2.template">\n    <body>\n` +
        unit('inboxTitle', en.title, t.title) + unit('messages', plural(en.messages), plural(t.messages)) + '    </body>\n  </file>\n</xliff>\n'
    },
    keys: { title: 'inboxTitle', messages: 'messages' },
    n: '#',
    duplicates: duplicateXmlNames,
  },
]

/** Plural-Forms headers as Django's catalogues carry them (Russian with a fourth form for fractions). */
export const DJANGO_PLURAL_FORMS: Record<string, string> = {
  en: 'nplurals=2; plural=(n != 1);',
  de: 'nplurals=2; plural=(n != 1);',
  ja: 'nplurals=1; plural=0;',
  ru: 'nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || (n%100>=11 && n%100<=14)? 2 : 3);',
  ar: 'nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 && n%100<=99 ? 4 : 5;',
}

/** A Django catalogue, locale/{locale}/LC_MESSAGES/django.po: a title and a plural with msgstr[n] in index order. */
export function djangoPo(locale: string, title: string, msgstr: readonly string[]): string {
  const isSource = locale === 'en'
  return `msgid ""\nmsgstr ""\n"Project-Id-Version: inbox\\n"\n"Language: ${locale}\\n"\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n` +
    `"Content-Transfer-Encoding: 8bit\\n"\n"Plural-Forms: ${DJANGO_PLURAL_FORMS[locale]}\\n"\n\n` +
    `#: inbox/templates/inbox/list.html:3\nmsgid "Inbox"\nmsgstr ${q(isSource ? '' : title)}\n\n` +
    `#: inbox/templates/inbox/list.html:9\n#, python-format\nmsgid "%(count)d message"\nmsgid_plural "%(count)d messages"\n` +
    msgstr.map((s, i) => `msgstr[${i}] ${q(isSource ? '' : s)}\n`).join('')
}

export const poDuplicates = duplicatePoMessages

/** A format without plural maps: a file of key/text pairs in a locale (a multi-locale file holds the source too). */
export interface FlatFormat {
  name: string
  layout: string
  path: (locale: string) => string
  build: (locale: string, texts: ReadonlyArray<readonly [string, string]>) => string
  isMulti?: boolean
  duplicates: (text: string) => string[]
}

export const FLAT_FORMATS: FlatFormat[] = [
  {
    name: 'strings',
    layout: 'Xcode project, {locale}.lproj/Localizable.strings',
    path: (l) => `App/${l}.lproj/Localizable.strings`,
    build: (_l, texts) => texts.map(([k, v]) => `/* ${k} */\n"${k}" = ${q(v)};\n`).join('\n'),
    duplicates: duplicateStringsKeys,
  },
  {
    name: 'properties',
    layout: 'Java ResourceBundle, src/main/resources/messages_{locale}.properties',
    path: (l) => `src/main/resources/messages${l === 'en' ? '' : `_${l}`}.properties`,
    build: (_l, texts) => '# Inbox screen\n' + texts.map(([k, v]) => `${k}=${v}\n`).join(''),
    duplicates: duplicatePropertiesKeys,
  },
  {
    name: 'resx',
    layout: '.NET project, Properties/Resources.{locale}.resx',
    path: (l) => `Properties/Resources${l === 'en' ? '' : `.${l}`}.resx`,
    build: (_l, texts) => '<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <resheader name="resmimetype">\n    <value>text/microsoft-resx</value>\n  </resheader>\n' +
      texts.map(([k, v]) => `  <data name="${k}" xml:space="preserve">\n    <value>${xml(v)}</value>\n  </data>\n`).join('') + '</root>\n',
    duplicates: duplicateXmlNames,
  },
  {
    name: 'csv',
    layout: 'game localization table, i18n/translations.csv (key column, one column per locale)',
    path: () => 'i18n/translations.csv',
    build: (l, texts) => `key,en,${l}\n` + texts.map(([k, v]) => `${k},${ENGLISH_FLAT.find(([x]) => x === k)![1]},${v}\n`).join(''),
    isMulti: true,
    duplicates: duplicateCsvKeys,
  },
]

/** The English texts of FLAT_FORMATS' files. */
export const ENGLISH_FLAT: ReadonlyArray<readonly [string, string]> = [['inbox.title', 'Inbox'], ['inbox.save', 'Save'], ['inbox.cancel', 'Cancel']]


// A pull hands render every key of the source, the ones the locale's copy lacks placed right after the key before
// them (issue 11). Each format writes such an entry after that key's own entry, in the copy's style.
import { describe, expect, test } from 'vitest'
import { parse, render, type Entry, type FormatId } from '../src/index.js'
import { parseLearned, renderLearned } from '../src/learned/engine.js'
import type { Template } from '../src/learned/schema.js'
import { formats } from '../src/registry.js'

/** A German copy holding `a`, `b` and `z`, and the same copy with `c` where the source has it: between `b` and `z`. */
const CASES: { name: string; format: FormatId; copy: string; want: string; key?: string; first?: string; plural?: boolean }[] = [
  {
    name: 'xliff 1.2, Angular src/locale/messages.de.xlf', format: 'xliff',
    copy: '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" target-language="de" datatype="plaintext" original="ng2.template">\n    <body>\n      <trans-unit id="a" datatype="html">\n        <source>A</source>\n        <target state="translated">A-de</target>\n      </trans-unit>\n      <trans-unit id="b" datatype="html">\n        <source>B</source>\n        <target state="translated">B-de</target>\n      </trans-unit>\n      <trans-unit id="z" datatype="html">\n        <source>Z</source>\n        <target state="translated">Z-de</target>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n',
    want: '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" target-language="de" datatype="plaintext" original="ng2.template">\n    <body>\n      <trans-unit id="a" datatype="html">\n        <source>A</source>\n        <target state="translated">A-de</target>\n      </trans-unit>\n      <trans-unit id="b" datatype="html">\n        <source>B</source>\n        <target state="translated">B-de</target>\n      </trans-unit>\n      <trans-unit id="c">\n        <source>C</source>\n        <target state="translated">C-de</target>\n      </trans-unit>\n      <trans-unit id="z" datatype="html">\n        <source>Z</source>\n        <target state="translated">Z-de</target>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n',
    first: '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" target-language="de" datatype="plaintext" original="ng2.template">\n    <body>\n      <trans-unit id="c">\n        <source>C</source>\n        <target state="translated">C-de</target>\n      </trans-unit>\n      <trans-unit id="a" datatype="html">\n        <source>A</source>\n        <target state="translated">A-de</target>\n      </trans-unit>\n      <trans-unit id="b" datatype="html">\n        <source>B</source>\n        <target state="translated">B-de</target>\n      </trans-unit>\n      <trans-unit id="z" datatype="html">\n        <source>Z</source>\n        <target state="translated">Z-de</target>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n',
  },
  {
    name: 'xliff 2.0, Angular --format xlf2', format: 'xliff',
    copy: '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">\n  <file id="ngi18n" original="ng.template">\n    <unit id="a">\n      <segment state="translated">\n        <source>A</source>\n        <target>A-de</target>\n      </segment>\n    </unit>\n    <unit id="b">\n      <segment state="translated">\n        <source>B</source>\n        <target>B-de</target>\n      </segment>\n    </unit>\n    <unit id="z">\n      <segment state="translated">\n        <source>Z</source>\n        <target>Z-de</target>\n      </segment>\n    </unit>\n  </file>\n</xliff>\n',
    want: '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">\n  <file id="ngi18n" original="ng.template">\n    <unit id="a">\n      <segment state="translated">\n        <source>A</source>\n        <target>A-de</target>\n      </segment>\n    </unit>\n    <unit id="b">\n      <segment state="translated">\n        <source>B</source>\n        <target>B-de</target>\n      </segment>\n    </unit>\n    <unit id="c">\n      <segment state="translated">\n        <source>C</source>\n        <target>C-de</target>\n      </segment>\n    </unit>\n    <unit id="z">\n      <segment state="translated">\n        <source>Z</source>\n        <target>Z-de</target>\n      </segment>\n    </unit>\n  </file>\n</xliff>\n',
    first: '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">\n  <file id="ngi18n" original="ng.template">\n    <unit id="c">\n      <segment state="translated">\n        <source>C</source>\n        <target>C-de</target>\n      </segment>\n    </unit>\n    <unit id="a">\n      <segment state="translated">\n        <source>A</source>\n        <target>A-de</target>\n      </segment>\n    </unit>\n    <unit id="b">\n      <segment state="translated">\n        <source>B</source>\n        <target>B-de</target>\n      </segment>\n    </unit>\n    <unit id="z">\n      <segment state="translated">\n        <source>Z</source>\n        <target>Z-de</target>\n      </segment>\n    </unit>\n  </file>\n</xliff>\n',
  },
  {
    name: 'stringsdict, Xcode de.lproj/Localizable.stringsdict', format: 'stringsdict', plural: true,
    copy: '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d A-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d A-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>b</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d B-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d B-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>z</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d Z-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d Z-de</string>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n',
    want: '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d A-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d A-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>b</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d B-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d B-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>c</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d C-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d C-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>z</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d Z-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d Z-de</string>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n',
    first: '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>c</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d C-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d C-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>a</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d A-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d A-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>b</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d B-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d B-de</string>\n\t\t</dict>\n\t</dict>\n\t<key>z</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d Z-de</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d Z-de</string>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n',
  },
  {
    name: 'yaml, Rails config/locales/de.yml', format: 'yaml',
    copy: 'de:\n  a: A-de\n  b: B-de\n  z: Z-de\n',
    want: 'de:\n  a: A-de\n  b: B-de\n  c: C-de\n  z: Z-de\n',
    first: 'de:\n  c: C-de\n  a: A-de\n  b: B-de\n  z: Z-de\n',
  },
  {
    name: 'yaml, Rails nested and double-quoted (quoted like its neighbour)', format: 'yaml', key: 'home.c',
    copy: 'de:\n  home:\n    # Greeting\n    a: "A-de"\n    b: "B-de"\n    z: "Z-de"\n  other: "O"\n',
    want: 'de:\n  home:\n    # Greeting\n    a: "A-de"\n    b: "B-de"\n    c: "C-de"\n    z: "Z-de"\n  other: "O"\n',
    first: 'de:\n  home:\n    c: "C-de"\n    # Greeting\n    a: "A-de"\n    b: "B-de"\n    z: "Z-de"\n  other: "O"\n',
  },
  {
    name: 'yaml, single-quoted', format: 'yaml',
    copy: "de:\n  a: 'A-de'\n  b: 'B-de'\n  z: 'Z-de'\n",
    want: "de:\n  a: 'A-de'\n  b: 'B-de'\n  c: 'C-de'\n  z: 'Z-de'\n",
  },
  {
    name: 'json, tab-indented (i18next common.json)', format: 'json',
    copy: '{\n\t"a": "A-de",\n\t"b": "B-de",\n\t"z": "Z-de"\n}\n',
    want: '{\n\t"a": "A-de",\n\t"b": "B-de",\n\t"c": "C-de",\n\t"z": "Z-de"\n}\n',
    first: '{\n\t"c": "C-de",\n\t"a": "A-de",\n\t"b": "B-de",\n\t"z": "Z-de"\n}\n',
  },
  {
    name: 'json, nested four spaces', format: 'json', key: 'home.c',
    copy: '{\n    "home": {\n        "a": "A-de",\n        "b": "B-de",\n        "z": "Z-de"\n    }\n}\n',
    want: '{\n    "home": {\n        "a": "A-de",\n        "b": "B-de",\n        "c": "C-de",\n        "z": "Z-de"\n    }\n}\n',
    first: '{\n    "home": {\n        "c": "C-de",\n        "a": "A-de",\n        "b": "B-de",\n        "z": "Z-de"\n    }\n}\n',
  },
  {
    name: 'android strings.xml', format: 'android',
    copy: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="a">A-de</string>\n  <string name="b">B-de</string>\n  <string name="z">Z-de</string>\n</resources>\n',
    want: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="a">A-de</string>\n  <string name="b">B-de</string>\n  <string name="c">C-de</string>\n  <string name="z">Z-de</string>\n</resources>\n',

    first: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="c">C-de</string>\n  <string name="a">A-de</string>\n  <string name="b">B-de</string>\n  <string name="z">Z-de</string>\n</resources>\n',
  },
  {
    name: 'apple .strings', format: 'strings',
    copy: '"a" = "A-de";\n"b" = "B-de";\n"z" = "Z-de";\n',
    want: '"a" = "A-de";\n"b" = "B-de";\n"c" = "C-de";\n"z" = "Z-de";\n',

    first: '"c" = "C-de";\n"a" = "A-de";\n"b" = "B-de";\n"z" = "Z-de";\n',
  },
  {
    name: 'apple .strings with comments, Xcode en.lproj/Localizable.strings', format: 'strings',
    copy: '/* Title */\n"a" = "A-de";\n\n/* Body */\n"b" = "B-de";\n\n"z" = "Z-de";\n',
    want: '/* Title */\n"a" = "A-de";\n\n/* Body */\n"b" = "B-de";\n\n"c" = "C-de";\n\n"z" = "Z-de";\n',
    first: '"c" = "C-de";\n\n/* Title */\n"a" = "A-de";\n\n/* Body */\n"b" = "B-de";\n\n"z" = "Z-de";\n',
  },
  {
    name: 'java .properties', format: 'properties',
    copy: 'a: A-de\nb: B-de\nz: Z-de\n',
    want: 'a: A-de\nb: B-de\nc: C-de\nz: Z-de\n',

    first: 'c: C-de\na: A-de\nb: B-de\nz: Z-de\n',
  },
  {
    name: 'gettext django.po', format: 'po', key: 'C',
    copy: 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "A"\nmsgstr "A-de"\n\nmsgid "B"\nmsgstr "B-de"\n\nmsgid "Z"\nmsgstr "Z-de"\n',
    want: 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "A"\nmsgstr "A-de"\n\nmsgid "B"\nmsgstr "B-de"\n\nmsgid "C"\nmsgstr "C-de"\n\nmsgid "Z"\nmsgstr "Z-de"\n',

    first: 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "C"\nmsgstr "C-de"\n\nmsgid "A"\nmsgstr "A-de"\n\nmsgid "B"\nmsgstr "B-de"\n\nmsgid "Z"\nmsgstr "Z-de"\n',
  },
  {
    name: 'flutter arb', format: 'arb',
    copy: '{\n  "@@locale": "de",\n  "a": "A-de",\n  "b": "B-de",\n  "@b": {},\n  "z": "Z-de"\n}\n',
    want: '{\n  "@@locale": "de",\n  "a": "A-de",\n  "b": "B-de",\n  "@b": {},\n  "c": "C-de",\n  "z": "Z-de"\n}\n',

    first: '{\n  "@@locale": "de",\n  "c": "C-de",\n  "a": "A-de",\n  "b": "B-de",\n  "@b": {},\n  "z": "Z-de"\n}\n',
  },
  {
    name: '.NET resx', format: 'resx',
    copy: '<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <data name="a" xml:space="preserve">\n    <value>A-de</value>\n  </data>\n  <data name="b" xml:space="preserve">\n    <value>B-de</value>\n  </data>\n  <data name="z" xml:space="preserve">\n    <value>Z-de</value>\n  </data>\n</root>\n',
    want: '<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <data name="a" xml:space="preserve">\n    <value>A-de</value>\n  </data>\n  <data name="b" xml:space="preserve">\n    <value>B-de</value>\n  </data>\n  <data name="c" xml:space="preserve">\n    <value>C-de</value>\n  </data>\n  <data name="z" xml:space="preserve">\n    <value>Z-de</value>\n  </data>\n</root>\n',

    first: '<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <data name="c" xml:space="preserve">\n    <value>C-de</value>\n  </data>\n  <data name="a" xml:space="preserve">\n    <value>A-de</value>\n  </data>\n  <data name="b" xml:space="preserve">\n    <value>B-de</value>\n  </data>\n  <data name="z" xml:space="preserve">\n    <value>Z-de</value>\n  </data>\n</root>\n',
  },
  {
    name: 'csv', format: 'csv',
    copy: 'key,de\r\na,A-de\r\nb,B-de\r\nz,Z-de\r\n',
    want: 'key,de\r\na,A-de\r\nb,B-de\r\nc,C-de\r\nz,Z-de\r\n',

    first: 'key,de\r\nc,C-de\r\na,A-de\r\nb,B-de\r\nz,Z-de\r\n',
  },
]

/** The entry the copy lacks: `c`, plain or with plural forms. */
function newEntry(key = 'c', plural = false): Entry {
  return plural ? { key, value: '%d C-de', plural: { one: '%d C-de', other: '%d C-de' } } : { key, value: 'C-de', source: 'C' }
}

describe('a new entry goes after the entry before it, in the copy\'s style', () => {
  test.each(CASES)('$name', ({ format, copy, want, key, plural }) => {
    const options = { locale: 'de', sourceLocale: 'en' }
    const entries = parse(format, copy, options).entries
    const at = entries.findIndex((e) => e.key.endsWith('z') || e.key === 'Z')
    const added = newEntry(key, plural)
    const out = render(format, copy, [...entries.slice(0, at), added, ...entries.slice(at)], { ...options, missing: 'omit' })
    expect(out).toBe(want)
    // The copy's own entries come back untouched: without the new entry, the copy is returned byte for byte.
    expect(render(format, copy, entries, { ...options, missing: 'omit' })).toBe(copy)
  })
})

describe('a new entry that comes before every entry the copy has goes before the first one, not to the end', () => {
  test.each(CASES.filter((c) => c.first !== undefined))('$name', ({ format, copy, first, key, plural }) => {
    const options = { locale: 'de', sourceLocale: 'en' }
    const entries = parse(format, copy, options).entries
    const added = newEntry(key, plural)
    expect(render(format, copy, [added, ...entries], { ...options, missing: 'omit' })).toBe(first)
  })
})

describe('an Xcode string catalog (Localizable.xcstrings) that lacks keys', () => {
  // A key the render adds carries Xcode's extractionState "manual".
  const key = (name: string) => `    "${name}" : {\n${name === 'c' ? '      "extractionState" : "manual",\n' : ''}      "localizations" : {\n        "de" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "${name}-de"\n          }\n        }\n      }\n    }`
  const catalog = (names: string[]) => `{\n  "sourceLanguage" : "en",\n  "strings" : {\n${names.map(key).join(',\n')}\n  },\n  "version" : "1.0"\n}`
  const options = { locale: 'de', sourceLocale: 'en', missing: 'omit' as const }
  const added: Entry = { key: 'c', value: 'c-de', values: { de: { value: 'c-de' } } }

  test('a sorted catalog keeps its sorted order, wherever the key is in the source', () => {
    const copy = catalog(['a', 'b', 'z'])
    const entries = parse('xcstrings', copy, { locale: 'de', sourceLocale: 'en' }).entries
    expect(render('xcstrings', copy, [added, ...entries], options)).toBe(catalog(['a', 'b', 'c', 'z']))
  })

  test('an unsorted catalog gets the key after the key before it in the source, or first', () => {
    const copy = catalog(['title', 'body', 'footer'])
    const entries = parse('xcstrings', copy, { locale: 'de', sourceLocale: 'en' }).entries
    const at = (name: string) => ({ ...added, key: name, value: `${name}-de`, values: { de: { value: `${name}-de` } } })
    expect(render('xcstrings', copy, [entries[0]!, entries[1]!, at('c'), entries[2]!], options)).toBe(catalog(['title', 'body', 'c', 'footer']))
    expect(render('xcstrings', copy, [at('c'), ...entries], options)).toBe(catalog(['c', 'title', 'body', 'footer']))
  })
})

describe('a new JSON plural takes the copy\'s plural shape', () => {
  const options = { locale: 'de', sourceLocale: 'en', missing: 'omit' as const }
  const files: Entry = { key: 'files', value: '{{count}} Dateien', plural: { one: '{{count}} Datei', other: '{{count}} Dateien' } }
  test.each([
    {
      name: 'i18next v4 (public/locales/de/common.json, key_one / key_other)',
      copy: '{\n  "items_one": "{{count}} Artikel",\n  "items_other": "{{count}} Artikel",\n  "z": "Z"\n}\n',
      want: '{\n  "items_one": "{{count}} Artikel",\n  "items_other": "{{count}} Artikel",\n  "files_one": "{{count}} Datei",\n  "files_other": "{{count}} Dateien",\n  "z": "Z"\n}\n',
    },
    {
      name: 'i18next v3 (key / key_plural)',
      copy: '{\n  "items": "{{count}} Artikel",\n  "items_plural": "{{count}} Artikel",\n  "z": "Z"\n}\n',
      want: '{\n  "items": "{{count}} Artikel",\n  "items_plural": "{{count}} Artikel",\n  "files": "{{count}} Datei",\n  "files_plural": "{{count}} Dateien",\n  "z": "Z"\n}\n',
    },
    {
      name: 'ICU messages (react-intl / next-intl messages/de.json)',
      copy: '{\n  "items": "{n, plural, one {# Artikel} other {# Artikel}}",\n  "z": "Z"\n}\n',
      want: '{\n  "items": "{n, plural, one {# Artikel} other {# Artikel}}",\n  "files": "{n, plural, one {# Datei} other {# Dateien}}",\n  "z": "Z"\n}\n',
      added: { key: 'files', value: '# Dateien', plural: { one: '# Datei', other: '# Dateien' } },
    },
  ])('$name', ({ copy, want, added }) => {
    const entries = parse('json', copy, options).entries
    expect(render('json', copy, [entries[0]!, added ?? files, ...entries.slice(1)], options)).toBe(want)
  })
})

/** Learned formats (a template the model or inference wrote) place new keys by the same rule as built-in ones. */
const LEARNED: { name: string; template: Template; copy: string; want: string; first: string }[] = [
  {
    name: 'learned lines, key=value', template: { kind: 'lines', separators: ['='] },
    copy: 'a=A-de\nb=B-de\nz=Z-de\n', want: 'a=A-de\nb=B-de\nc=C-de\nz=Z-de\n', first: 'c=C-de\na=A-de\nb=B-de\nz=Z-de\n',
  },
  {
    name: 'learned xml, <String Id Value/>', template: { kind: 'xml', element: 'String', key_attribute: 'Id', value_attribute: 'Value' },
    copy: '<Strings>\n  <String Id="a" Value="A-de"/>\n  <String Id="b" Value="B-de"/>\n  <String Id="z" Value="Z-de"/>\n</Strings>\n',
    want: '<Strings>\n  <String Id="a" Value="A-de"/>\n  <String Id="b" Value="B-de"/>\n  <String Id="c" Value="C-de"/>\n  <String Id="z" Value="Z-de"/>\n</Strings>\n',
    first: '<Strings>\n  <String Id="c" Value="C-de"/>\n  <String Id="a" Value="A-de"/>\n  <String Id="b" Value="B-de"/>\n  <String Id="z" Value="Z-de"/>\n</Strings>\n',
  },
]

describe('learned formats place a new entry by the same rule', () => {
  const options = { locale: 'de', sourceLocale: 'en', missing: 'omit' as const }
  test.each(LEARNED)('$name', ({ template, copy, want, first }) => {
    const entries = parseLearned(template, copy, options).entries
    const at = entries.findIndex((e) => e.key === 'z')
    const added: Entry = { key: 'c', value: 'C-de' }
    expect(renderLearned(template, copy, [...entries.slice(0, at), added, ...entries.slice(at)], options)).toBe(want)
    expect(renderLearned(template, copy, [added, ...entries], options)).toBe(first)
  })
})

test('the placement table covers every built-in format, a key before every key of the copy included', () => {
  // xcstrings keeps a sorted catalog sorted (Xcode re-sorts it); its unsorted case is tested above.
  const covered = new Set(CASES.filter((c) => c.first !== undefined).map((c) => c.format))
  expect(formats.map((f) => f.id).filter((id) => id !== 'xcstrings' && !covered.has(id))).toEqual([])
})

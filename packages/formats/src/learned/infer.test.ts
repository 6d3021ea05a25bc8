// Inference without AI on real-world formats no built-in reads. The samples are written here in the shape of each
// source format (named in each case); their quirks: Joomla's "_QQ_" quote escape, sections of .isl/.inf/.desktop,
// .desktop's `Name[de]` keys and `;` inside values, .inf's mix of quoted and bare values, a DOCTYPE in Java's
// properties XML, TYPO3's nested languageKey, WiX's namespace and optional attributes.
import { describe, expect, test } from 'vitest'
import { detectFormat } from '../index.js'
import { inferTemplate } from './infer.js'
import { parseLearned, renderLearned } from './engine.js'

interface Case { source: string; path: string; sample: string; expect: Record<string, string>; edit: [string, string, string] }

const cases: Case[] = [
  {
    source: 'Joomla language .ini (language/en-GB/en-GB.com_example.ini)',
    path: 'language/en-GB/en-GB.com_example.ini',
    sample: '; Joomla! Project\n; Note : All ini files need to be saved as UTF-8\n\nCOM_EXAMPLE="Example"\nCOM_EXAMPLE_N_ITEMS_DELETED="%d items deleted."\nCOM_EXAMPLE_QUOTE="Click "_QQ_"Save"_QQ_" to continue."\n',
    expect: { COM_EXAMPLE: 'Example', COM_EXAMPLE_N_ITEMS_DELETED: '%d items deleted.', COM_EXAMPLE_QUOTE: 'Click "Save" to continue.' },
    edit: ['COM_EXAMPLE_QUOTE', 'Press "OK"', 'COM_EXAMPLE_QUOTE="Press "_QQ_"OK"_QQ_""\n'],
  },
  {
    source: 'Inno Setup messages .isl (Default.isl)',
    path: 'installer/Languages/Default.isl',
    sample: '; *** Inno Setup version 6.1.0+ English messages ***\r\n;\r\n[LangOptions]\r\nLanguageName=English\r\nLanguageID=$0409\r\n\r\n[Messages]\r\nSetupAppTitle=Setup\r\nSetupWindowTitle=Setup - %1\r\nErrorTooManyFilesInDir=Unable to create a file in the directory "%1" because it contains too many files\r\n',
    expect: { 'LangOptions.LanguageName': 'English', 'Messages.SetupWindowTitle': 'Setup - %1', 'Messages.ErrorTooManyFilesInDir': 'Unable to create a file in the directory "%1" because it contains too many files' },
    edit: ['Messages.SetupAppTitle', 'Installation', 'SetupAppTitle=Installation\r\n'],
  },
  {
    source: 'freedesktop .desktop entry (org.gnome.gedit.desktop)',
    path: 'data/org.example.Editor.desktop',
    sample: '[Desktop Entry]\nType=Application\nName=Text Editor\nName[de]=Texteditor\nComment=Edit text files\nExec=editor %U\nKeywords=Text;Editor;Plaintext;Write;\n\n[Desktop Action new-window]\nName=New Window\n',
    expect: { 'Desktop Entry.Name': 'Text Editor', 'Desktop Entry.Name[de]': 'Texteditor', 'Desktop Entry.Keywords': 'Text;Editor;Plaintext;Write;', 'Desktop Action new-window.Name': 'New Window' },
    edit: ['Desktop Entry.Comment', 'Edit plain text', 'Comment=Edit plain text\n'],
  },
  {
    source: 'Windows driver .inf ([Strings] section)',
    path: 'driver/contoso.inf',
    sample: '; Copyright (c) Contoso\n[Version]\nSignature="$Windows NT$"\nClass=Net\nDriverVer=07/01/2024,1.0.0.0\n\n[Strings]\nContosoMfg="Contoso Ltd."\nDeviceDesc="Contoso Gigabit Network Adapter"\n',
    expect: { 'Version.Signature': '$Windows NT$', 'Version.DriverVer': '07/01/2024,1.0.0.0', 'Strings.DeviceDesc': 'Contoso Gigabit Network Adapter' },
    edit: ['Strings.DeviceDesc', 'Contoso Netzwerkadapter', 'DeviceDesc="Contoso Netzwerkadapter"\n'],
  },
  {
    source: 'Java properties XML (java.util.Properties.storeToXML)',
    path: 'conf/messages.xml',
    sample: '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">\n<properties>\n<comment>Messages</comment>\n<entry key="greeting">Hello</entry>\n<entry key="farewell">Goodbye &amp; good luck</entry>\n</properties>\n',
    expect: { greeting: 'Hello', farewell: 'Goodbye & good luck' },
    edit: ['greeting', 'Hi <there> & you', '<entry key="greeting">Hi &lt;there> &amp; you</entry>\n'],
  },
  {
    source: 'TYPO3 locallang.xml (typo3conf/ext/news/Resources/Private/Language/locallang.xml)',
    path: 'Resources/Private/Language/locallang.xml',
    sample: '<?xml version="1.0" encoding="utf-8" standalone="yes" ?>\n<T3locallang>\n\t<meta type="array">\n\t\t<type>module</type>\n\t\t<description>Labels for the news module</description>\n\t</meta>\n\t<data type="array">\n\t\t<languageKey index="default" type="array">\n\t\t\t<label index="title">News</label>\n\t\t\t<label index="list.header">Latest news</label>\n\t\t\t<label index="list.empty">No news yet</label>\n\t\t</languageKey>\n\t</data>\n</T3locallang>\n',
    expect: { title: 'News', 'list.header': 'Latest news', 'list.empty': 'No news yet' },
    edit: ['title', 'Neuigkeiten', '\t\t\t<label index="title">Neuigkeiten</label>\n'],
  },
  {
    source: 'WiX localization .wxl (WixUI_en-us.wxl)',
    path: 'setup/WixUI_en-us.wxl',
    sample: '<?xml version="1.0" encoding="utf-8"?>\r\n<WixLocalization Culture="en-us" Codepage="1252" xmlns="http://schemas.microsoft.com/wix/2006/localization">\r\n  <String Id="WelcomeDlgTitle">Welcome to the [ProductName] Setup Wizard</String>\r\n  <String Id="LicenseAgreementDlgTitle" Overridable="yes">End-User License Agreement</String>\r\n</WixLocalization>\r\n',
    expect: { WelcomeDlgTitle: 'Welcome to the [ProductName] Setup Wizard', LicenseAgreementDlgTitle: 'End-User License Agreement' },
    edit: ['WelcomeDlgTitle', 'Willkommen', '  <String Id="WelcomeDlgTitle">Willkommen</String>\r\n'],
  },
]

/** Lines of `b` that are not in `a` (by position), for "an edit changes only its own line". */
function changedLines(a: string, b: string): string[] {
  const x = a.split(/(?<=\n)/)
  const y = b.split(/(?<=\n)/)
  return y.filter((line, i) => x[i] !== line)
}

describe('inference without AI', () => {
  test.each(cases)('$source: no built-in reads it, inference does, byte for byte', (c) => {
    const builtIn = detectFormat(c.path, c.sample)
    expect(builtIn.format === null || builtIn.confidence < 0.3).toBe(true)
    const inferred = inferTemplate(c.path, c.sample)
    expect(inferred.template).not.toBeNull()
    const template = inferred.template!
    const parsed = parseLearned(template, c.sample)
    expect(parsed.issues.filter((i) => i.severity === 'error')).toEqual([])
    const values = Object.fromEntries(parsed.entries.map((e) => [e.key, e.value]))
    expect(values).toMatchObject(c.expect)
    expect(renderLearned(template, c.sample, parsed.entries, { locale: 'en', sourceLocale: 'en' })).toBe(c.sample)
    const [key, value, line] = c.edit
    const edited = renderLearned(template, c.sample, parsed.entries.map((e) => (e.key === key ? { ...e, value } : e)), { locale: 'de', sourceLocale: 'en' })
    expect(changedLines(c.sample, edited)).toEqual([line])
    expect(parseLearned(template, edited).entries.find((e) => e.key === key)?.value).toBe(value)
  })

  test('a Joomla .ini sample with no "_QQ_" gets escapes that write a quote, a line break and a backslash', () => {
    // Joomla 4 reads \" inside a quoted value; written raw, COM_A="say "hi"" would no longer read.
    const sample = '; Example\nCOM_A="Example"\nCOM_B="Save"\nCOM_C="Cancel"\n'
    const inferred = inferTemplate('language/en-GB/en-GB.com_a.ini', sample)
    expect(inferred.template).toMatchObject({ kind: 'lines', quotes: [{ open: '"', close: '"' }], escapes: { '\\"': '"', '\\n': '\n', '\\\\': '\\' } })
    expect(inferred.check!.unwritable).toEqual([])
    const template = inferred.template!
    for (const value of ['say "hi"', 'one\ntwo', 'ends with \\']) {
      const entries = parseLearned(template, sample).entries.map((e) => (e.key === 'COM_A' ? { ...e, value } : e))
      const out = renderLearned(template, sample, entries, { locale: 'de', sourceLocale: 'en' })
      expect(parseLearned(template, out).entries.find((e) => e.key === 'COM_A')?.value).toBe(value)
    }
  })

  test('a file with no key/value shape infers nothing', () => {
    expect(inferTemplate('notes.txt', 'Just some prose.\nNothing to read here.\n').template).toBeNull()
  })
})

// Line formats a built-in already reads: push_file reads them with it and never starts learning (correct: a built-in
// is exact for its format). learn_format, called on such a file on purpose, still learns them without AI.
const builtInCases: (Omit<Case, 'edit'> & { builtIn: string })[] = [
  {
    source: 'in-house `key: value` messages (read as YAML, or as Java properties, which take ":" too)',
    path: 'i18n/en.msg',
    builtIn: 'yaml',
    sample: '# Messages\ngreeting: Hello, world\nfarewell: Goodbye\n',
    expect: { greeting: 'Hello, world', farewell: 'Goodbye' },
  },
  {
    source: '`"key" = "value";` lines (Apple .strings syntax) under another extension',
    path: 'i18n/en.lang',
    builtIn: 'strings',
    sample: '/* Main menu */\n"menu.open" = "Open";\n"menu.quit" = "Quit \\"App\\"";\n',
    expect: { 'menu.open': 'Open', 'menu.quit': 'Quit "App"' },
  },
]

describe('line formats a built-in reads', () => {
  test.each(builtInCases)('$source: a built-in reads it; inference on request reads it too, byte for byte', (c) => {
    const builtIn = detectFormat(c.path, c.sample)
    expect(builtIn.format).toBe(c.builtIn)
    expect(builtIn.confidence).toBeGreaterThanOrEqual(0.3)
    const template = inferTemplate(c.path, c.sample).template!
    expect(template).toMatchObject({ kind: 'lines' })
    const parsed = parseLearned(template, c.sample)
    expect(Object.fromEntries(parsed.entries.map((e) => [e.key, e.value]))).toEqual(c.expect)
    expect(renderLearned(template, c.sample, parsed.entries, { locale: 'en', sourceLocale: 'en' })).toBe(c.sample)
  })
})

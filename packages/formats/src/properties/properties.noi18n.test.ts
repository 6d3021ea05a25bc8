// `# NOI18N` above a key (docs/formats/properties.md § Not translatable). Layout: a NetBeans platform module,
// src/org/example/notes/Bundle.properties. Quirks: `#NOI18N` and `# NOI18N` spellings above a layer path and a
// storage folder; a file comment above the first; an `{0} - note title` comment that NbBundle writes for arguments.
import { describe, expect, it } from 'vitest'
import { fixture } from '../../test/fixtures.js'
import { propertiesFormat } from './index.js'

const bundle = fixture('netbeans-module/src/org/example/notes/Bundle.properties')

describe('properties # NOI18N in a NetBeans module', () => {
  it('keys whose comment ends in a NOI18N line are not entries and keep their bytes', () => {
    const { entries } = propertiesFormat.parse(bundle, { locale: 'en' })
    expect(entries.map((e) => e.key)).toEqual(['OpenIDE-Module-Name', 'OpenIDE-Module-Short-Description', 'CTL_NotesAction', 'MSG_Deleted'])
    expect(propertiesFormat.render(bundle, entries, { locale: 'en', sourceLocale: 'en', missing: 'omit' })).toBe(bundle)
    expect(propertiesFormat.render(bundle, [], { locale: 'de', sourceLocale: 'en', missing: 'omit' })).toBe(
      '# Localized strings of the Notes module; branding and layer paths are marked NOI18N.\n#NOI18N\nOpenIDE-Module-Layer=org/example/notes/layer.xml\n# NOI18N\nnotes.storage.folder=.notes\n',
    )
  })

  it.each([
    ['a NOI18N word inside a longer comment', '# keep NOI18N out of this\na = b\n', ['a']],
    ['a NOI18N comment with a blank line before the key', '# NOI18N\n\na = b\n', ['a']],
    ['a NOI18N comment above another comment line', '# NOI18N\n# the label\na = b\n', ['a']],
    ['lower case', '# noi18n\na = b\n', []],
  ])('%s', (_, text, keys) => {
    expect(propertiesFormat.parse(text, {}).entries.map((e) => e.key)).toEqual(keys)
  })
})

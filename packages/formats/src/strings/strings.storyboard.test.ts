// Storyboard strings (docs/formats/strings.md § Not translatable). Layout: an Xcode app with Base internationalization,
// Trailmark/Base.lproj/Main.storyboard and the Main.strings Xcode exports per language (Trailmark/de.lproj). Quirks:
// keys are `<ObjectID>.<property>` (text, normalTitle, title, placeholder); each has the comment Xcode writes (class,
// the Base text, the object id, and a `Note` from Interface Builder's identity inspector); a blank line between entries.
import { describe, expect, it } from 'vitest'
import { fixture } from '../../test/fixtures.js'
import { stringsFormat } from './index.js'

const german = fixture('ios-app/Trailmark/de.lproj/Main.strings')

describe('strings exported from a Base.lproj storyboard', () => {
  it('every ObjectID.property key is translatable, with Xcode\'s comment as its note', () => {
    const { entries, issues } = stringsFormat.parse(german, { locale: 'de' })
    expect(issues).toEqual([])
    expect(entries.map((e) => e.key)).toEqual(['Kd3-fQ-1aZ.text', 'p9X-2b-QwE.normalTitle', 'zR1-0c-m7T.title', 'u4W-hh-3Lk.placeholder'])
    expect(entries[2]!.comment).toBe('Class = "UINavigationItem"; title = "Trailmark"; ObjectID = "zR1-0c-m7T"; Note = "Product name";')
    expect(stringsFormat.render(german, entries, { locale: 'de', sourceLocale: 'en', missing: 'omit' })).toBe(german)
  })
})

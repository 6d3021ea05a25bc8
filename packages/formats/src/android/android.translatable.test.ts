// translatable="false" (docs/formats/android.md § Not translatable). Layout: an Android app module,
// app/src/main/res/values/strings.xml and a partial values-de/strings.xml. Quirks: translatable="false" on a <string>
// (app name, an API URL), a <plurals> and a <string-array>; tools:ignore="MissingTranslation" on a unit symbol (lint
// only, still translatable); xmlns:tools on <resources>; comments above strings; the German copy lacks most keys.
import { describe, expect, test } from 'vitest'
import { fixture } from '../../test/fixtures.js'
import type { Entry } from '../format.js'
import { androidFormat } from './index.js'

const source = fixture('android-app/app/src/main/res/values/strings.xml')
const german = fixture('android-app/app/src/main/res/values-de/strings.xml')
const TRANSLATABLE = ['title_activity_main', 'waiting_for_gps', 'share_subject', 'unit_km', 'trail_count', 'difficulty_levels[0]', 'difficulty_levels[1]', 'difficulty_levels[2]', 'settings_about']

describe('android translatable="false" in an app module', () => {
  test('strings, plurals and arrays marked translatable="false" are not entries; tools:ignore ones are', () => {
    const { entries, issues } = androidFormat.parse(source, { locale: 'en' })
    expect(issues).toEqual([])
    expect(entries.map((e) => e.key)).toEqual(TRANSLATABLE)
    expect(androidFormat.render(source, entries, { locale: 'en', sourceLocale: 'en', missing: 'omit' })).toBe(source)
  })

  test('the German copy gains only translatable strings', () => {
    const own = new Map(androidFormat.parse(german, { locale: 'de' }).entries.map((e) => [e.key, e]))
    const entries: Entry[] = androidFormat.parse(source, { locale: 'en' }).entries.map((e) => own.get(e.key) ?? e)
    const out = androidFormat.render(german, entries, { locale: 'de', sourceLocale: 'en', missing: 'omit' })
    expect(androidFormat.parse(out, { locale: 'de' }).entries.map((e) => e.key)).toEqual(TRANSLATABLE)
    expect(out).not.toMatch(/app_name|api_base_url|debug_cache_entries|map_style_values|translatable/)
    expect(out.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<resources')).toBe(true)
  })

  test('a first German copy made from values/ leaves out every translatable="false" resource', () => {
    const entries = androidFormat.parse(source, { locale: 'en' }).entries
    const out = androidFormat.render(source, entries, { locale: 'de', sourceLocale: 'en', missing: 'omit', templateLocale: 'en' })
    expect(out).not.toMatch(/translatable|app_name|api_base_url|debug_cache_entries|map_style_values/)
    expect(androidFormat.parse(out, { locale: 'de' }).entries).toEqual(entries)
    // The comment above unit_km stays with it.
    expect(out).toContain('the ignore. -->\n    <string name="unit_km" tools:ignore="MissingTranslation">km</string>')
  })
})

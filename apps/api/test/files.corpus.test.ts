// push_file / pull_file round trips of the real-world corpus on both databases (pnpm test:full); the other file tests are in push_file-pull_file.test.ts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { parse, type FormatId } from '../../../packages/formats/src/index.js'
import { CORPUS_DIR, corpusFiles, decodeBytes } from '../../../packages/formats/test/corpus.js'
import { forEachBackend, type Caller } from './harness.js'

const corpus = (name: string) => decodeBytes(readFileSync(join(CORPUS_DIR, name)))

/** A file's texts by key and context. */
function textsOf(format: string, content: string, locale: string): Map<string, unknown> {
  return new Map(parse(format as FormatId, content, { locale, sourceLocale: 'en' }).entries.map((e) => [`${e.key}\u0000${e.context ?? ''}`, [e.value, e.plural ?? null]]))
}

/** Source + translation pairs of SOURCES.md, placed at the paths a real repository would use. */
const PAIRS: { name: string; source: [string, string]; translations: [string, string, string][] }[] = [
  { name: 'json tolgee', source: ['i18n/en.json', 'json/tolgee-webapp-en.json'], translations: [['i18n/de.json', 'de', 'json/tolgee-webapp-de.json']] },
  { name: 'json lemmy', source: ['translations/en.json', 'json/lemmy-frontend-en.json'], translations: [['translations/ru.json', 'ru', 'json/lemmy-frontend-ru.json']] },
  { name: 'yaml rails', source: ['config/locales/en.yml', 'yaml/rails-i18n-en.yml'], translations: [['config/locales/ru.yml', 'ru', 'yaml/rails-i18n-ru.yml'], ['config/locales/ar.yml', 'ar', 'yaml/rails-i18n-ar.yml']] },
  { name: 'yaml hugo', source: ['i18n/en.yaml', 'yaml/hugo-papermod-en.yaml'], translations: [['i18n/ru.yaml', 'ru', 'yaml/hugo-papermod-ru.yaml']] },
  { name: 'strings sparkle prompt (UTF-16 translation)', source: ['Sparkle/en.lproj/SUUpdatePermissionPrompt.strings', 'strings/sparkle-en.lproj/SUUpdatePermissionPrompt.strings'], translations: [['Sparkle/de.lproj/SUUpdatePermissionPrompt.strings', 'de', 'strings/sparkle-de.lproj/SUUpdatePermissionPrompt.strings']] },
  { name: 'strings sparkle Base.lproj', source: ['Sparkle/Base.lproj/Sparkle.strings', 'strings/sparkle-Base.lproj/Sparkle.strings'], translations: [['Sparkle/de.lproj/Sparkle.strings', 'de', 'strings/sparkle-de.lproj/Sparkle.strings']] },
  { name: 'strings mastodon', source: ['Resources/en.lproj/Localizable.strings', 'strings/mastodon-ios-en.lproj/Localizable.strings'], translations: [['Resources/de.lproj/Localizable.strings', 'de', 'strings/mastodon-ios-de.lproj/Localizable.strings']] },
  { name: 'stringsdict mastodon', source: ['Resources/en.lproj/Localizable.stringsdict', 'stringsdict/mastodon-ios-en.lproj/Localizable.stringsdict'], translations: [['Resources/ar.lproj/Localizable.stringsdict', 'ar', 'stringsdict/mastodon-ios-ar.lproj/Localizable.stringsdict'], ['Resources/ru.lproj/Localizable.stringsdict', 'ru', 'stringsdict/mastodon-ios-ru.lproj/Localizable.stringsdict']] },
  { name: 'android strings', source: ['app/src/main/res/values/strings.xml', 'android/etar-values/strings.xml'], translations: [['app/src/main/res/values-ru/strings.xml', 'ru', 'android/etar-values-ru/strings.xml']] },
  { name: 'android arrays', source: ['app/src/main/res/values/arrays.xml', 'android/etar-values/arrays.xml'], translations: [['app/src/main/res/values-de/arrays.xml', 'de', 'android/etar-values-de/arrays.xml']] },
  { name: 'xliff symfony', source: ['translations/validators.en.xlf', 'xliff12/symfony-validators.en.xlf'], translations: [['translations/validators.ja.xlf', 'ja', 'xliff12/symfony-validators.ja.xlf']] },
  { name: 'arb gallery', source: ['lib/l10n/intl_en.arb', 'arb/flutter-gallery-intl_en.arb'], translations: [['lib/l10n/intl_ar.arb', 'ar', 'arb/flutter-gallery-intl_ar.arb']] },
  { name: 'arb fluffychat', source: ['l10n/intl_en.arb', 'arb/fluffychat-intl_en.arb'], translations: [['l10n/intl_de.arb', 'de', 'arb/fluffychat-intl_de.arb']] },
  { name: 'properties hibernate', source: ['ValidationMessages.properties', 'properties/hibernate-validator-ValidationMessages.properties'], translations: [['ValidationMessages_de.properties', 'de', 'properties/hibernate-validator-ValidationMessages_de.properties']] },
  { name: 'resx humanizer', source: ['Properties/Resources.resx', 'resx/humanizer-Resources.resx'], translations: [['Properties/Resources.de.resx', 'de', 'resx/humanizer-Resources.de.resx'], ['Properties/Resources.ar.resx', 'ar', 'resx/humanizer-Resources.ar.resx']] },
]

async function project(ws: Caller, target_locales: string[], auto_translate = false) {
  return (await ws.call('create_project', { name: `P ${Math.random().toString(36).slice(2, 8)}`, target_locales, auto_translate })).body as { id: string; slug: string }
}

async function push(ws: Caller, slug: string, path: string, file: { content: string; encoding: string }, extra: Record<string, unknown> = {}) {
  const res = await ws.call('push_file', { project: slug, path, content: file.content, encoding: file.encoding, ...extra })
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body
}

async function pull(ws: Caller, slug: string, path: string, locale: string, extra: Record<string, unknown> = {}) {
  const res = await ws.call('pull_file', { project: slug, path, locale, ...extra })
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body as { path: string; content: string; encoding: string; format: string }
}

forEachBackend('push_file and pull_file', (env) => {
  test.each(PAIRS)('$name: pulling the source and each pushed translation returns the same bytes', async (pair) => {
    const ws = await env.workspace()
    const p = await project(ws, pair.translations.map((t) => t[1]))
    const source = corpus(pair.source[1])
    const pushed = await push(ws, p.slug, pair.source[0], source)
    expect(pushed.counts.keys_added).toBeGreaterThan(0)
    for (const [path, locale, name] of pair.translations) {
      const file = corpus(name)
      const res = await push(ws, p.slug, path, file, { locale })
      expect(res.file.pattern).toBe(pushed.file.pattern)
      expect(res.counts.translations_imported).toBeGreaterThan(0)
    }
    const src = await pull(ws, p.slug, pair.source[0], 'en')
    expect(src.content).toBe(source.content)
    expect(src.encoding).toBe(source.encoding)
    for (const [path, locale, name] of pair.translations) {
      const file = corpus(name)
      // Keys the copy lacks are added when they have a translation (another key of their unit was translated);
      // with missing omit, nothing else. What the copy had comes back as it was.
      const out = await pull(ws, p.slug, path, locale, { missing: 'omit' })
      expect(out.path).toBe(path)
      expect(out.encoding).toBe(file.encoding)
      if (out.content === file.content) continue
      const had = textsOf(out.format, file.content, locale)
      const got = textsOf(out.format, out.content, locale)
      const sourceKeys = textsOf(out.format, source.content, 'en')
      for (const [id, text] of had) expect(got.get(id), id).toEqual(text)
      const added = [...got.keys()].filter((id) => !had.has(id))
      expect(added.length).toBeGreaterThan(0)
      for (const id of added) expect(sourceKeys.has(id), id).toBe(true)
    }
  })

  test.each(['json', 'yaml', 'xcstrings', 'strings', 'stringsdict', 'android', 'po', 'xliff12', 'xliff20', 'arb', 'properties', 'resx', 'csv'].flatMap((dir) => corpusFiles(dir).map((f) => f.name)))(
    '%s pushed as a source file pulls back byte for byte',
    async (name) => {
      const ws = await env.workspace()
      const p = await project(ws, ['de'])
      const file = corpus(name)
      const path = name.replace(/^[^/]+\//, 'src/')
      await push(ws, p.slug, path, file, { locale: 'en' })
      const out = await pull(ws, p.slug, path, 'en')
      expect(out.content).toBe(file.content)
      expect(out.encoding).toBe(file.encoding)
    },
  )

})

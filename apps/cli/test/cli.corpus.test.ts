// The packed `tolk` CLI against a running API, on real files of the shared corpus.
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { useCliSessions } from './helpers/session.js'

const { session } = useCliSessions()

describe('init, push, status and pull on real files', () => {
  const CORPUS = fileURLToPath(new URL('../../../../shared/corpus', import.meta.url))
  // Real files of two ecosystems: Etar's Android strings with the Russian copy (UTF-8), and Sparkle's .strings,
  // whose German copy is UTF-16LE with BOM while the English one is UTF-8.
  const FILES: Record<string, string> = {
    'res/values/strings.xml': 'android/etar-values/strings.xml',
    'res/values-ru/strings.xml': 'android/etar-values-ru/strings.xml',
    'Sparkle/en.lproj/SUUpdatePermissionPrompt.strings': 'strings/sparkle-en.lproj/SUUpdatePermissionPrompt.strings',
    'Sparkle/de.lproj/SUUpdatePermissionPrompt.strings': 'strings/sparkle-de.lproj/SUUpdatePermissionPrompt.strings',
  }
  const RU = 'res/values-ru/strings.xml'
  const DE = 'Sparkle/de.lproj/SUUpdatePermissionPrompt.strings'

  it('gets every pushed translation file back byte for byte', async () => {
    const { tolk, dir } = await session()
    for (const [to, from] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, to)), { recursive: true })
      copyFileSync(join(CORPUS, from), join(dir, to))
    }

    const init = await tolk(['init', '--json', '--project', 'etar', '--create', '--locales', 'de,ru',
      '--source', 'res/values/strings.xml', '--translation', 'res/values-{android_locale}/strings.xml',
      '--source', 'Sparkle/{locale}.lproj/*.strings', '--translation', 'Sparkle/{locale}.lproj/*.strings'])
    expect(init.stderr).toBe('')
    expect(init.code).toBe(0)
    expect(JSON.parse(init.stdout)).toMatchObject({ project_created: true, config: { project: 'etar' } })

    const push = await tolk(['push', '--translations', '--json'])
    expect(push.stderr).toBe('')
    expect(push.code).toBe(0)
    const pushed = JSON.parse(push.stdout).files as { path: string; locale: string; counts: { keys_added: number; translations_imported: number } }[]
    // Sources first, then only the translation files that exist on disk.
    expect(pushed.map((f) => [f.path, f.locale])).toEqual([
      ['res/values/strings.xml', 'en'],
      ['Sparkle/en.lproj/SUUpdatePermissionPrompt.strings', 'en'],
      [RU, 'ru'],
      [DE, 'de'],
    ])
    expect(pushed[0]!.counts.keys_added).toBeGreaterThan(10)
    expect(pushed[2]!.counts.translations_imported).toBeGreaterThan(10)

    // A fresh checkout: the translation files are gone, and pull writes them again from the server.
    rmSync(join(dir, RU))
    rmSync(join(dir, DE))
    const pull = await tolk(['pull', '--json'])
    expect(pull.stderr).toBe('')
    expect(pull.code).toBe(0)
    const pulled = JSON.parse(pull.stdout).files as { path: string; locale: string; status: string; encoding: string }[]
    expect(pulled.map((f) => [f.path, f.locale, f.status, f.encoding])).toEqual([
      ['res/values-de/strings.xml', 'de', 'written', 'utf-8'],
      [RU, 'ru', 'written', 'utf-8'],
      [DE, 'de', 'written', 'utf-16le'],
      ['Sparkle/ru.lproj/SUUpdatePermissionPrompt.strings', 'ru', 'written', 'utf-8'],
    ])
    for (const [to, from] of Object.entries(FILES)) {
      expect(readFileSync(join(dir, to)).equals(readFileSync(join(CORPUS, from))), to).toBe(true)
    }

    // Nothing changed on either side: a dry run adds nothing, and a second pull writes nothing.
    const dry = await tolk(['push', '--translations', '--dry-run', '--json'])
    expect(dry.code).toBe(0)
    for (const f of JSON.parse(dry.stdout).files) expect(f.counts.keys_added).toBe(0)
    const again = await tolk(['pull', '--json'])
    expect(JSON.parse(again.stdout).files.map((f: { status: string }) => f.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged'])

    // --dry-run reports a new source string but stores nothing: the next pull still matches the pushed file.
    const source = join(dir, 'res/values/strings.xml')
    const original = readFileSync(source)
    writeFileSync(source, original.toString('utf8').replace('</resources>', '    <string name="tolk_new">New</string>\n</resources>'))
    const preview = await tolk(['push', '--dry-run', '--json'])
    expect(JSON.parse(preview.stdout)).toMatchObject({ dry_run: true, files: [{ path: 'res/values/strings.xml', counts: { keys_added: 1 } }, { counts: { keys_added: 0 } }] })
    writeFileSync(source, original)
    // With --dry-run pull says what it would write and writes nothing; --locale limits it to one locale.
    rmSync(join(dir, RU))
    const preview2 = await tolk(['pull', '--locale', 'ru', '--approved-only', '--dry-run', '--json'])
    expect(JSON.parse(preview2.stdout).files.map((f: { path: string; status: string }) => [f.path, f.status])).toEqual([
      [RU, 'would_write'],
      ['Sparkle/ru.lproj/SUUpdatePermissionPrompt.strings', 'unchanged'],
    ])
    expect(() => statSync(join(dir, RU))).toThrow()
    expect((await tolk(['pull', '--locale', 'ru'])).code).toBe(0)
    expect(readFileSync(join(dir, RU)).equals(readFileSync(join(CORPUS, FILES[RU]!)))).toBe(true)

    const status = await tolk(['status', '--json'])
    expect(status.code).toBe(0)
    const ru = (JSON.parse(status.stdout).locales as { locale: string; translated: number }[]).find((l) => l.locale === 'ru')
    expect(ru?.translated).toBeGreaterThan(10)
    const table = await tolk(['status'])
    expect(table.stdout).toMatch(/^ru +\d+\/\d+ +[\d.]+%/m)
  })
})

describe('push --force', () => {
  it('skips translations that differ from reviewed ones unless --force, which imports them', async () => {
    const { tolk, dir, op } = await session()
    const corpus = fileURLToPath(new URL('../../../../shared/corpus/android', import.meta.url))
    for (const folder of ['res/values', 'res/values-ru']) mkdirSync(join(dir, folder), { recursive: true })
    copyFileSync(join(corpus, 'etar-values/strings.xml'), join(dir, 'res/values/strings.xml'))
    copyFileSync(join(corpus, 'etar-values-ru/strings.xml'), join(dir, 'res/values-ru/strings.xml'))
    const ru = join(dir, 'res/values-ru/strings.xml')
    const original = readFileSync(ru, 'utf8')
    expect((await tolk(['init', '--project', 'cal', '--create', '--locales', 'ru', '--source', 'res/values/strings.xml', '--translation', 'res/values-{android_locale}/strings.xml'])).code).toBe(0)
    expect((await tolk(['push', '--translations'])).code).toBe(0)
    // A reviewer marks every Russian translation reviewed.
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await op('list_units', { locale: 'ru', project: 'cal', limit: 200, offset })
      expect((await op('review_translations', { locale: 'ru', units: page.units.map((u: { id: string }) => u.id), status: 'reviewed' })).code).toBeUndefined()
      offset = page.next_offset
    }

    // Someone edits one Russian string in the repository.
    const m = /<string name="([^"]+)">([^<%{}\\]+)<\/string>/.exec(original)!
    const edited = original.replace(m[0], `<string name="${m[1]}">Изменено</string>`)
    writeFileSync(ru, edited)

    const kept = await tolk(['push', '--translations', '--locale', 'ru', '--json'])
    expect(kept.code).toBe(0)
    const keptRu = JSON.parse(kept.stdout).files.find((f: { locale: string }) => f.locale === 'ru')
    expect(keptRu.counts).toMatchObject({ translations_imported: 0, skipped: { reviewed_differs: keptRu.counts.translations_skipped } })
    expect(keptRu.counts.translations_skipped).toBeGreaterThan(0)
    const table = await tolk(['push', '--translations', '--locale', 'ru'])
    expect(table.stdout).toContain('reviewed_differs')
    expect(table.stdout).toContain('--force overwrites them')

    const forced = await tolk(['push', '--translations', '--force', '--json'])
    const forcedRu = JSON.parse(forced.stdout).files.find((f: { locale: string }) => f.locale === 'ru')
    expect(forcedRu.counts.translations_imported).toBeGreaterThan(0)
    rmSync(ru)
    expect((await tolk(['pull'])).code).toBe(0)
    // Keys that share a source string share one translation, so only the forced string is checked here.
    expect(readFileSync(ru, 'utf8')).toContain(`<string name="${m[1]}">Изменено</string>`)
  })
})

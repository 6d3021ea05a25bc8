import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { run } from '../main.js'

/** A repository with a config, and a fake server that records every op call and answers from `answers`. */
function setup(files: Record<string, string | Buffer>, answers: Record<string, (input: any) => unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'tolk-cmd-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  const calls: { op: string; input: any; headers: Record<string, string> }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const op = url.split('/').pop()!
    const input = JSON.parse(String(init.body ?? '{}'))
    calls.push({ op, input, headers: init.headers as Record<string, string> })
    const answer = answers[op]
    if (!answer) return new Response(JSON.stringify({ code: 'unknown_op', detail: op, status: 404 }), { status: 404 })
    return new Response(JSON.stringify(answer(input)), { status: 200 })
  })
  const tolk = async (args: string[]) => {
    let stdout = ''
    let stderr = ''
    const code = await run(args, {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      stdin: Readable.from([]),
      cwd: dir,
      env: { TOLK_URL: 'http://tolk.test', TOLK_API_KEY: 'tolk_k', XDG_CONFIG_HOME: join(dir, '.config') },
    }, { attempts: 1, baseMs: 1, maxMs: 1 })
    return { code, stdout, stderr }
  }
  return { dir, calls, tolk }
}

const CONFIG = JSON.stringify({
  project: 'app',
  files: [{ source: 'res/values/strings.xml', translation: 'res/values-{android_locale}/strings.xml' }],
  locale_map: { he: 'iw' },
})
const common = {
  get_workspace: () => ({ source_locale: 'en' }),
  list_projects: () => ({ projects: [{ id: 'p1', slug: 'app', name: 'App', target_locales: ['de', 'he', 'pt-BR'], locale_map: { he: 'iw' } }] }),
  list_files: () => ({ files: [{ id: 'f1', pattern: 'res/values-{android_locale}/strings.xml', source_path: 'res/values/strings.xml' }] }),
}
const counts = { keys_added: 0, keys_updated: 0, keys_removed: 0, keys_unchanged: 0, translations_imported: 0, skipped: {} }

afterEach(() => vi.unstubAllGlobals())

describe('tolk push', () => {
  it('sends each file with its path, locale and encoding; --force sends overwrite and --dry-run dry_run', async () => {
    const { calls, tolk } = setup({
      'tolk.config.json': CONFIG,
      'res/values/strings.xml': '<resources/>',
      'res/values-iw/strings.xml': Buffer.from('\uFEFF<resources/>'),
      'res/values-pt-rBR/strings.xml': '<resources/>',
    }, { ...common, push_file: () => ({ counts, job_id: null, dry_run: false }) })
    const res = await tolk(['push', '--translations', '--force', '--dry-run'])
    expect(res.code).toBe(0)
    const pushes = calls.filter((c) => c.op === 'push_file').map((c) => c.input)
    expect(pushes).toEqual([
      { project: 'app', path: 'res/values/strings.xml', content: '<resources/>', locale: 'en', encoding: 'utf-8', overwrite: true, dry_run: true },
      // locale_map reversed: the file in values-iw is the project's he.
      { project: 'app', path: 'res/values-iw/strings.xml', content: '\uFEFF<resources/>', locale: 'he', encoding: 'utf-8-bom', source: 'res/values/strings.xml', overwrite: true, dry_run: true },
      { project: 'app', path: 'res/values-pt-rBR/strings.xml', content: '<resources/>', locale: 'pt-BR', encoding: 'utf-8', source: 'res/values/strings.xml', overwrite: true, dry_run: true },
    ])
    expect(calls.every((c) => c.headers['user-agent']?.startsWith('tolk-cli/'))).toBe(true)
  })

  it('sends neither overwrite nor dry_run by default, and only the sources without --translations', async () => {
    const { calls, tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': 'x', 'res/values-de/strings.xml': 'y' }, { ...common, push_file: () => ({ counts }) })
    expect((await tolk(['push'])).code).toBe(0)
    expect(calls.filter((c) => c.op === 'push_file').map((c) => c.input)).toEqual([{ project: 'app', path: 'res/values/strings.xml', content: 'x', locale: 'en', encoding: 'utf-8' }])
  })

  it("gives the server the config's locale_map, keeping what the server learned, and never on a dry run", async () => {
    const config = JSON.stringify({ project: 'app', files: [{ source: 'locale/{locale}/LC_MESSAGES/django.po', translation: 'locale/{locale}/LC_MESSAGES/django.po' }], locale_map: { en: 'en_US', 'pt-BR': 'pt_BR' } })
    const { calls, tolk } = setup({ 'tolk.config.json': config, 'locale/en_US/LC_MESSAGES/django.po': 'x' }, { ...common, push_file: () => ({ counts }), update_project: () => ({}) })
    expect((await tolk(['push', '--dry-run'])).code).toBe(0)
    expect(calls.some((c) => c.op === 'update_project')).toBe(false)
    expect((await tolk(['push'])).code).toBe(0)
    expect(calls.filter((c) => c.op === 'update_project').map((c) => c.input)).toEqual([{ project: 'p1', locale_map: { he: 'iw', en: 'en_US', 'pt-BR': 'pt_BR' } }])
    expect(calls.find((c) => c.op === 'push_file')!.input.path).toBe('locale/en_US/LC_MESSAGES/django.po')
  })

  it('says what a key_not_in_source skip means and how to fix it', async () => {
    const { tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': 'x', 'res/values-de/strings.xml': 'y' }, {
      ...common,
      push_file: (input: { locale: string }) => ({ counts: input.locale === 'de' ? { ...counts, translations_skipped: 3, skipped: { key_not_in_source: 3 } } : counts }),
    })
    const res = await tolk(['push', '--translations'])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('3 key_not_in_source')
    expect(res.stdout).toContain('not in the source file the translation was linked to')
    expect(res.stdout).toContain('files[].source')
    expect(res.stdout).not.toContain('Reviewed and approved translations were kept')
  })

  it('names the keys each file skipped, the first ones the server lists and how many more', async () => {
    const { tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': 'x', 'res/values-de/strings.xml': 'y' }, {
      ...common,
      push_file: (input: { locale: string }) => (input.locale === 'de'
        ? { counts: { ...counts, translations_skipped: 42, skipped: { key_not_in_source: 40, reviewed_differs: 2 } }, skipped_keys: { key_not_in_source: ['old_title', 'legacy_hint'], reviewed_differs: ['save', 'cancel'] } }
        : { counts, skipped_keys: {} }),
    })
    const res = await tolk(['push', '--translations'])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('res/values-de/strings.xml: key_not_in_source: old_title, legacy_hint and 38 more\n')
    expect(res.stdout).toContain('res/values-de/strings.xml: reviewed_differs: save, cancel\n')
  })

  it('exits 1 without sending anything when a file is not valid UTF-8', async () => {
    const { calls, tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': Buffer.from([0x3c, 0xff, 0x3e]) }, { ...common, push_file: () => ({ counts }) })
    const res = await tolk(['push'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/^error unreadable_file: res\/values\/strings\.xml: Not valid UTF-8/)
    expect(calls.some((c) => c.op === 'push_file')).toBe(false)
  })
})

describe('a refused file', () => {
  it('is named in the error, and the run stops with exit 2', async () => {
    const { tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': '<resources' }, common)
    // A problem answer rather than the setup's 200s.
    vi.stubGlobal('fetch', async (url: string) => {
      const op = url.split('/').pop()!
      if (op === 'push_file') return new Response(JSON.stringify({ status: 400, code: 'invalid_input', detail: 'The file does not parse.', issues: [{ path: 'content', message: 'line 1, column 11: unclosed tag' }] }), { status: 400 })
      return new Response(JSON.stringify((common as Record<string, () => unknown>)[op]!()), { status: 200 })
    })
    const res = await tolk(['push'])
    expect(res.code).toBe(2)
    expect(res.stderr).toBe('error invalid_input: res/values/strings.xml: The file does not parse.\n  content: line 1, column 11: unclosed tag\n')
  })
})

describe('tolk pull', () => {
  it('asks by source path and writes each locale where the pattern and locale_map say, in the returned encoding', async () => {
    const { dir, calls, tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': 'x' }, {
      ...common,
      pull_file: (input: { locale: string }) => ({ path: 'ignored', content: `\uFEFF${input.locale}`, encoding: input.locale === 'he' ? 'utf-16le' : 'utf-8-bom', format: 'android' }),
    })
    const res = await tolk(['pull', '--missing', 'empty', '--approved-only'])
    expect(res.code).toBe(0)
    expect(calls.filter((c) => c.op === 'pull_file').map((c) => c.input)).toEqual(
      ['de', 'he', 'pt-BR'].map((locale) => ({ project: 'app', path: 'res/values/strings.xml', locale, missing: 'empty', approved_only: true })),
    )
    expect(readFileSync(join(dir, 'res/values-iw/strings.xml'))).toEqual(Buffer.from('\uFEFFhe', 'utf16le'))
    expect(readFileSync(join(dir, 'res/values-pt-rBR/strings.xml'))).toEqual(Buffer.from('\uFEFFpt-BR'))
  })

  it('pulls the files the server holds into a checkout with no source file on disk (a CI job)', async () => {
    const { dir, calls, tolk } = setup({ 'tolk.config.json': CONFIG }, {
      ...common,
      pull_file: (input: { locale: string }) => ({ path: 'ignored', content: input.locale, encoding: 'utf-8', format: 'android' }),
    })
    const res = await tolk(['pull', '--locale', 'de'])
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    expect(calls.filter((c) => c.op === 'pull_file').map((c) => c.input.path)).toEqual(['res/values/strings.xml'])
    expect(readFileSync(join(dir, 'res/values-de/strings.xml'), 'utf8')).toBe('de')
  })

  it('refuses a locale the project lacks with exit 1, naming its locales, and writes nothing', async () => {
    const { dir, calls, tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': 'x' }, { ...common, pull_file: () => ({ content: 'x', encoding: 'utf-8' }) })
    const res = await tolk(['pull', '--locale', 'xx'])
    expect(res.code).toBe(1)
    expect(res.stderr).toBe('error unknown_locale: Project app has no locale xx; its locales are de, he, pt-BR (add one with `tolk op update_project`).\n')
    expect(calls.some((c) => c.op === 'pull_file')).toBe(false)
    expect(() => readFileSync(join(dir, 'res/values-xx/strings.xml'))).toThrow()
  })

  it('says to push first when the server holds no file the config names', async () => {
    const { tolk } = setup({ 'tolk.config.json': CONFIG, 'res/values/strings.xml': 'x' }, { ...common, list_files: () => ({ files: [] }) })
    const res = await tolk(['pull'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/^error no_files: No file pushed to app matches res\/values\/strings\.xml; run `tolk push` first\./)
  })

  it('refuses an unknown --missing value as a usage error', async () => {
    const { tolk } = setup({ 'tolk.config.json': CONFIG }, common)
    const res = await tolk(['pull', '--missing', 'blank'])
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/^error usage: .*blank/)
  })

  it('exits 2 when the config names a project the workspace does not have', async () => {
    const { tolk } = setup({ 'tolk.config.json': CONFIG.replace('"app"', '"nope"'), 'res/values/strings.xml': 'x' }, common)
    const res = await tolk(['pull'])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/^error not_found: No project "nope"/)
  })
})

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { parseLocaleMap } from './commands/init.js'
import { EXIT } from './exit.js'
import { run } from './main.js'

/** Runs the CLI in-process in a fresh folder with no key and no server. */
async function tolk(args: string[], dir = mkdtempSync(join(tmpdir(), 'tolk-main-'))) {
  let stdout = ''
  let stderr = ''
  const code = await run(args, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin: Readable.from([]),
    cwd: dir,
    env: { XDG_CONFIG_HOME: join(dir, '.config') },
  }, { attempts: 1, baseMs: 1, maxMs: 1 })
  return { code, stdout, stderr, dir }
}

describe('tolk init', () => {
  it('writes tolk.config.json from flags, pairing each --source with its --translation', async () => {
    const res = await tolk(['init', '--url', 'http://tolk.test', '--project', 'app',
      '--source', 'res/values/strings.xml', '--translation', 'res/values-{android_locale}/strings.xml',
      '--source', 'en.lproj/*.strings', '--translation', '{locale}.lproj/*.strings',
      '--locale-map', 'he=iw,zh-Hant=zh-rTW'])
    expect(res.code).toBe(EXIT.ok)
    expect(JSON.parse(readFileSync(join(res.dir, 'tolk.config.json'), 'utf8'))).toEqual({
      url: 'http://tolk.test',
      project: 'app',
      files: [
        { source: 'res/values/strings.xml', translation: 'res/values-{android_locale}/strings.xml' },
        { source: 'en.lproj/*.strings', translation: '{locale}.lproj/*.strings' },
      ],
      locale_map: { he: 'iw', 'zh-Hant': 'zh-rTW' },
    })
    expect(res.stderr).toContain('tolk login')
  })

  it('proposes the layout it finds on disk when no pattern is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-main-'))
    mkdirSync(join(dir, 'app/src/main/res/values'), { recursive: true })
    writeFileSync(join(dir, 'app/src/main/res/values/strings.xml'), '<resources/>')
    const res = await tolk(['init', '--project', 'app'], dir)
    expect(res.code).toBe(EXIT.ok)
    expect(JSON.parse(readFileSync(join(dir, 'tolk.config.json'), 'utf8')).files).toEqual([
      { source: '**/res/values/strings.xml', translation: '**/res/values-{android_locale}/strings.xml' },
    ])
  })

  it('proposes every layout of a Rails app (config/locales/en.yml, devise.en.yml, javascript/javascript.en.yml) and a Django app', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-main-'))
    for (const f of ['config/locales/en.yml', 'config/locales/de.yml', 'config/locales/devise.en.yml', 'config/locales/devise.de.yml',
      'config/locales/javascript/javascript.en.yml', 'shop/locale/en/LC_MESSAGES/django.po', 'shop/locale/pt_BR/LC_MESSAGES/django.po']) {
      mkdirSync(join(dir, f, '..'), { recursive: true })
      writeFileSync(join(dir, f), '')
    }
    const res = await tolk(['init', '--project', 'app', '--locale-map', 'de=de'], dir)
    expect(res.code).toBe(EXIT.ok)
    expect(JSON.parse(readFileSync(join(dir, 'tolk.config.json'), 'utf8'))).toMatchObject({
      files: [
        { source: 'config/locales/**/{locale}.yml', translation: 'config/locales/**/{locale}.yml' },
        { source: 'config/locales/**/*.{locale}.yml', translation: 'config/locales/**/*.{locale}.yml' },
        { source: '**/locale/{locale}/LC_MESSAGES/*.po', translation: '**/locale/{locale}/LC_MESSAGES/*.po' },
      ],
      // Found on disk, and the flag's own entry beside it.
      locale_map: { 'pt-BR': 'pt_BR', de: 'de' },
    })
    expect(res.stderr).toContain('Rails: config/locales/**/*.{locale}.yml -> config/locales/**/*.{locale}.yml (2 source files)')
    expect(res.stderr).toContain('Copies on disk for: de, pt-BR.')
  })

  it('exits 1 when a required answer is missing and stdin is not a terminal', async () => {
    const res = await tolk(['init', '--source', 'a.json', '--translation', '{locale}.json'])
    expect(res.code).toBe(EXIT.usage)
    expect(res.stderr).toBe('error missing_flag: --project is required when stdin is not a terminal.\n')
  })

  it('keeps an existing config unless --force', async () => {
    const first = await tolk(['init', '--project', 'a', '--source', 'a.json', '--translation', '{locale}.json'])
    const again = await tolk(['init', '--project', 'b', '--source', 'a.json', '--translation', '{locale}.json'], first.dir)
    expect(again.code).toBe(EXIT.usage)
    expect(again.stderr).toMatch(/^error config_exists: /)
    const forced = await tolk(['init', '--force', '--project', 'b', '--source', 'a.json', '--translation', '{locale}.json'], first.dir)
    expect(forced.code).toBe(EXIT.ok)
    expect(JSON.parse(readFileSync(join(first.dir, 'tolk.config.json'), 'utf8')).project).toBe('b')
  })

  it('refuses a translation pattern without a locale and lists the issue', async () => {
    const res = await tolk(['init', '--project', 'a', '--source', 'a.json', '--translation', 'b.json'])
    expect(res.code).toBe(EXIT.usage)
    expect(res.stderr).toMatch(/^error invalid_config: .*\n {2}files\.0: translation needs \{locale\}/)
  })
})

describe('parseLocaleMap', () => {
  it('reads locale=text pairs and refuses anything else', () => {
    expect(parseLocaleMap(['he=iw', 'zh-Hant=zh-rTW,id=in'])).toEqual({ he: 'iw', 'zh-Hant': 'zh-rTW', id: 'in' })
    expect(() => parseLocaleMap(['he'])).toThrow(/he=iw/)
  })
})

describe('commands that need the repository config', () => {
  it.each([['push'], ['pull'], ['status']])('%s exits 1 and points to tolk init when there is no config', async (cmd) => {
    const res = await tolk([cmd])
    expect(res.code).toBe(EXIT.usage)
    expect(res.stderr).toMatch(/^error no_config: .*tolk init/)
  })

  it('push exits 1 before any request when no key is configured', async () => {
    const first = await tolk(['init', '--project', 'a', '--source', 'a.json', '--translation', '{locale}.json'])
    const res = await tolk(['push'], first.dir)
    expect(res.code).toBe(EXIT.usage)
    expect(res.stderr).toMatch(/^error unauthorized: No API key for http:\/\/127\.0\.0\.1:8787: run `tolk login`/)
  })
})

describe('help', () => {
  it('prints usage on stdout and exits 0', async () => {
    const res = await tolk(['--help'])
    expect(res.code).toBe(EXIT.ok)
    for (const cmd of ['init', 'push', 'pull', 'status', 'login', 'op', 'mcp']) expect(res.stdout).toMatch(new RegExp(`^  ${cmd}\\b`, 'm'))
  })
})

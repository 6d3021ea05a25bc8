import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findConfig, loadConfig, parseConfig, writeConfig } from './config.js'
import { CliError, EXIT } from './exit.js'

const ok = { url: 'http://127.0.0.1:8787', project: 'app', files: [{ source: 'res/values/strings.xml', translation: 'res/values-{android_locale}/strings.xml' }] }

function issuesOf(fn: () => unknown): string[] {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(CliError)
    expect((err as CliError).exitCode).toBe(EXIT.usage)
    return (err as CliError).issues.map((i) => `${i.path}: ${i.message}`)
  }
  throw new Error('expected a usage error')
}

describe('config', () => {
  it('accepts the documented shape and defaults locale_map to empty', () => {
    expect(parseConfig(ok)).toEqual({ ...ok, locale_map: {} })
  })

  it('refuses a translation pattern without a locale placeholder', () => {
    expect(issuesOf(() => parseConfig({ ...ok, files: [{ source: 'a.json', translation: 'b.json' }] }))).toEqual([
      'files.0: translation needs {locale} or {android_locale} (or equals source for a multi-locale file).',
    ])
  })

  it('refuses globs that differ between source and translation', () => {
    expect(issuesOf(() => parseConfig({ ...ok, files: [{ source: 'src/**/*.json', translation: 'src/{locale}/*.json' }] }))[0]).toMatch(/same globs/)
  })

  it('refuses unknown fields and names their path', () => {
    expect(issuesOf(() => parseConfig({ ...ok, projekt: 'x' }))[0]).toMatch(/^projekt: /)
  })

  it('refuses an empty files list and a relative url', () => {
    const issues = issuesOf(() => parseConfig({ ...ok, url: 'localhost', files: [] }))
    expect(issues).toHaveLength(2)
  })

  it('is found from a subfolder and loads relative to its own folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'tolk-config-'))
    mkdirSync(join(root, 'a/b'), { recursive: true })
    writeConfig(join(root, 'tolk.config.json'), parseConfig(ok))
    expect(findConfig(join(root, 'a/b'))).toBe(join(root, 'tolk.config.json'))
    expect(loadConfig(join(root, 'a/b')).root).toBe(root)
  })

  it('says to run tolk init when there is no config', () => {
    const root = mkdtempSync(join(tmpdir(), 'tolk-config-'))
    expect(() => loadConfig(root, join(root, 'tolk.config.json'))).toThrow(/tolk init/)
  })

  it('reports a config that is not JSON as a usage error', () => {
    const root = mkdtempSync(join(tmpdir(), 'tolk-config-'))
    writeFileSync(join(root, 'tolk.config.json'), '{ project: ')
    expect(issuesOf(() => loadConfig(root))).toEqual([])
  })
})

// What the .strings format writes, read by sfparse (GNUstep, as FORMATS.md verified it);
// strings.test.ts checks the same outputs byte for byte with Node alone.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { Entry } from '../format.js'
import { withTempFiles } from '../../test/temp.js'
import { stringsFormat } from './index.js'

/** True when sfparse reads the text (UTF-16LE when asked); a missing binary or a rejection throws. */
function sfparse(content: string, utf16 = false): true {
  withTempFiles({ 'Localizable.strings': Buffer.from(content, utf16 ? 'utf16le' : 'utf8') }, ([path]) => {
    execFileSync('sfparse', [path!], { stdio: ['ignore', 'pipe', 'pipe'] })
  })
  return true
}

const options = { locale: 'de', sourceLocale: 'en' }
const parse = (content: string) => stringsFormat.parse(content, options)
const render = (template: string | undefined, entries: readonly Entry[], missing?: 'source' | 'empty' | 'omit') =>
  stringsFormat.render(template, entries, { ...options, missing })
const file = '/* Greeting */\n"hello" = "Hallo";\n\n/* Farewell */\n"bye" = "Tschüss";\n'

describe('sfparse reads what the .strings format writes', () => {
  it('a UTF-16 file with a BOM and CRLF, with changed and added pairs', () => {
    const crlf = '\uFEFF' + file.replace(/\n/g, '\r\n')
    expect(sfparse(render(crlf, [...parse(crlf).entries.map((e) => ({ ...e, value: `${e.value}!` })), { key: 'new', value: 'Neu' }]), true)).toBe(true)
  })

  it.each(['source', 'empty', 'omit'] as const)('a template pair missing from entries under `%s`', (missing) => {
    expect(sfparse(render(file, parse(file).entries.filter((e) => e.key !== 'bye'), missing))).toBe(true)
  })

  it('a new entry whose comment holds `*/`', () => {
    expect(sfparse(render(file, [...parse(file).entries, { key: 'new', value: 'Neu', comment: 'Added */ here' }]))).toBe(true)
  })

  it('a clean Xcode-style file with quotes, escapes, control characters and format specifiers', () => {
    const entries: Entry[] = [
      { key: 'hello', value: 'Hallo "Welt"', comment: 'Greeting' },
      { key: 'multi', value: 'a\nb\tc\\d' },
      { key: 'control', value: 'bell\u0007 é ✓ 😀' },
      { key: 'Key with spaces %1$@', value: '%1$@ und %2$@' },
    ]
    expect(sfparse(render(undefined, entries))).toBe(true)
  })

  it('and rejects an unterminated string, so the check can fail', () => {
    expect(() => sfparse('"a" = "b\n')).toThrow()
  })
})

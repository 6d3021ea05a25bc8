import { describe, expect, it } from 'vitest'
import { EncodingError, decodeFile, detectEncoding, encodeFile, type Encoding } from './encoding.js'

const utf16le = (s: string) => Buffer.from(s, 'utf16le')
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16()

describe('encoding', () => {
  it.each<[string, Buffer, Encoding, string]>([
    ['plain UTF-8', Buffer.from('"a" = "ä";'), 'utf-8', '"a" = "ä";'],
    ['UTF-8 with BOM', Buffer.from('\uFEFF"a" = "ä";'), 'utf-8-bom', '\uFEFF"a" = "ä";'],
    ['UTF-16LE with BOM', utf16le('\uFEFF"a" = "ä";'), 'utf-16le', '\uFEFF"a" = "ä";'],
    ['UTF-16BE with BOM', utf16be('\uFEFF"a" = "ä";'), 'utf-16be', '\uFEFF"a" = "ä";'],
    ['an empty file', Buffer.alloc(0), 'utf-8', ''],
  ])('reads %s and writes the same bytes back', (_name, bytes, encoding, text) => {
    const decoded = decodeFile(bytes)
    expect(decoded).toEqual({ text, encoding })
    expect(encodeFile(decoded.text, decoded.encoding).equals(bytes)).toBe(true)
  })

  it('keeps an emoji and an unpaired surrogate in UTF-16 byte for byte', () => {
    const bytes = utf16le('\uFEFFx = "😀\uD800";')
    expect(encodeFile(decodeFile(bytes).text, 'utf-16le').equals(bytes)).toBe(true)
  })


  it('adds the BOM when asked for a BOM encoding and the text has none', () => {
    expect([...encodeFile('a', 'utf-8-bom')]).toEqual([0xef, 0xbb, 0xbf, 0x61])
    expect([...encodeFile('a', 'utf-16be')]).toEqual([0xfe, 0xff, 0x00, 0x61])
  })

  it('refuses bytes that are not UTF-8 instead of replacing them', () => {
    expect(() => decodeFile(Buffer.from([0x61, 0xe4, 0x62]))).toThrow(EncodingError)
  })

  it('refuses UTF-16 with an odd number of bytes', () => {
    expect(() => decodeFile(Buffer.from([0xff, 0xfe, 0x61]))).toThrow(EncodingError)
  })

  it('takes a file without BOM as UTF-8', () => {
    expect(detectEncoding(Buffer.from([0x00, 0x61]))).toBe('utf-8')
  })
})

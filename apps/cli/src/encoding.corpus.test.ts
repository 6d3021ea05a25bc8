import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { decodeFile, encodeFile } from './encoding.js'

const CORPUS = fileURLToPath(new URL('../../../../shared/corpus', import.meta.url))

describe('encoding of corpus files', () => {
  it('round-trips the UTF-16 Sparkle strings file of the corpus byte for byte', () => {
    const bytes = readFileSync(`${CORPUS}/strings/sparkle-de.lproj/SUUpdatePermissionPrompt.strings`)
    const decoded = decodeFile(bytes)
    expect(decoded.encoding).toBe('utf-16le')
    expect(decoded.text.startsWith('\uFEFF')).toBe(true)
    expect(encodeFile(decoded.text, decoded.encoding).equals(bytes)).toBe(true)
  })
})

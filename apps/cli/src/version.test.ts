import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { USER_AGENT, VERSION } from './version.js'

describe('version', () => {
  it('equals the version in package.json', () => {
    expect(VERSION).toBe(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version)
  })

  it('names the CLI in the User-Agent so activity shows surface cli', () => {
    expect(USER_AGENT).toMatch(/^tolk-cli\//)
  })
})

import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { isBlockedAddress } from './ssrf.js'
import { effectiveRole, normaliseScope, scopeLevel } from './scopes.js'
import { pkceMatches } from './secrets.js'

describe('isBlockedAddress', () => {
  test.each([
    ['127.0.0.1', true], ['10.0.0.5', true], ['172.20.1.1', true], ['192.168.1.1', true], ['169.254.169.254', true], ['100.64.0.1', true],
    ['0.0.0.0', true], ['::1', true], ['::', true], ['fe80::1', true], ['fd12::1', true], ['::ffff:127.0.0.1', true], ['::ffff:10.0.0.1', true],
    ['93.184.215.14', false], ['8.8.8.8', false], ['2606:4700::1111', false], ['not-an-ip', true],
  ])('%s -> %s', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked)
  })
})

describe('scopes', () => {
  test('normalise, refuse unknown, default to read and write', () => {
    expect(normaliseScope(undefined)).toBe('tolk:read tolk:write')
    expect(normaliseScope('tolk:admin  tolk:read')).toBe('tolk:read tolk:admin')
    expect(normaliseScope('openid')).toBeUndefined()
  })
  test('the role is the membership role capped by the scope', () => {
    expect(effectiveRole('owner', scopeLevel('tolk:read tolk:write'))).toBe('member')
    expect(effectiveRole('owner', scopeLevel('tolk:admin'))).toBe('owner')
    expect(effectiveRole('member', scopeLevel('tolk:admin'))).toBe('member')
  })
})

describe('pkceMatches (S256)', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K9uhvCoGEhsT3M-fbB2-3iV3HM'
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  test('a verifier matches its own challenge; another verifier, or a malformed one, does not', () => {
    expect(pkceMatches(verifier, challenge)).toBe(true)
    expect(pkceMatches(verifier.slice(0, -1) + 'N', challenge)).toBe(false)
    expect(pkceMatches('short', challenge)).toBe(false)
    expect(pkceMatches(verifier, verifier)).toBe(false)
  })
})

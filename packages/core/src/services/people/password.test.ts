import { describe, expect, test, vi } from 'vitest'
import { dummyHash, hashPassword, passwordMatches } from './password.js'

describe('password hashes', () => {
  test('a hash matches its password only, and carries its scrypt parameters (OWASP\'s outside a test run)', async () => {
    vi.stubEnv('TOLK_TEST_CHEAP_PASSWORDS', '')
    try {
      const hash = await hashPassword('correct horse battery')
      expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/)
      expect(await passwordMatches('correct horse battery', hash)).toBe(true)
      expect(await passwordMatches('correct horse batterY', hash)).toBe(false)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  test('the cheap test cost needs NODE_ENV=test as well, and its hashes check like any other', async () => {
    vi.stubEnv('TOLK_TEST_CHEAP_PASSWORDS', '1')
    try {
      const cheap = await hashPassword('correct horse battery')
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/)
      expect(await passwordMatches('correct horse battery', cheap)).toBe(true)
      vi.stubEnv('NODE_ENV', 'production')
      expect(await hashPassword('correct horse battery')).toMatch(/^scrypt\$32768\$8\$3\$/)
      expect(await passwordMatches('correct horse battery', cheap)).toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  test('two hashes of one password differ (salted)', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'))
  })

  test.each([
    ['not a hash', 'plain'],
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['bad parameters', 'scrypt$x$8$3$c2FsdA$aGFzaA'],
    ['an empty hash part', 'scrypt$16384$8$1$c2FsdA$'],
  ])('a malformed stored value (%s) matches nothing', async (_, stored) => {
    expect(await passwordMatches('anything', stored)).toBe(false)
  })

  test('the dummy hash, used for unknown e-mails, matches no password', async () => {
    expect(await passwordMatches('', await dummyHash())).toBe(false)
  })
})

import { describe, expect, test } from 'vitest'
import { dummyHash, hashPassword, passwordMatches } from './password.js'

describe('password hashes', () => {
  test('a hash matches its password only, and carries its scrypt parameters', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/)
    expect(await passwordMatches('correct horse battery', hash)).toBe(true)
    expect(await passwordMatches('correct horse batterY', hash)).toBe(false)
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

import { describe, expect, test } from 'vitest'
import { sameToken } from '../session/cookies.js'
import { safeNext } from './forms.js'

describe('safeNext', () => {
  test.each([
    ['/account', '/account'],
    ['/oauth/authorize?client_id=x&state=y', '/oauth/authorize?client_id=x&state=y'],
    ['https://evil.example/', '/home'],
    ['//evil.example/', '/home'],
    ['/\\evil.example', '/home'],
    ['/ok\nLocation: x', '/home'],
    ['javascript:alert(1)', '/home'],
    ['', '/home'],
  ])('%j leads to %j', (next, expected) => {
    expect(safeNext(next, '/home')).toBe(expected)
  })
})

describe('sameToken', () => {
  test('matches equal tokens only; absent or different lengths never match', () => {
    expect(sameToken('abc', 'abc')).toBe(true)
    expect(sameToken('abc', 'abd')).toBe(false)
    expect(sameToken('abc', 'abcd')).toBe(false)
    expect(sameToken(undefined, 'abc')).toBe(false)
    expect(sameToken('', '')).toBe(false)
  })
})

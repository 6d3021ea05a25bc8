import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// docs/decisions.md (Issue 22): scrypt from node:crypto, no native dependency. Parameters from OWASP's Password
// Storage Cheat Sheet (N=2^15, r=8, p=3: 32 MiB per hash); they are stored in each hash, so raising them later
// leaves old hashes readable.
const COST = { n: 2 ** 15, r: 8, p: 3 }
// Test runs hash and check passwords thousands of times on 2-core machines, where one OWASP-cost hash takes 0.3 to
// 5 s. Like Devise's `stretches` and Django's test hashers, a test run may ask for the cheapest scrypt; only when
// NODE_ENV is test as well, so no deployment lowers it by setting one variable. Checks read the cost from the hash.
const TEST_COST = { n: 2 ** 10, r: 8, p: 1 }
const KEY_LENGTH = 32

function cost(): { n: number; r: number; p: number } {
  return process.env.NODE_ENV === 'test' && process.env.TOLK_TEST_CHEAP_PASSWORDS === '1' ? TEST_COST : COST
}
/** Longest password accepted: scrypt reads all of it, and a megabyte-long one is a denial of service, not a password. */
export const MAX_PASSWORD_LENGTH = 256
/** Shortest password accepted (NIST SP 800-63B: at least 8). */
export const MIN_PASSWORD_LENGTH = 8

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  // maxmem above 128 * N * r, which node's 32 MiB default does not leave room for.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r }
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))))
}

/** The stored form of a password: `scrypt$N$r$p$<salt>$<hash>`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const { n, r, p } = cost()
  const key = await derive(password, salt, n, r, p, KEY_LENGTH)
  return ['scrypt', n, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** True when `password` matches `stored`; compares in constant time, and a malformed hash matches nothing. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const expected = Buffer.from(parts[5] ?? '', 'base64url')
  if (![n, r, p].every(Number.isInteger) || expected.length === 0) return false
  const key = await derive(password, salt, n, r, p, expected.length)
  return timingSafeEqual(key, expected)
}

let dummy: Promise<string> | undefined
/**
 * A hash no password is known for: checking against it when the e-mail is unknown (or has no password) costs what a
 * real check costs, so the time of the answer does not tell which e-mails have accounts.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('hex'))
  return dummy
}

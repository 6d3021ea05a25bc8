import { describe, expect, it } from 'vitest'
import { backoffDelay, withRetry } from './retry.js'

const policy = { attempts: 4, baseMs: 100, maxMs: 500 }

describe('backoffDelay', () => {
  it('doubles up to the cap, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, policy, () => 1))).toEqual([100, 200, 400, 500, 500])
    expect(backoffDelay(1, policy, () => 0)).toBe(100)
  })
})

describe('withRetry', () => {
  it('stops retrying at the first error it is told not to retry', async () => {
    let tries = 0
    const waits: number[] = []
    await expect(withRetry(async () => { tries++; throw new Error('4xx') }, () => false, policy, async (ms) => void waits.push(ms))).rejects.toThrow('4xx')
    expect(tries).toBe(1)
    expect(waits).toEqual([])
  })

  it('waits between tries and rethrows the last error', async () => {
    let tries = 0
    const waits: number[] = []
    await expect(withRetry(async () => { throw new Error(`try ${++tries}`) }, () => true, policy, async (ms) => void waits.push(ms))).rejects.toThrow('try 4')
    expect(waits).toHaveLength(3)
  })
})

import { describe, expect, it } from 'vitest'
import { SentAhead } from './sent-ahead.js'

/** A statement answered after `ms`, with `value` or with the error `fail`. */
const answered = <T>(ms: number, value: T, fail?: string) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(fail)) : resolve(value)), ms))

describe('SentAhead', () => {
  it('answers each statement with its own result when none fails', async () => {
    const sent = new SentAhead()
    const a = sent.send(answered(5, 'a'))
    const b = sent.send(answered(1, 'b'))
    expect(await sent.wait(b)).toBe('b')
    expect(await sent.wait(a)).toBe('a')
    await expect(sent.settle()).resolves.toBeUndefined()
  })

  it('reports the first failure to whoever waits, not the aborted-transaction error of a later statement', async () => {
    const sent = new SentAhead()
    sent.send(answered(1, 0, 'duplicate key value violates unique constraint "units_workspace_hash_key"'))
    const later = sent.send(answered(3, 0, 'current transaction is aborted, commands ignored until end of transaction block'))
    const unrelated = sent.send(answered(10, 'still answered'))
    await expect(sent.wait(later)).rejects.toThrow('units_workspace_hash_key')
    // Waiting on a failed statement waits for every statement sent: nothing is left running behind the error.
    await expect(unrelated).resolves.toBe('still answered')
    await expect(sent.settle()).rejects.toThrow('units_workspace_hash_key')
  })

  it('settles only after every statement was answered, and then rejects with the first failure', async () => {
    const sent = new SentAhead()
    let lastDone = false
    sent.send(answered(2, 0, 'deadlock detected'))
    sent.send(answered(15, 0).then(() => { lastDone = true }))
    await expect(sent.settle()).rejects.toThrow('deadlock detected')
    expect(lastDone).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { SentAhead } from './sent-ahead.js'

/** A statement answered after `ms`, with `value` or with the error `fail`. */
const answered = <T>(ms: number, value: T, fail?: string) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(fail)) : resolve(value)), ms))

/** A statement the driver never answers (written to a connection that was lost before it went out). */
const never = () => new Promise<never>(() => {})

describe('SentAhead', () => {
  it('answers each statement with its own result, and settles once all are answered', async () => {
    const sent = new SentAhead()
    let lastDone = false
    const a = sent.send(answered(5, 'a'))
    const b = sent.send(answered(1, 'b'))
    sent.send(answered(15, 0).then(() => { lastDone = true }))
    expect(await sent.wait(b)).toBe('b')
    expect(await sent.wait(a)).toBe('a')
    await sent.settle()
    expect(lastDone).toBe(true)
  })

  it('reports the first failure to whoever waits, not the aborted-transaction error of a later statement', async () => {
    const sent = new SentAhead()
    sent.send(answered(1, 0, 'duplicate key value violates unique constraint "units_workspace_hash_key"'))
    const later = sent.send(answered(3, 0, 'current transaction is aborted, commands ignored until end of transaction block'))
    await expect(sent.wait(later)).rejects.toThrow('units_workspace_hash_key')
    await expect(sent.settle()).rejects.toThrow('units_workspace_hash_key')
  })

  it('does not wait for a statement that is never answered once another failed (a connection lost mid-push)', async () => {
    const sent = new SentAhead()
    sent.send(answered(2, 0, 'write CONNECTION_CLOSED 127.0.0.1:5432'))
    const stuck = sent.send(never())
    await expect(sent.wait(stuck)).rejects.toThrow('CONNECTION_CLOSED')
    await expect(sent.settle()).rejects.toThrow('CONNECTION_CLOSED')
  })
})

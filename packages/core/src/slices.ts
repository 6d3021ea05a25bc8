// Long loops over a big file's entries (200,000 in a push) hand the thread back to other requests now and then
// (issue 18): one pass over every entry in one go stalled every other request for a second or more.

/** Items a loop handles between two turns of the event loop (a few milliseconds of work each). */
export const SLICE = 2_000

/** Resolves on the next turn of the event loop, after the I/O that is waiting. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** True at every SLICE-th item after the first: where a long loop awaits nextTurn(). */
export const sliceEnds = (i: number): boolean => i > 0 && i % SLICE === 0

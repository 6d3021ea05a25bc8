/**
 * A promise started now and awaited later, so the database works on it meanwhile: should the caller fail before
 * awaiting it, its failure is not left unhandled (the await still sees it).
 */
export function awaitedLater<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {})
  return p
}

/**
 * Waits for statements sent back to back in one transaction and fails with the first failure in the order they were
 * sent: after a statement fails, every later one only reports the aborted transaction, and the first one's error
 * (a unique violation, say, that runs the op again) is the one that says what happened.
 */
export async function allInSentOrder<T extends readonly unknown[]>(sent: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(sent)
  const failed = settled.find((s) => s.status === 'rejected')
  if (failed) throw failed.reason
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> }
}

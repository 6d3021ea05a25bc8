/**
 * A promise started now and awaited later, so the database works on it meanwhile: should the caller fail before
 * awaiting it, its failure is not left unhandled (the await still sees it).
 */
export function awaitedLater<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {})
  return p
}

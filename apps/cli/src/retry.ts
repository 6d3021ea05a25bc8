// spec § Errors, retry rules: 5xx (and lost connections) are retried with backoff; 4xx never are.

/** How often and how patiently to retry. */
export interface RetryPolicy {
  /** Total tries, the first one included. */
  attempts: number
  baseMs: number
  maxMs: number
}

/** The default: 4 tries, 250 ms doubling up to 4 s. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 250, maxMs: 4000 }

/** The wait before retry number `attempt` (0-based): exponential, capped, with jitter in [50%, 100%]. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt)
  return Math.round(ceiling * (0.5 + random() / 2))
}

/** Runs `fn` until it succeeds, `isRetryable` says no, or the attempts are spent; rethrows the last error. */
export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  isRetryable: (err: unknown) => boolean,
  policy: RetryPolicy,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt)
    } catch (err) {
      if (attempt + 1 >= policy.attempts || !isRetryable(err)) throw err
      await sleep(backoffDelay(attempt, policy))
    }
  }
}

import type { TokenUsage } from '@tolk/ai'

/** Token usage as job and audit outputs write it: snake_case like every other field. */
export function usageOut(u: TokenUsage) {
  return { input_tokens: u.inputTokens, output_tokens: u.outputTokens, cache_read_tokens: u.cacheReadTokens, cache_write_tokens: u.cacheWriteTokens, requests: u.requests }
}

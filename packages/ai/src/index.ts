/**
 * @tolk/ai: translation providers (anthropic, pseudo), the translation prompt builder, token
 * protection of placeholders and do-not-translate terms, and the output checks.
 * Depends on no other workspace package: core passes placeholders and glossary in.
 */

import { createAnthropicProvider } from './anthropic.js'
import { createPseudoProvider } from './pseudo.js'
import type { TranslationProvider } from './provider.js'

export type {
  AcceptedItem,
  CheckCode,
  CheckFailure,
  FailedItem,
  GlossaryTerm,
  ItemResult,
  MemoryReference,
  PluralCategory,
  PluralForms,
  ProviderErrorCode,
  ProviderName,
  TokenUsage,
  TranslateBatchRequest,
  TranslateBatchResult,
  TranslateItem,
  TranslateOptions,
  TranslationProvider,
} from './provider.js'
export { addUsage, emptyUsage, ProviderError } from './provider.js'
export { buildTemplatePrompt, TEMPLATE_TOOL_NAME, SAMPLE_PROMPT_CHARS } from './learn-format.js'
export type { TemplateAnswer, TemplateRequest } from './provider.js'
export { createAnthropicProvider, DEFAULT_MAX_RETRIES, DEFAULT_MODEL } from './anthropic.js'
export type { AnthropicProviderOptions } from './anthropic.js'
export { createPseudoProvider, PSEUDO_MODEL, pseudoLocalize } from './pseudo.js'
export { checkModelOutput, checkTranslation, countGraphemes, describeFailures, hasTermInSource, toItemResult } from './checks.js'
export type { CheckInput, ModelOutput, OutputVerdict } from './checks.js'
export { pluralCategoriesOf } from './plural.js'
export { batchGlossary, DEFAULT_GLOSSARY_BUDGET_TOKENS, estimateTokens, selectGlossary, stem, termUses, usesTerm } from './glossary.js'
export { prepareIcu, restoreIcu } from './icu/message.js'
export type { IcuPrepared } from './icu/message.js'
export { parseIcuTree } from './icu/tree.js'
export { protectItem } from './item.js'
export type { ProtectedItem } from './item.js'
export { protect, protectRules, restore, tokenOf, TokenTable } from './protect.js'
export type { ProtectRule, Restored } from './protect.js'
export * from './quality/index.js'
export type { AuditModelFinding, AuditRequest, AuditResult, AuditSample } from './audit/port.js'
export type { DuplicateJudgeRequest, DuplicateJudgeResult, DuplicatePairItem, DuplicateVerdict } from './dedupe/port.js'
export { JUDGE_TOOL_NAME } from './dedupe/anthropic-dedupe.js'
export {
  buildRetryPrompt,
  buildTranslatePrompt,
  parseTranslateAnswer,
  systemBlocks,
  TRANSLATION_TOOL_NAME,
  translationTool,
} from './prompts/translate.js'
export type { ParsedAnswer, RetryItem, TranslatePrompt } from './prompts/translate.js'

/** The environment variables createProvider reads. */
export interface AiEnv {
  ANTHROPIC_API_KEY?: string | undefined
  ANTHROPIC_BASE_URL?: string | undefined
  TOLK_AI_MODEL?: string | undefined
}

/**
 * Picks the provider for this process: anthropic when ANTHROPIC_API_KEY is set (model from
 * TOLK_AI_MODEL, default DEFAULT_MODEL; API at ANTHROPIC_BASE_URL when set), else pseudo.
 *
 * @example
 * const ai = createProvider(process.env)
 * const result = await ai.translateBatch({ sourceLocale: 'en', targetLocale: 'de', glossary: [], rules: [],
 *   items: [{ id: 'u1', text: 'Hello, %s!', placeholders: ['%s'] }] })
 */
export function createProvider(env: AiEnv, options: { maxRetries?: number; timeoutMs?: number } = {}): TranslationProvider {
  const apiKey = env.ANTHROPIC_API_KEY?.trim()
  if (!apiKey) return createPseudoProvider()
  const baseURL = env.ANTHROPIC_BASE_URL?.trim()
  const model = env.TOLK_AI_MODEL?.trim()
  return createAnthropicProvider({
    apiKey,
    ...(baseURL ? { baseURL } : {}),
    ...(model ? { model } : {}),
    ...options,
  })
}

/**
 * The provider port of packages/ai: what core sends to translate a batch of strings and what it
 * gets back. Nothing here depends on a vendor SDK.
 */

import type { AuditRequest, AuditResult } from './audit/port.js'
import type { DuplicateJudgeRequest, DuplicateJudgeResult } from './dedupe/port.js'
import type { TokenUsage } from './usage.js'

export { addUsage, emptyUsage, type TokenUsage } from './usage.js'

/** A CLDR plural category name (zero, one, two, few, many, other). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** Plural forms of one string: CLDR category -> text. */
export type PluralForms = Partial<Record<PluralCategory, string>>

/** One glossary term as it applies to the target locale of a batch. */
export interface GlossaryTerm {
  /** The term as written in source strings (matched case-sensitively, whole word, when doNotTranslate). */
  term: string
  /** True for brand and product names: the term is copied verbatim and never shown to the model as text. */
  doNotTranslate: boolean
  /** The required translation of the term in the batch's target locale, if the glossary has one. */
  translation?: string
}

/** One string to translate. */
export interface TranslateItem {
  /** The caller's id (a unit id); echoed in the result. */
  id: string
  /** A key name that points at the string, as context for the model. */
  key?: string
  /** Source text. For a plural string: the `other` form. */
  text: string
  /** Source plural forms, when the string has them. */
  plural?: PluralForms
  /** Context for translators (unit description, developer comment). */
  description?: string
  /** Maximum length of the translation in user-perceived characters (grapheme clusters). */
  maxLength?: number | null
  /** Placeholder texts found in the source (by @tolk/formats' extractor), e.g. `%1$s`, `{name}`, `<b>`. */
  placeholders: string[]
  /** Plural categories the target locale needs; defaults to Intl.PluralRules of the target locale. */
  pluralCategories?: PluralCategory[]
  /** Of those, the ones a translation may leave out because the locale's files rarely carry them (French `many`). */
  optionalPluralCategories?: PluralCategory[]
  /** Reviewed or approved translations of similar sources (translation memory), closest first. */
  references?: MemoryReference[]
  /** Strings around this one in its file, in file order (negative offsets before it). */
  neighbours?: { offset: number; key?: string; text: string }[]
  /** A reviewer's note asking for this retranslation: an instruction for this string. */
  reviewerNote?: string
}

/** A remembered translation shown to the model as a reference for one item. */
export interface MemoryReference {
  source: string
  translation: string
  plural?: PluralForms
  /** pg_trgm similarity of the sources, 0..1. */
  similarity: number
  status: 'reviewed' | 'approved'
}

/** A batch of strings from one project into one target locale. */
export interface TranslateBatchRequest {
  sourceLocale: string
  targetLocale: string
  /** Workspace product context: what the product is, audience, voice, tone (spec rule 4). */
  productContext?: string
  /** Description of the project the strings belong to (spec rule 4). */
  projectDescription?: string
  /** Glossary terms (spec rule 5), with translations already picked for the target locale; protection and checks use them. */
  glossary: GlossaryTerm[]
  /**
   * The terms of the cached system block when the glossary is budgeted (see glossary.ts); the prompt then lists
   * the terms of `glossary` missing here with the batch. Absent: `glossary` goes into the cached block.
   */
  glossaryCached?: GlossaryTerm[]
  /** Bodies of the active rules that apply: global ones and those for the target locale. */
  rules: string[]
  items: TranslateItem[]
}

/** Why an output failed its checks; `subject` is the placeholder, term or category concerned. */
export interface CheckFailure {
  code: CheckCode
  message: string
  subject?: string
}

/** Kinds of check failure. */
export type CheckCode =
  | 'empty'
  | 'placeholder_mismatch'
  | 'invented_token'
  | 'do_not_translate_changed'
  | 'glossary_translation_missing'
  | 'too_long'
  | 'plural_forms_mismatch'
  | 'missing_in_answer'
  | 'malformed_answer'
  | 'request_failed'

/** A translation that passed every check. `text` is the `other` form when `plural` is set. */
export interface AcceptedItem {
  id: string
  ok: true
  text: string
  plural?: PluralForms
}

/**
 * A string whose output failed its checks twice (or never came back). The caller files a
 * translation_review task with the candidate and the reason; it is not stored as machine output.
 */
export interface FailedItem {
  id: string
  ok: false
  /** The last output the model gave, placeholders restored; absent when there was none. */
  candidate?: string
  plural?: PluralForms
  /** One line per failure, for people. */
  reason: string
  failures: CheckFailure[]
}

/** Outcome for one item of a batch. */
export type ItemResult = AcceptedItem | FailedItem

/** What translateBatch returns: one result per item, in the order of the request. */
export interface TranslateBatchResult {
  items: ItemResult[]
  usage: TokenUsage
  provider: ProviderName
  /** The model id, or `pseudo` for pseudo-localization. */
  model: string
}

/** Provider names. */
export type ProviderName = 'anthropic' | 'pseudo'

/** Options of a single translateBatch call. */
export interface TranslateOptions {
  signal?: AbortSignal
  /** Items sent per request; the batch is split into requests of this size. Default: all in one. */
  maxItemsPerRequest?: number
}

/** The port core uses to translate strings. */
export interface TranslationProvider {
  readonly name: ProviderName
  readonly model: string
  translateBatch(req: TranslateBatchRequest, opts?: TranslateOptions): Promise<TranslateBatchResult>
  /** Writes a learned format's template for a sample (learn-format.ts); the pseudo provider answers null. */
  writeTemplate(req: TemplateRequest, opts?: { signal?: AbortSignal }): Promise<TemplateAnswer>
  /** Reviews a sample of one locale's translations (audits, issue 15); absent or `ran: false` means no model took part. */
  auditLocale?(req: AuditRequest, opts?: { signal?: AbortSignal }): Promise<AuditResult>
  /** Says which candidate duplicate pairs are one string written twice (dedupe_scan, issue 25); absent: no model judges. */
  judgeDuplicates?(req: DuplicateJudgeRequest, opts?: { signal?: AbortSignal }): Promise<DuplicateJudgeResult>
}

/** Kinds of provider failure that abort a whole request. */
export type ProviderErrorCode =
  | 'rate_limited'
  | 'overloaded'
  | 'server_error'
  | 'auth_failed'
  | 'bad_request'
  | 'connection_failed'
  | 'aborted'

/**
 * Thrown when the model API cannot be reached or refuses the request after the SDK's retries.
 * `isRetryable` tells the job runner whether running the job again later can help.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }

  get isRetryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'overloaded' || this.code === 'server_error' || this.code === 'connection_failed'
  }
}


// Learned formats (issue 16): what the learn_format job asks of a provider (learn-format.ts builds the request).

/** What the job asks for: a template for one sample file. */
export interface TemplateRequest {
  /** The sample's path (its extension says much). */
  path: string
  sample: string
  hint?: string
  /** The template language's rules (TEMPLATE_GUIDE of @tolk/formats). */
  guide: string
  /** Files and the templates that read them. */
  examples: readonly { sample: string; template: unknown }[]
  /** Earlier attempts of this job, each with what the engine found wrong, oldest first. */
  attempts: readonly { template: unknown; errors: readonly string[] }[]
}

/** The model's answer: a template (any JSON, checked by the caller), or null when it gave none. */
export interface TemplateAnswer {
  template: unknown
  usage: TokenUsage
  model: string
}

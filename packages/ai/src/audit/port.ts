/**
 * The audit part of the provider port: what core sends to have a model review a sample of one
 * locale's translations, and what comes back. Self-contained so provider.ts only names it.
 */
import type { TokenUsage } from '../usage.js'

// Structural copies of provider.ts' shapes: provider.ts names this module, so importing it back would be a circle.
type PluralForms = Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many' | 'other', string>>
interface GlossaryTerm {
  term: string
  doNotTranslate: boolean
  translation?: string
}

/** One translation shown to the model, with what the deterministic checks found in it. */
export interface AuditSample {
  /** The caller's id (a unit id); the prompt uses short ids instead. */
  id: string
  key?: string
  project?: string
  status: string
  source: string
  sourcePlural?: PluralForms | null
  text: string
  plural?: PluralForms | null
  maxLength?: number | null
  /** Messages of the deterministic findings of this translation. */
  findings: string[]
}

/** A holistic review of one locale. */
export interface AuditRequest {
  sourceLocale: string
  targetLocale: string
  /** The free-form question of run_audit; a default asks how good the locale is. */
  question?: string
  productContext?: string
  projects: { name: string; description: string }[]
  glossary: GlossaryTerm[]
  rules: string[]
  /** What the deterministic checks found over the whole locale, one line per check. */
  checkSummary: string
  /** Translations checked, for the model's sense of scale. */
  translations: number
  samples: AuditSample[]
  /** Samples per request. */
  batchSize: number
  /** HTTP requests at most, the closing summary and retries included. */
  maxRequests: number
}

/** A finding of the model about one sample; `fix` is a full corrected translation. */
export interface AuditModelFinding {
  id: string
  check: string
  message: string
  fix?: { text: string; plural?: PluralForms }
}

/** The model's review. `ran` is false when no model took part (the pseudo provider). */
export interface AuditResult {
  ran: boolean
  answer: string
  /** 0 to 100, or null when no model ran. */
  score: number | null
  findings: AuditModelFinding[]
  glossary: { term: string; translation?: string; doNotTranslate: boolean; reason: string }[]
  rules: { body: string; reason: string; locale: string | null }[]
  /** Samples the model was shown. */
  sampled: number
  usage: TokenUsage
  model: string
  /**
   * Why the model's review stopped before the end of the sample (the model API failing after some batches were
   * answered); what came back before is kept. A failure before any answer is thrown instead.
   */
  stopped?: string
  /** Answers that could not be read (no tool call, or not JSON): their batches count as sampled but add nothing. */
  unreadable?: number
  /** Requests sent again after a retryable failure (they count against the request budget). */
  retries?: number
}

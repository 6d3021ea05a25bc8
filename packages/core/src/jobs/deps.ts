import type { TranslationProvider } from '@tolk/ai'
import type { Db, Job, JobType } from '@tolk/db'
import type { JobPayload } from '../contract/job-types.js'
import type { AuditBudget } from './audit-budget.js'

/** What job processors need: the database, an AI provider and the batch size. */
export interface JobDeps {
  db: Db
  ai: TranslationProvider
  batchSize: number
  clock?: () => Date
  /** A running job silent this long is taken over (default STALE_AFTER_MS). */
  staleAfterMs?: number
  /** AI requests a job keeps in flight at once (default 4). */
  aiConcurrency?: number
  /** Estimated tokens the whole glossary may take in the cached prompt (default DEFAULT_GLOSSARY_BUDGET_TOKENS). */
  glossaryBudgetTokens?: number
  /** Look up the translation memory before sending strings (default true; bench/translate turns it off to compare). */
  useMemory?: boolean
  /** The audit job's AI budget (default DEFAULT_AUDIT_BUDGET). */
  audit?: AuditBudget
  /** Woken when a finished job wrote webhook events (absent: a dispatcher's poll finds them). */
  webhooks?: { kick(): void }
  /** Stop at the plan's monthly AI translations (TOLK_PLAN_LIMITS; docs/billing.md). */
  enforcePlanLimits?: boolean
}

/** A claimed job of type T: its payload as the type's schema read it when the row was written (queueJob). */
export type JobOf<T extends JobType> = Omit<Job, 'type' | 'payload'> & { type: T; payload: JobPayload<T> }

import { DEFAULT_GLOSSARY_BUDGET_TOKENS, termUses, type TokenUsage } from '@tolk/ai'
import {
  addAiTranslations, heartbeatJob, leaseUnits, lockTranslationsOf, releaseLeases, translationStatesOf, unitsToTranslate, unitsTranslatedByJob, writeTranslationsIfUnchanged, withTx,
  type Db, type Job, type SeenTranslation, type TranslationWrite, type WorkUnit,
} from '@tolk/db'
import { loadBatchContext, loadGlossaryTerms } from './batch-context.js'
import { lookupMemory, memoryNote, prepareBatch } from './translate-items.js'
import type { JobDeps, JobOf } from './deps.js'
import { countFlagged } from '../services/quality.js'
import { fileReviews } from './translation-reviews.js'
import { aiAllowance, limitDetail, monthOf } from '../services/billing/limits.js'

/** How long a batch's units stay leased to a job: longer than any AI request with its retries. */
const LEASE_MS = 10 * 60_000

interface Outcome {
  translated: number
  tasks_filed: number
  kept: number
  leased_elsewhere: number
  /** Strings of the work list that had a translation by the time their batch was formed (a file imported meanwhile): not sent. */
  skipped_translated: number
  /** Translations taken from an exact approved match in the translation memory, without a model call. */
  from_memory: number
  failed: { unit_id: string; locale: string; reason: string; candidate?: string }[]
  /** Accepted translations the quality checks flag (issue 15). */
  check_warnings: number
  usage: TokenUsage
  provider: string
  model: string
  /** Set when the plan's monthly AI translations ran out: the strings left untranslated (still missing) and why. */
  plan_limit?: { reason: 'plan_limit'; left_missing: number; detail: string }
}

/**
 * Translates what the job asks for, batch by batch. Each batch is formed from what is still missing at that moment
 * (a translation file imported since the job listed its work takes its strings out: skipped_translated), and machine
 * output is written only where the row is still what the job read (no translation, or for a job naming units its own
 * kind of machine output), by a conditional write, so a reviewed, approved, imported or human translation is never
 * replaced, even one that appeared while the model was answering, and a re-run after a crash redoes only what it had
 * not written.
 */
export async function processTranslate(deps: JobDeps, job: JobOf<'translate'>): Promise<Outcome> {
  const payload = job.payload
  const out: Outcome = { translated: 0, tasks_filed: 0, kept: 0, leased_elsewhere: 0, skipped_translated: 0, from_memory: 0, failed: [], check_warnings: 0, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, requests: 0 }, provider: deps.ai.name, model: deps.ai.model }
  let done = 0
  const month = monthOf(deps.clock?.() ?? new Date())
  // What the plan's monthly allowance left out: counted, never sent to the model, left missing.
  const overLimit = (n: number, detail: string) => {
    if (n <= 0) return
    out.plan_limit = { reason: 'plan_limit', left_missing: (out.plan_limit?.left_missing ?? 0) + n, detail }
  }
  const limited = deps.enforcePlanLimits ? { month, overLimit } : undefined
  for (const locale of payload.locales) {
    const listed = await unitsToTranslate(deps.db, { workspaceId: job.workspace_id, locale, projectId: payload.project_id, unitIds: payload.unit_ids })
    const total = listed.length
    // The memory first: units it answers exactly are written now and leave the batches, saving whole model calls.
    // A unit with a reviewer's note (a retranslation asked for) goes to the model even when the memory knows it exactly.
    const memory = deps.useMemory ?? true ? await lookupMemory(deps.db, job.workspace_id, locale, listed, payload) : { hits: [], references: new Map() }
    if (memory.hits.length > 0) {
      const fromMemory = await writeMachine(deps, job, locale, memory.hits.map((h) => ({ unitId: h.unit.id, text: h.match.text, plural: h.match.plural, note: memoryNote(h.match) })), Boolean(payload.unit_ids), limited)
      out.from_memory += fromMemory
      out.translated += fromMemory
      out.kept += memory.hits.length - fromMemory
      done += memory.hits.length
    }
    const answered = new Set(memory.hits.map((h) => h.unit.id))
    const work = listed.filter((u) => !answered.has(u.id))
    // How many of this locale's strings use each term: "most used" for a glossary over its budget, counted once so
    // every batch of the job gets the same cached glossary block.
    const uses = termUses(await loadGlossaryTerms(deps.db, job.workspace_id, locale), work.flatMap((u) => [u.source_text, ...Object.values(u.source_plural ?? {})]))
    const batches = batchesByFile(work, deps.batchSize)
    // A few requests in flight at once: a job's wall time is bounded by the model's latency, not by CPU.
    await inPool(batches, deps.aiConcurrency ?? 4, async (candidates) => {
      // Another job may be translating some of these right now: it will write them; this job skips them.
      const held = await leaseUnits(deps.db, job.id, locale, candidates.map((u) => u.id), LEASE_MS)
      // A job that held these units before us may have finished them since this job listed its work.
      const finished = await alreadyTranslated(deps.db, [...held], locale, Boolean(payload.unit_ids), job.id)
      const formed = candidates.filter((u) => held.has(u.id) && !finished.has(u.id))
      let batch = formed
      out.leased_elsewhere += candidates.length - held.size
      out.skipped_translated += finished.size
      if (limited && batch.length > 0) {
        // Ask the model only for what the month's allowance can still take (writeMachine checks again, locked).
        const room = await withTx(deps.db, (tx) => aiAllowance(tx, job.workspace_id, month))
        if (room.left !== null && room.left < batch.length) {
          overLimit(batch.length - room.left, limitDetail('AI translations', room.plan.ai_translations_per_month ?? 0, room.plan, 'ai_translations_per_month'))
          batch = batch.slice(0, room.left)
        }
      }
      if (batch.length > 0) {
        const items = await prepareBatch(deps.db, locale, batch, payload, memory.references)
        const context = await loadBatchContext(deps.db, job.workspace_id, batch[0]!.project_id, locale, batch.flatMap((u) => [u.source_text, ...Object.values(u.source_plural ?? {})]), {
          uses, budgetTokens: deps.glossaryBudgetTokens ?? DEFAULT_GLOSSARY_BUDGET_TOKENS,
        })
        const result = await deps.ai.translateBatch({
          sourceLocale: context.sourceLocale,
          targetLocale: locale,
          ...(context.productContext ? { productContext: context.productContext } : {}),
          ...(context.projectDescription ? { projectDescription: context.projectDescription } : {}),
          glossary: context.glossary,
          ...(context.glossaryCached ? { glossaryCached: context.glossaryCached } : {}),
          rules: context.rules,
          items,
        })
        addUsage(out.usage, result.usage)
        const accepted = result.items.filter((r) => r.ok)
        const failed = result.items.filter((r) => !r.ok)
        for (const r of failed) out.failed.push({ unit_id: r.id, locale, reason: r.reason, ...(r.candidate ? { candidate: r.candidate } : {}) })
        // Output that failed its checks twice is not stored as machine output: a person or agent decides.
        out.tasks_filed += await fileReviews(deps.db, job, locale, batch, failed)
        const written = await writeMachine(deps, job, locale, accepted.map((r) => ({ unitId: r.id, text: r.text, plural: r.plural ?? null })), Boolean(payload.unit_ids), limited)
        out.translated += written
        out.check_warnings += countFlagged(accepted.map((r) => ({ unit: batch.find((u) => u.id === r.id)!, text: r.text, plural: r.plural ?? null })), { sourceLocale: context.sourceLocale, locale, glossary: context.glossary })
        out.kept += accepted.length - written
      }
      await releaseLeases(deps.db, job.id, locale, formed.map((u) => u.id))
      done += candidates.length
      await heartbeatJob(deps.db, job.id, { locale, done, total_in_locale: total })
    })
  }
  return out
}

/** Units that need no translation any more: translated meanwhile (or, when replacing machine output, redone by this job). */
async function alreadyTranslated(db: Db, unitIds: string[], locale: string, replaceMachine: boolean, jobId: string): Promise<Set<string>> {
  if (unitIds.length === 0) return new Set()
  const rows = await translationStatesOf(db, unitIds, locale)
  const mine = replaceMachine ? await unitsTranslatedByJob(db, jobId, locale, unitIds) : new Set<string>()
  return new Set(rows.filter((t) => !replaceMachine || !(t.status === 'machine' && t.origin === 'ai') || mine.has(t.unit_id)).map((t) => t.unit_id))
}

/**
 * Cuts a work list (in project, file, position order) into batches of at most `size`. A batch never spans two
 * projects (the cached system block is per project and locale) and never splits a file that fits in one batch: a
 * new batch starts when the file changes, unless the whole next file fits in the room the current batch has left,
 * so small files share a request instead of each paying a request's overhead. A file larger than `size` is cut
 * into consecutive slices. Neighbours are read from each string's own file, whatever else is in its batch.
 */
function batchesByFile<T extends Pick<WorkUnit, 'project_id' | 'file_id'>>(work: readonly T[], size: number): T[][] {
  const files: T[][] = []
  for (const u of work) {
    const last = files.at(-1)
    if (last && last[0]!.file_id === u.file_id && last[0]!.project_id === u.project_id) last.push(u)
    else files.push([u])
  }
  const batches: T[][] = []
  for (const file of files) {
    const current = batches.at(-1)
    if (current && current[0]!.project_id === file[0]!.project_id && current.length + file.length <= size) {
      current.push(...file)
      continue
    }
    for (let i = 0; i < file.length; i += size) batches.push(file.slice(i, i + size))
  }
  return batches
}

/**
 * Writes accepted output as machine translations where the target is still what this job may replace: no translation,
 * or (replacing machine output) the AI's own. The write is conditional on the row being unchanged since it was read
 * here, so a translation an import commits in between is kept. Returns how many were written.
 */
async function writeMachine(deps: JobDeps, job: Job, locale: string, items: { unitId: string; text: string; plural: Record<string, string> | null; note?: string }[], replaceMachine: boolean, limited?: { month: string; overLimit(n: number, detail: string): void }): Promise<number> {
  if (items.length === 0) return 0
  return withTx(deps.db, async (tx) => {
    // The month's usage row stays locked to the end of this transaction: what is written and counted fits the allowance.
    const room = limited ? await aiAllowance(tx, job.workspace_id, limited.month) : undefined
    const ids = items.map((i) => i.unitId)
    const current = await lockTranslationsOf(tx, ids, locale)
    const byUnit = new Map(current.map((t) => [t.unit_id, t]))
    // A re-run after a crash must not write a second history row for what this job already wrote.
    const mine = await unitsTranslatedByJob(tx, job.id, locale, ids)
    const writes: (TranslationWrite & { before: SeenTranslation | null })[] = []
    for (const item of items) {
      const existing = byUnit.get(item.unitId)
      if (mine.has(item.unitId)) continue
      if (existing && !(replaceMachine && existing.status === 'machine' && existing.origin === 'ai')) continue
      writes.push({
        unit_id: item.unitId, locale, text: item.text, plural: item.plural, status: 'machine', origin: 'ai', ...(item.note ? { note: item.note } : {}),
        before: existing ? { text: existing.text, plural: existing.plural, status: existing.status } : null,
      })
    }
    if (room && room.left !== null && writes.length > room.left) {
      limited!.overLimit(writes.length - room.left, limitDetail('AI translations', room.plan.ai_translations_per_month ?? 0, room.plan, 'ai_translations_per_month'))
      writes.splice(room.left)
    }
    const written = await writeTranslationsIfUnchanged(tx, job.workspace_id, writes, { actor_type: 'ai', actor_id: 'ai', actor_name: 'AI', surface: 'ai', job_id: job.id })
    await addAiTranslations(tx, job.workspace_id, limited?.month ?? monthOf(deps.clock?.() ?? new Date()), written.length)
    return written.length
  })
}

function addUsage(total: TokenUsage, add: TokenUsage): void {
  total.inputTokens += add.inputTokens
  total.outputTokens += add.outputTokens
  total.cacheReadTokens += add.cacheReadTokens
  total.cacheWriteTokens += add.cacheWriteTokens
  total.requests += add.requests
}


/** Runs `fn` over `items` with at most `size` at once; the first failure rejects after the others settle. */
async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const errors: unknown[] = []
  const lane = async () => {
    while (next < items.length && errors.length === 0) {
      const item = items[next++]!
      try {
        await fn(item)
      } catch (err) {
        errors.push(err)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane))
  if (errors.length > 0) throw errors[0]
}

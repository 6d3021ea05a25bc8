import type { FailedItem } from '@tolk/ai'
import { translationsOf, unitSummaries, type Db, type Job, type WorkUnit } from '@tolk/db'
import { fileTasks } from '../services/file-tasks.js'
import { taskPriority } from '../services/task-priority.js'

/**
 * Files a translation_review for each string whose AI output failed its checks twice, with everything a reviewer
 * needs to decide without another call: the unit's source, its keys with names and files, description, max_length,
 * the candidate, the current translation and why it was filed. One open task per unit and locale.
 */
export async function fileReviews(db: Db, job: Job, locale: string, group: readonly WorkUnit[], failed: readonly FailedItem[]): Promise<number> {
  if (failed.length === 0) return 0
  const ids = failed.map((r) => r.id)
  const [summaries, current] = await Promise.all([unitSummaries(db, ids), translationsOf(db, ids, [locale])])
  return fileTasks(db, failed.map((r) => {
    const unit = group.find((u) => u.id === r.id)!
    const summary = summaries.get(r.id)
    const now = current.find((t) => t.unit_id === r.id)
    return {
      workspace_id: job.workspace_id, kind: 'translation_review' as const, subject: `${r.id}:${locale}`, job_id: job.id,
      filed_by: 'ai' as const, unit_id: r.id, locale, project_id: unit.project_id,
      priority: taskPriority('translation_review', { keys: summary?.key_count ?? 1 }),
      title: `Review the ${locale} translation of "${unit.source_text.slice(0, 80)}"`,
      payload: {
        unit_id: r.id, locale, key: unit.key_name, source: unit.source_text, source_plural: unit.source_plural,
        description: unit.description, comment: unit.comment, max_length: unit.max_length === null ? null : Number(unit.max_length),
        keys: summary?.keys ?? [], key_count: summary?.key_count ?? 0,
        current: now ? { text: now.text, plural: now.plural, status: now.status } : null,
        candidate: r.candidate ?? null, candidate_plural: r.plural ?? null, reason: r.reason, failures: r.failures,
      },
    }
  }))
}

import { holdPushTranslations } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { queueJob } from './queue-job.js'

/**
 * How long a push's auto-translation waits for more files of its project when the server is not told otherwise
 * (TOLK_AUTO_TRANSLATE_WAIT_MS): long enough for `tolk push --translations`, or a script pushing the source and then
 * its copies, to land every copy before the job lists what is missing.
 */
export const AUTO_TRANSLATE_WAIT_MS = 10_000

/** No push holds an auto-translate job back longer than this after it was queued, however often files arrive. */
export const AUTO_TRANSLATE_MAX_WAIT_MS = 10 * 60_000

/**
 * Holds back the project's queued auto-translate jobs while a push of its files runs and for the wait after it
 * (design: auto-translation waits for the files). Called when a push starts, it locks those job rows until the push
 * commits, so no runner takes one in the middle of an import; called again when the push ends, it measures the wait
 * from there. Returns the held jobs by locale (jobs of one locale), for a source push to add its new strings to.
 */
export async function holdAutoTranslate(ctx: AuthedContext, projectId: string): Promise<Map<string, string>> {
  const held = await holdPushTranslations(ctx.db, { workspaceId: ctx.workspaceId, projectId, waitMs: ctx.autoTranslateWaitMs ?? 0, maxWaitMs: AUTO_TRANSLATE_MAX_WAIT_MS })
  return new Map(held.filter((j) => j.locales.length === 1).map((j) => [j.locales[0]!, j.id]))
}

/**
 * Queues auto-translation of a project's missing strings into each locale, one job per locale so a fleet of workers
 * translates the locales side by side. A locale whose auto-translate job is still queued gets no second one: that job
 * lists what is missing when it starts, new strings included, and its start moves on by the wait. A new job starts
 * after the wait too, so translation files pushed right after their source are imported before it looks.
 */
export async function queueAutoTranslate(ctx: AuthedContext, projectId: string, locales: readonly string[], reason: 'push' | 'locale_added'): Promise<string[]> {
  const held = await holdAutoTranslate(ctx, projectId)
  const ids: string[] = []
  for (const locale of locales) {
    ids.push(held.get(locale) ?? await queueJob(ctx, 'translate', { project_id: projectId, locales: [locale], reason }, { waitMs: ctx.autoTranslateWaitMs ?? 0 }))
  }
  return ids
}

/**
 * Starting the learning of a format: the learn_format job of a file pattern (one per pattern while it is being
 * learned or waits for review), and push_file's answer for a file nothing reads yet.
 */
import { findLearnJobOfPattern, findLearnedFormatOfJob, lockLearnPattern, type Project } from '@tolk/db'
import type { AuthedContext } from '../context.js'
import { failAfterCommit, type CommittedFailure } from '../outcome.js'
import { queueJob } from './queue-job.js'
import { patternFromPath } from './locale-path.js'
import { requireProject, sourceLocaleOf } from './project-ref.js'

/**
 * The locale a pushed path holds, for push_file, learn_format and retry_with_hint alike: the given one, else the
 * project locale the path names (the longest, so pt-BR before pt), else the source. A multi-locale file holds every
 * locale, so its path names none: it is the given locale or the source. learn_format has no locale input, so a sample
 * `lang/de.ini` learns the pattern `lang/{locale}.ini` that push_file files it under, not `lang/de.{locale}.ini`.
 */
export function pushedLocaleOf(project: Project, sourceLocale: string, path: string, given?: string, isMultiLocale = false): string {
  if (given) return given
  if (isMultiLocale) return sourceLocale
  const found = [sourceLocale, ...project.target_locales].filter((l) => patternFromPath(path, l, false, project.locale_map).localeInPath)
  return found.sort((a, b) => b.length - a.length)[0] ?? sourceLocale
}

/** The file pattern a path falls under, as push_file would file it. */
export function patternOfPath(project: Project, path: string, locale: string): string {
  return patternFromPath(path, locale, false, project.locale_map).pattern
}

/**
 * learn_format and retry_with_hint: queues a learn_format job for a sample of the project's file at `path`, recorded
 * as activity; returns its id. `pattern` is given when the job learns again for a known pattern (retry_with_hint
 * carries its task's), else it is the one push_file files the path under.
 */
export async function learnFromSample(ctx: AuthedContext<'not_found'>, projectRef: string, req: { path: string; content: string; hint?: string | undefined; retryOf?: string; pattern?: string }): Promise<string> {
  const project = await requireProject(ctx, projectRef)
  const locale = pushedLocaleOf(project, await sourceLocaleOf(ctx), req.path)
  const pattern = req.pattern ?? patternOfPath(project, req.path, locale)
  // Held until commit, so a push of the pattern running now waits and then names this job (answerNotReady).
  await lockLearnPattern(ctx.db, ctx.workspaceId, project.id, pattern)
  const jobId = await queueLearnJob(ctx, project, { ...req, pattern, locale })
  ctx.activity({ summary: `started learn_format job for ${req.path}${req.hint ? ' with a hint' : ''}`, target: jobId, projectId: project.id })
  return jobId
}

/** Queues a learn_format job; the caller holds the pattern's lock. */
function queueLearnJob(ctx: AuthedContext, project: Project, req: { path: string; pattern: string; locale: string; content: string; hint?: string | undefined; retryOf?: string }): Promise<string> {
  return queueJob(ctx, 'learn_format', {
    project_id: project.id, path: req.path, pattern: req.pattern, locale: req.locale, content: req.content,
    ...(req.hint ? { hint: req.hint } : {}), ...(req.retryOf ? { retry_of: req.retryOf } : {}),
  })
}

/**
 * push_file of a file no built-in or active learned format reads: nothing of the file is stored; the learn_format job
 * of its pattern is named (a new one when none is queued, running, or waiting for review with a draft), and the push
 * answers 409 format_not_ready. A new job is committed before the answer, so the next push finds it; pushes at the
 * same time are serialized by the pattern's lock, so they start one job between them.
 */
export async function answerNotReady(ctx: AuthedContext<'format_not_ready'>, project: Project, path: string, locale: string, content: string, dryRun = false): Promise<CommittedFailure<'format_not_ready'>> {
  const pattern = patternOfPath(project, path, locale)
  // Reading the newest job and queueing one when there is none is one step: pushes of the pattern at once wait here
  // in turn (the lock is held until commit), and each after the first finds the job the first committed.
  await lockLearnPattern(ctx.db, ctx.workspaceId, project.id, pattern)
  const last = await findLearnJobOfPattern(ctx.db, ctx.workspaceId, project.id, pattern)
  const pending = last && (last.status === 'queued' || last.status === 'running' || (last.status === 'succeeded' && (await findLearnedFormatOfJob(ctx.db, ctx.workspaceId, last.id))?.status === 'draft'))
  const detail = (id: string) =>
    `No format reads ${path} yet; learn_format job ${id} learns one from it (get_job). Resolve its learn_format task (list_tasks) or make the draft active with approve_format, then push again.`
  if (pending) ctx.fail('format_not_ready', detail(last.id), { job_id: last.id })
  // A dry run queues nothing: it says what a real push would do.
  if (dryRun) ctx.fail('format_not_ready', `No format reads ${path} yet; a push without dry_run starts a learn_format job that learns one from it.`, { job_id: null })
  const jobId = await queueLearnJob(ctx, project, { path, pattern, locale, content: content.slice(0, 2_000_000) })
  ctx.activity({ summary: `started learn_format job for ${path}: no format reads it`, target: jobId, projectId: project.id })
  return failAfterCommit('format_not_ready', detail(jobId), { job_id: jobId })
}

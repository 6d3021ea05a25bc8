/**
 * The learn_format job (spec § learn_format): the model writes a template for the sample, the engine checks it (it
 * must read at least one entry, write the sample back byte for byte, and edit one value alone), and the errors go back
 * to the model, up to 3 attempts (fewer when the model API fails); then inference without AI. The result is a draft
 * format and a learn_format task.
 */
import { addUsage, emptyUsage, ProviderError, type TokenUsage } from '@tolk/ai'
import { findLearnedFormatOfJob, insertLearnedFormat, withTx, type Job } from '@tolk/db'
import { fileTasks } from '../services/file-tasks.js'
import { checkTemplateOffThread, inferTemplateOffThread } from '../services/parse-off-thread.js'
import { isFormatId, TEMPLATE_EXAMPLES, TEMPLATE_GUIDE, type Template, type TemplateCheck } from '@tolk/formats'
import { slugify } from '../services/slug.js'
import { taskPriority } from '../services/task-priority.js'
import type { JobDeps, JobOf } from './deps.js'

/** Model attempts before inference takes over. */
export const MAX_TEMPLATE_ATTEMPTS = 3
/** Entries the task shows; characters of the sample it carries. */
const TASK_ENTRIES = 20
const TASK_SAMPLE_CHARS = 100_000

/** What a learn_format job answers in its output. */
export interface LearnOutcome {
  format_id: string | null
  slug: string | null
  learned_by: 'ai' | 'inference' | null
  attempts: number
  entries_read: number
  note: string
  failed: { reason: string; errors?: string[] }[]
  /** The model API's failure (after the SDK's retries) that ended the model's attempts early, else null. */
  model_error: { code: string; status: number | null; message: string } | null
  /** What the chosen template cannot write (checkTemplate's probes): such values are left out of pulled files. */
  cannot_write: string[]
  usage: TokenUsage
  provider: string
  model: string
}

/** Runs a learn_format job; running it again after it stored its format answers the same format. */
export async function processLearnFormat(deps: JobDeps, job: JobOf<'learn_format'>): Promise<LearnOutcome> {
  const p = job.payload
  const base = { usage: emptyUsage(), provider: deps.ai.name, model: deps.ai.model }
  const done = await findLearnedFormatOfJob(deps.db, job.workspace_id, job.id)
  if (done) return { ...base, format_id: done.id, slug: done.slug, learned_by: null, attempts: 0, entries_read: 0, note: 'Already learned by an earlier run of this job.', failed: [], model_error: null, cannot_write: [] }

  const attempts: { template: unknown; errors: string[] }[] = []
  let usage = emptyUsage()
  let chosen: { template: Template; check: TemplateCheck; by: 'ai' | 'inference' } | null = null
  let modelError: ProviderError | null = null
  if (deps.ai.name !== 'pseudo') {
    for (let i = 0; i < MAX_TEMPLATE_ATTEMPTS && !chosen; i++) {
      let answer: Awaited<ReturnType<typeof deps.ai.writeTemplate>>
      try {
        answer = await deps.ai.writeTemplate({ path: p.path, sample: p.content, ...(p.hint ? { hint: p.hint } : {}), guide: TEMPLATE_GUIDE, examples: TEMPLATE_EXAMPLES, attempts })
      } catch (err) {
        // The model API failing after the SDK's own retries costs only the model's part: inference still learns the
        // format now (failing the job would leave the push waiting for retries), and the output says why.
        if (!(err instanceof ProviderError) || err.code === 'aborted') throw err
        modelError = err
        break
      }
      usage = addUsage(usage, answer.usage)
      if (answer.template === null) { attempts.push({ template: null, errors: ['The answer held no template: call submit_template with {"template": {...}}.'] }); continue }
      const check = await checkTemplateOffThread(answer.template, p.content)
      if (check.errors.length === 0 && check.template) chosen = { template: check.template, check, by: 'ai' }
      else attempts.push({ template: answer.template, errors: check.errors.slice(0, 10) })
    }
  }
  if (!chosen) {
    const inferred = await inferTemplateOffThread(p.path, p.content)
    if (inferred.template && inferred.check) chosen = { template: inferred.template, check: inferred.check, by: 'inference' }
  }
  const note = deps.ai.name === 'pseudo'
    ? 'No AI provider is configured (ANTHROPIC_API_KEY is not set): the template was inferred without AI.'
    : modelError
      ? `The model API failed (${modelError.code}${modelError.status ? `, status ${modelError.status}` : ''}) after ${attempts.length} attempt(s): ${chosen ? 'the template was inferred without AI' : 'inference found no template either'}. learn_format again to ask the model.`
      : chosen?.by === 'inference'
      ? `The model's templates failed ${attempts.length} time(s); the template was inferred without AI.`
      : chosen ? `Written by the model (attempt ${attempts.length + 1}) and checked on the sample.` : 'Neither the model nor inference found a template.'
  const out = {
    ...base, usage, attempts: attempts.length + (chosen?.by === 'ai' ? 1 : 0), cannot_write: chosen?.check.unwritable ?? [],
    model_error: modelError ? { code: modelError.code, status: modelError.status ?? null, message: modelError.message } : null,
  }
  if (!chosen) {
    return {
      ...out, format_id: null, slug: null, learned_by: null, entries_read: 0, note,
      failed: [{ reason: 'No template reads the sample: learn_format again with a hint saying how the file is laid out.', errors: attempts.flatMap((a) => a.errors).slice(0, 10) }],
    }
  }
  const { template, check, by } = chosen
  const stored = await withTx(deps.db, async (tx) => {
    const format = await insertLearnedFormat(tx, {
      workspace_id: job.workspace_id, slug: slugOf(p.path), name: `${extensionName(p.path)} (learned from ${p.path})`, status: 'draft',
      template, sample: p.content, file_patterns: [p.pattern], project_id: p.project_id, job_id: job.id,
    })
    await fileTasks(tx, [{
      workspace_id: job.workspace_id, kind: 'learn_format', title: `Check the format learned from ${p.path}: ${check.entries.length} entries read`,
      subject: `learn_format:${format.id}`, job_id: job.id, project_id: p.project_id, filed_by: by === 'ai' ? 'ai' : 'push', priority: taskPriority('learn_format'),
      payload: {
        format: { id: format.id, slug: format.slug, name: format.name, status: format.status },
        project_id: p.project_id, path: p.path, pattern: p.pattern, hint: p.hint ?? null, learned_by: by, note,
        template, entries_read: check.entries.length, entries: check.entries.slice(0, TASK_ENTRIES).map((e) => ({ key: e.key, value: e.value })),
        cannot_write: check.unwritable,
        sample: p.content.slice(0, TASK_SAMPLE_CHARS), sample_truncated: p.content.length > TASK_SAMPLE_CHARS,
      },
    }])
    return format
  })
  return { ...out, format_id: stored.id, slug: stored.slug, learned_by: by, entries_read: check.entries.length, note, failed: [] }
}

/**
 * A slug from the file's extension (`ini`, `wxl`), else its name. A built-in format's id (`json` from an in-house
 * `.json` layout given to learn_format) gets `-learned`: push_file's `format` takes built-in ids first, so the learned
 * format could never be named by such a slug.
 */
function slugOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name
  const slug = slugify(ext) || slugify(name) || 'learned'
  return isFormatId(slug) ? `${slug}-learned` : slug
}

function extensionName(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return name.includes('.') ? name.slice(name.lastIndexOf('.')).toUpperCase() : name
}

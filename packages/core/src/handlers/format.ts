import { findLearnedFormat, listLearnedFormats, updateLearnedFormat } from '@tolk/db'
import { checkTemplate, isFormatId, listFormats } from '@tolk/formats'
import type * as c from '../contract/format.js'
import { fail } from '../errors.js'
import { detectWithLearned, isRefusedGuess } from '../services/codec.js'
import { pushedLocaleOf, startLearnJob } from '../services/learning.js'
import { requireProject, sourceLocaleOf } from '../services/project-ref.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

export const formatHandlers = {
  detect_format: (async (ctx, input) => {
    const { format, confidence, candidates } = await detectWithLearned(ctx, input.filename, input.content)
    // A content-only guess the built-in cannot parse is not the format, as for push_file: a learned format that reads
    // the file is, else none (a push would learn one).
    if (format !== null && isFormatId(format) && (await isRefusedGuess(format, input.filename, input.content))) {
      const learned = candidates.find((c) => !isFormatId(c.format))
      return { format: learned?.format ?? null, confidence: learned?.confidence ?? 0, candidates }
    }
    return { format, confidence, candidates }
  }) satisfies Handler<typeof c.detectFormat>,

  list_formats: (async (ctx) => {
    const learned = (await listLearnedFormats(ctx.db, ctx.workspaceId)).map((f) => ({ id: f.id, slug: f.slug, name: f.name, status: f.status, file_patterns: f.file_patterns }))
    return {
      formats: [
        ...listFormats().map((f) => ({ id: f.id, name: f.name, extensions: [...f.extensions], multi_locale: f.multiLocale, kind: 'built_in' as const, status: 'active' as const })),
        ...learned.map((f) => ({ ...f, extensions: [], multi_locale: false, kind: 'learned' as const })),
      ],
      learned,
    }
  }) satisfies Handler<typeof c.listFormats>,

  learn_format: (async (ctx, input) => {
    const project = await requireProject(ctx, input.project)
    // The locale the path names, as push_file finds it: the job's pattern must be the one a push of the file looks for.
    const locale = pushedLocaleOf(project, await sourceLocaleOf(ctx), input.path)
    const jobId = await startLearnJob(ctx, project, { path: input.path, locale, content: input.content, hint: input.hint })
    ctx.activity({ summary: `started learn_format job for ${input.path}`, target: jobId, projectId: project.id })
    return { job_id: jobId }
  }) satisfies Handler<typeof c.learnFormat>,

  approve_format: (async (ctx, input) => {
    const row = (await findLearnedFormat(ctx.db, ctx.workspaceId, input.format)) ?? fail('not_found', `No learned format ${input.format} in this workspace; list_formats shows them.`)
    let template = row.template
    let entriesRead: number
    if (input.template !== undefined) {
      const check = checkTemplate(input.template, row.sample)
      if (check.templateIssues) {
        fail('invalid_template', 'The template does not fit the template language (docs/formats/learned.md); fix the listed issues.', { issues: check.templateIssues.map((i) => ({ path: i.path ? `template.${i.path}` : 'template', message: i.message })) })
      }
      if (check.entries.length === 0 && check.errors.every((e) => !e.startsWith('line '))) {
        fail('template_reads_nothing', `The template reads no entry from the sample ${row.slug} was learned from; fix it so it finds the keys, or resolve its task with retry_with_hint.`)
      }
      if (check.errors.length > 0) {
        fail('invalid_template', `The template does not work on the stored sample: ${check.errors[0]}`, { issues: check.errors.map((message) => ({ path: 'template', message })) })
      }
      template = input.template
      entriesRead = check.entries.length
    } else {
      entriesRead = checkTemplate(row.template, row.sample).entries.length
    }
    await updateLearnedFormat(ctx.db, row.id, { status: input.status, ...(input.template !== undefined ? { template } : {}) })
    ctx.activity({ summary: `learned format ${row.slug}: ${input.status}${input.template !== undefined ? ', new template' : ''}`, target: row.id })
    return {
      format: { id: row.id, slug: row.slug, name: row.name, status: input.status, file_patterns: row.file_patterns, template, created_at: iso(row.created_at), updated_at: iso(new Date()) },
      entries_read: entriesRead,
    }
  }) satisfies Handler<typeof c.approveFormat>,
}

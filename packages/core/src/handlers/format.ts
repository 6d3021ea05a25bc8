import { findLearnedFormat, listLearnedFormats, updateLearnedFormat } from '@tolk/db'
import { listFormats } from '@tolk/formats'
import type * as c from '../contract/format.js'
import { readAs } from '../services/codec.js'
import { learnFromSample } from '../services/learning.js'
import { checkTemplateOffThread } from '../services/parse-off-thread.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

export const formatHandlers = {
  detect_format: (async (ctx, input) => {
    const { format, confidence, candidates } = await readAs(ctx, input.filename, input.content)
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
    const jobId = await learnFromSample(ctx, input.project, { path: input.path, content: input.content, hint: input.hint })
    return { job_id: jobId }
  }) satisfies Handler<typeof c.learnFormat>,

  approve_format: (async (ctx, input) => {
    const row = (await findLearnedFormat(ctx.db, ctx.workspaceId, input.format)) ?? ctx.fail('not_found', `No learned format ${input.format} in this workspace; list_formats shows them.`)
    let template = row.template
    let entriesRead: number
    if (input.template !== undefined) {
      const check = await checkTemplateOffThread(input.template, row.sample)
      if (check.templateIssues) {
        ctx.fail('invalid_template', 'The template does not fit the template language (docs/formats/learned.md); fix the listed issues.', { issues: check.templateIssues.map((i) => ({ path: i.path ? `template.${i.path}` : 'template', message: i.message })) })
      }
      if (check.entries.length === 0 && check.errors.every((e) => !e.startsWith('line '))) {
        ctx.fail('template_reads_nothing', `The template reads no entry from the sample ${row.slug} was learned from; fix it so it finds the keys, or resolve its task with retry_with_hint.`)
      }
      if (check.errors.length > 0) {
        ctx.fail('invalid_template', `The template does not work on the stored sample: ${check.errors[0]}`, { issues: check.errors.map((message) => ({ path: 'template', message })) })
      }
      template = input.template
      entriesRead = check.entries.length
    } else {
      entriesRead = (await checkTemplateOffThread(row.template, row.sample)).entries.length
    }
    await updateLearnedFormat(ctx.db, row.id, { status: input.status, ...(input.template !== undefined ? { template } : {}) })
    ctx.activity({ summary: `learned format ${row.slug}: ${input.status}${input.template !== undefined ? ', new template' : ''}`, target: row.id })
    return {
      format: { id: row.id, slug: row.slug, name: row.name, status: input.status, file_patterns: row.file_patterns, template, created_at: iso(row.created_at), updated_at: iso(new Date()) },
      entries_read: entriesRead,
    }
  }) satisfies Handler<typeof c.approveFormat>,
}

import { checkedSourcesOf, translationsOf, translationsOfUnit, updateUnitContext, writeTranslations, type Translation, type TranslationWrite } from '@tolk/db'
import { failCommon } from '../errors.js'
import { extraCategoriesReadBy } from '@tolk/formats'
import type * as c from '../contract/unit.js'
import { queueJob } from '../services/queue-job.js'
import { sameText } from '../services/entry-text.js'
import { historyActor } from '../services/history.js'
import { requireProject, sourceLocaleOf } from '../services/project-ref.js'
import { warningsOfUnit } from '../services/quality.js'
import { checkTranslation } from '../services/translation-fit.js'
import type { Handler } from './types.js'
import { mergeHandlers } from './unit-merge.js'
import { requireUnit, requireUnits, translationOut, unitFieldsOut, unitView } from './unit-view.js'

const dedupe = <T>(xs: readonly T[]) => [...new Set(xs)]
/** Refuses the workspace's source locale where a translation locale is expected: the source text lives on the unit. */
function refuseSourceLocale(locales: readonly string[], sourceLocale: string, path: (i: number) => string): void {
  const at = locales.indexOf(sourceLocale)
  if (at >= 0) failCommon('invalid_input', 'The source locale has no translations; fix the listed issues.', { issues: [{ path: path(at), message: `${sourceLocale} is the workspace's source locale; its text is the unit's source, changed by pushing the source file.` }] })
}

/** The history record of a translation's state. */
export const stateOf = (t: Translation) => ({ text: t.text, plural: t.plural, status: t.status, note: t.note })

export const unitHandlers = {
  get_unit: (async (ctx, input) => unitView(ctx.db, await requireUnit(ctx, input.unit))) satisfies Handler<typeof c.getUnit>,

  update_unit: (async (ctx, input) => {
    const unit = await requireUnit(ctx, input.unit)
    const patch: { description?: string; max_length?: number | null; tags?: string[] } = {}
    if (input.description !== undefined && input.description !== unit.description) patch.description = input.description
    const maxLength = unit.max_length === null ? null : Number(unit.max_length)
    if (input.max_length !== undefined && input.max_length !== maxLength) patch.max_length = input.max_length
    const tags = input.tags && dedupe(input.tags)
    if (tags && tags.join('\u0000') !== unit.tags.join('\u0000')) patch.tags = tags
    const changed = Object.keys(patch)
    if (changed.length > 0) await updateUnitContext(ctx.db, unit.id, patch)
    let jobId: string | null = null
    if (input.retranslate) {
      // spec § Translation status: only machine output is redone (the translate job skips anything else), so a
      // unit without any queues nothing rather than a job with no work.
      const locales = (await translationsOfUnit(ctx.db, unit.id)).filter((t) => t.status === 'machine' && t.origin === 'ai').map((t) => t.locale)
      if (locales.length > 0) jobId = await queueJob(ctx, 'translate', { locales, unit_ids: [unit.id], reason: 'retranslate' })
    }
    if (changed.length === 0 && !jobId) ctx.quiet()
    else ctx.activity({ summary: `updated unit ${unit.id}: ${[...changed, ...(jobId ? ['retranslate'] : [])].join(', ')}`, target: unit.id })
    return { unit: unitFieldsOut(await requireUnit(ctx, unit.id)), job_id: jobId }
  }) satisfies Handler<typeof c.updateUnit>,

  set_translation: (async (ctx, input) => {
    const unit = await requireUnit(ctx, input.unit)
    refuseSourceLocale([input.locale], await sourceLocaleOf(ctx), () => 'locale')
    const value = { text: input.text, plural: input.plural ?? null }
    // A plural form the unit's files read in every language (a Rails app's zero) is the translation's to keep.
    const formats = (await checkedSourcesOf(ctx.db, [unit.id])).get(unit.id)?.formats ?? []
    const caveats = checkTranslation(ctx.fail, unit, input.locale, value, extraCategoriesReadBy(formats)).map((message) => ({ check: 'plural_optional', message, form: null, span: null, fix: null }))
    const warnings = [...caveats, ...((await warningsOfUnit(ctx.db, ctx.workspaceId, { ...unit, formats }, [{ locale: input.locale, ...value }])).get(input.locale) ?? [])]
    const [existing] = await translationsOf(ctx.db, [unit.id], [input.locale])
    if (existing && sameText(value, existing) && existing.status === input.status && existing.note === input.note) {
      ctx.quiet()
      return { ...translationOut(existing), warnings }
    }
    const write: TranslationWrite = {
      unit_id: unit.id, locale: input.locale, text: value.text, plural: value.plural, status: input.status, note: input.note,
      origin: ctx.principal.actor.type === 'ai' ? 'ai' : 'human', before: existing ? stateOf(existing) : null,
    }
    await writeTranslations(ctx.db, ctx.workspaceId, [write], historyActor(ctx))
    ctx.activity({ summary: `set the ${input.locale} translation of unit ${unit.id} (${input.status})`, target: unit.id })
    const [written] = await translationsOf(ctx.db, [unit.id], [input.locale])
    return { ...translationOut(written!), warnings }
  }) satisfies Handler<typeof c.setTranslation>,

  review_translations: (async (ctx, input) => {
    const ids = dedupe(input.units)
    await requireUnits(ctx, ids)
    const current = await translationsOf(ctx.db, ids, [input.locale])
    const has = new Set(current.map((t) => t.unit_id))
    const changes = current.filter((t) => t.status !== input.status)
    await writeTranslations(ctx.db, ctx.workspaceId, changes.map((t) => ({
      unit_id: t.unit_id, locale: t.locale, text: t.text, plural: t.plural, status: input.status, note: t.note, origin: t.origin, before: stateOf(t),
    })), historyActor(ctx))
    if (changes.length > 0) ctx.activity({ summary: `set ${changes.length} ${input.locale} translation(s) to ${input.status}`, target: changes.length === 1 ? changes[0]!.unit_id : undefined })
    else ctx.quiet()
    return { locale: input.locale, status: input.status, updated: changes.length, unchanged: current.length - changes.length, missing: ids.filter((id) => !has.has(id)) }
  }) satisfies Handler<typeof c.reviewTranslations>,

  translate: (async (ctx, input) => {
    const project = input.project === undefined ? null : await requireProject(ctx, input.project)
    refuseSourceLocale(input.locales, await sourceLocaleOf(ctx), (i) => `locales.${i}`)
    const unitIds = input.units && dedupe(input.units)
    if (unitIds) await requireUnits(ctx, unitIds)
    const locales = dedupe(input.locales)
    // The note rides in the job's payload as every unit's instruction (jobs/translate-items.ts noteFor), as the review
    // queue's retranslate passes a reviewer's note; a blank one is no instruction.
    const note = input.note?.trim()
    const jobId = await queueJob(ctx, 'translate', {
      locales, ...(unitIds ? { unit_ids: unitIds } : {}), ...(project ? { project_id: project.id } : {}), ...(note ? { note } : {}), reason: 'translate',
    })
    const scope = unitIds ? `${unitIds.length} unit(s)` : project ? `project ${project.slug}` : 'the workspace'
    ctx.activity({ summary: `queued translation of ${scope} into ${locales.join(', ')}${note ? ' with an instruction' : ''}`, target: jobId, projectId: project?.id ?? null })
    return { job_id: jobId }
  }) satisfies Handler<typeof c.translate>,

  scan_duplicates: (async (ctx) => {
    const jobId = await queueJob(ctx, 'dedupe_scan', { reason: 'scan_duplicates' })
    ctx.activity({ summary: 'queued a duplicate scan', target: jobId })
    return { job_id: jobId }
  }) satisfies Handler<typeof c.scanDuplicates>,

  ...mergeHandlers,
}

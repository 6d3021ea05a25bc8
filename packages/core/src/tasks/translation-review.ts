import { translationsOf, type Task } from '@tolk/db'
import { TranslationReviewPayload } from '../contract/task-payloads.js'
import * as c from '../contract/unit.js'
import { unitHandlers } from '../handlers/unit.js'
import { queueJob } from '../services/queue-job.js'
import { goneUnits, payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import type { TaskKindDef } from './types.js'

const read = (task: Task) => payloadOf(TranslationReviewPayload, task)

export const translationReview = {
  payload: TranslationReviewPayload,
  actions: {
    approve: {
      summary: 'The candidate (or, without one, the current translation) becomes the approved translation',
      run: async (ctx, task, input) => {
        const p = read(task)
        let text = p.candidate
        let plural = p.candidate_plural
        if (text === null) {
          const [current] = await translationsOf(ctx.db, [p.unit_id], [p.locale])
          if (!current) return ctx.fail('invalid_action', `This task has no candidate and unit ${p.unit_id} has no ${p.locale} translation to approve; use edit with text.`)
          text = current.text
          plural = current.plural
        }
        await runOp(ctx, c.setTranslation, unitHandlers.set_translation, {
          unit: p.unit_id, locale: p.locale, text, ...(plural ? { plural } : {}), status: 'approved', note: input.note,
        })
        return { summary: `approved the ${p.locale} translation of unit ${p.unit_id}`, unit_id: p.unit_id }
      },
    },
    edit: {
      summary: 'Write the given text as the reviewed translation',
      needs: ['text'],
      takes: ['plural'],
      run: async (ctx, task, input) => {
        const p = read(task)
        await runOp(ctx, c.setTranslation, unitHandlers.set_translation, {
          unit: p.unit_id, locale: p.locale, text: input.text!, ...(input.plural ? { plural: input.plural } : {}), status: 'reviewed', note: input.note,
        })
        return { summary: `wrote the ${p.locale} translation of unit ${p.unit_id} (reviewed)`, unit_id: p.unit_id }
      },
    },
    retranslate: {
      summary: "Queue a new AI translation of the unit in this locale; the note goes into the prompt as the reviewer's instruction",
      run: async (ctx, task, input) => {
        const p = read(task)
        // translate's own job, with the reviewer's note as an instruction the prompt carries for this unit.
        const jobId = await queueJob(ctx, 'translate', {
          locales: [p.locale], unit_ids: [p.unit_id], reason: 'retranslate', ...(input.note ? { note: input.note } : {}),
        })
        ctx.activity({ summary: `queued a new ${p.locale} translation of unit ${p.unit_id}${input.note ? ' with the reviewer\'s instruction' : ''}`, target: jobId })
        return { summary: `queued translate job ${jobId}`, unit_id: p.unit_id, job_id: jobId }
      },
    },
  },
  // Without a candidate, approve approves the current text: nothing to approve when the unit had none when filed.
  inapplicable: (task) => {
    const p = read(task)
    return p.candidate === null && p.current === null ? { approve: `it has no candidate and unit ${p.unit_id} had no ${p.locale} translation to approve; use edit with the text` } : {}
  },
  subjectGone: async (ctx, task) => {
    const p = read(task)
    if ((await goneUnits(ctx, [p.unit_id])).length > 0) return `Unit ${p.unit_id} is gone (merged into another or removed); nothing left to review.`
    const [current] = await translationsOf(ctx.db, [p.unit_id], [p.locale])
    if (current?.status === 'approved' && new Date(current.updated_at) > new Date(task.created_at)) {
      return `The ${p.locale} translation was approved since this task was filed; nothing left to review.`
    }
    return null
  },
} satisfies TaskKindDef

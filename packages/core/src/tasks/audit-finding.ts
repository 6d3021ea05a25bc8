import { translationsOf, type Task } from '@tolk/db'
import * as v from 'valibot'
import * as c from '../contract/unit.js'
import { fail } from '../errors.js'
import { unitHandlers } from '../handlers/unit.js'
import { dismissAction, type TaskKindDef } from './types.js'
import { goneUnits, PayloadKey, payloadOf, TextValue } from './payload.js'
import { runOp } from './run-op.js'

/** The subject of an audit_finding: one finding per unit, locale and check while it is open. */
export const findingSubject = (unitId: string, locale: string, check: string) => `finding:${unitId}:${locale}:${check}`

/**
 * audit_finding, filed by run_audit: one check's finding on one translation, with the source, the current
 * translation, the fix the check proposes (or null) and the keys using the unit.
 */
export const AuditFindingPayload = v.looseObject({
  audit_id: v.string(),
  unit_id: v.string(),
  locale: v.string(),
  check: v.string(),
  message: v.string(),
  span: v.nullable(v.object({ start: v.number(), end: v.number() })),
  source: TextValue,
  current: v.looseObject({ ...TextValue.entries, status: v.string() }),
  fix: v.nullable(TextValue),
  keys: v.array(PayloadKey),
})
export type AuditFindingPayload = v.InferOutput<typeof AuditFindingPayload>

const read = (task: Task) => payloadOf(AuditFindingPayload, task)

export const auditFinding = {
  actions: {
    apply: {
      summary: "Write the finding's fix as the reviewed translation",
      run: async (ctx, task, input) => {
        const p = read(task)
        if (!p.fix) fail('invalid_action', `This finding (${p.check}) has no fix to apply; use edit with the text you want, or dismiss.`)
        await runOp(ctx, c.setTranslation, unitHandlers.set_translation, {
          unit: p.unit_id, locale: p.locale, text: p.fix.text, ...(p.fix.plural ? { plural: p.fix.plural } : {}), status: 'reviewed', note: input.note,
        })
        return { summary: `applied the ${p.check} fix to the ${p.locale} translation of unit ${p.unit_id}`, unit_id: p.unit_id }
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
    dismiss: dismissAction,
  },
  subjectGone: async (ctx, task) => {
    const p = read(task)
    if ((await goneUnits(ctx, [p.unit_id])).length > 0) return `Unit ${p.unit_id} is gone (merged into another or removed) since the audit.`
    const [now] = await translationsOf(ctx.db, [p.unit_id], [p.locale])
    if (!now) return `Unit ${p.unit_id} has no ${p.locale} translation any more.`
    if (now.text !== p.current.text) return `The ${p.locale} translation changed since the audit; the finding is about text that is gone.`
    return null
  },
} satisfies TaskKindDef

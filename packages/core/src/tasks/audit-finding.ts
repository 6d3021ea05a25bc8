import { translationsOf, type Task } from '@tolk/db'
import * as v from 'valibot'
import type { AuthedContext } from '../context.js'
import * as c from '../contract/unit.js'
import { unitHandlers } from '../handlers/unit.js'
import { dismissAction, type TaskKindDef } from './types.js'
import { goneUnits, PayloadKey, payloadOf, TextValue } from './payload.js'
import { runOp } from './run-op.js'

/** The subject of a one-string audit_finding: one finding per unit, locale and check while it is open. */
export const findingSubject = (unitId: string, locale: string, check: string) => `finding:${unitId}:${locale}:${check}`

/** The subject of a grouped audit_finding: the locale, the check and what its items share (docs/review.md). */
export const findingGroupSubject = (locale: string, check: string, shared: string) => `finding:${locale}:${check}:${shared}`

/** One finding of a task: the translation it is about, what the check says of it, and the fix it proposes (or null). */
export const FindingItem = v.looseObject({
  unit_id: v.string(),
  message: v.string(),
  span: v.nullable(v.object({ start: v.number(), end: v.number() })),
  source: TextValue,
  current: v.looseObject({ ...TextValue.entries, status: v.string() }),
  fix: v.nullable(TextValue),
  keys: v.array(PayloadKey),
})
export type FindingItem = v.InferOutput<typeof FindingItem>

const Head = { audit_id: v.string(), locale: v.string(), check: v.string(), message: v.string() }

/**
 * audit_finding, filed by run_audit: findings of one check in one locale that one decision settles (the same fix rule,
 * the same term, the same plural shape), each item a translation with its source, current text, fix (or null) and
 * keys. A task filed before findings were grouped carries its one finding at the top level and reads as one item.
 */
export const AuditFindingPayload = v.union([
  v.looseObject({ ...Head, items: v.pipe(v.array(FindingItem), v.minLength(1)) }),
  v.pipe(
    v.looseObject({ ...Head, ...FindingItem.entries }),
    v.transform(({ audit_id, locale, check, ...item }) => ({ audit_id, locale, check, message: item.message, items: [item] })),
  ),
])
export type AuditFindingPayload = v.InferOutput<typeof AuditFindingPayload>

const read = (task: Task) => payloadOf(AuditFindingPayload, task)

/** Why an item's finding no longer holds (its unit gone, its text changed since the audit), or null while it does. */
async function itemsGone(ctx: AuthedContext, locale: string, items: readonly FindingItem[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const id of await goneUnits(ctx, items.map((i) => i.unit_id))) out.set(id, `unit ${id} is gone (merged into another or removed)`)
  const now = new Map((await translationsOf(ctx.db, items.map((i) => i.unit_id), [locale])).map((t) => [t.unit_id, t.text]))
  for (const i of items) {
    if (out.has(i.unit_id)) continue
    const text = now.get(i.unit_id)
    if (text === undefined) out.set(i.unit_id, `unit ${i.unit_id} has no ${locale} translation any more`)
    else if (text !== i.current.text) out.set(i.unit_id, `the ${locale} translation of unit ${i.unit_id} changed since the audit`)
  }
  return out
}

const strings = (n: number) => `${n} ${n === 1 ? 'translation' : 'translations'}`

export const auditFinding = {
  actions: {
    apply: {
      summary: "Write each item's fix as the reviewed translation (items whose text changed since the audit are left as they are)",
      run: async (ctx, task, input) => {
        const p = read(task)
        const gone = await itemsGone(ctx, p.locale, p.items)
        const written: string[] = []
        for (const item of p.items) {
          if (!item.fix || gone.has(item.unit_id)) continue
          await runOp(ctx, c.setTranslation, unitHandlers.set_translation, {
            unit: item.unit_id, locale: p.locale, text: item.fix.text, ...(item.fix.plural ? { plural: item.fix.plural } : {}), status: 'reviewed', note: input.note,
          })
          written.push(item.unit_id)
        }
        const skipped = p.items.length - written.length
        return {
          summary: `applied the ${p.check} fix to ${strings(written.length)} in ${p.locale}${skipped ? `; left ${skipped} that changed since the audit or have no fix` : ''}`,
          ...(written.length === 1 ? { unit_id: written[0] } : {}), unit_ids: written,
        }
      },
    },
    edit: {
      summary: 'Write the given text as the reviewed translation',
      needs: ['text'],
      takes: ['plural'],
      run: async (ctx, task, input) => {
        const p = read(task)
        const item = p.items[0]!
        await runOp(ctx, c.setTranslation, unitHandlers.set_translation, {
          unit: item.unit_id, locale: p.locale, text: input.text!, ...(input.plural ? { plural: input.plural } : {}), status: 'reviewed', note: input.note,
        })
        return { summary: `wrote the ${p.locale} translation of unit ${item.unit_id} (reviewed)`, unit_id: item.unit_id }
      },
    },
    dismiss: { ...dismissAction, summary: 'Close the task without changing anything (every item of it)' },
  },
  // apply needs a fix, edit one text: a group of several translations is applied or dismissed as a whole.
  inapplicable: (task) => {
    const p = read(task)
    const out: Partial<Record<string, string>> = {}
    if (!p.items.some((i) => i.fix)) out.apply = `the ${p.check} finding has no fix to apply; use ${p.items.length === 1 ? 'edit with the text you want, or ' : ''}dismiss`
    if (p.items.length > 1) out.edit = `it holds ${p.items.length} translations; set_translation writes one of them, apply or dismiss settles them all`
    return out
  },
  subjectGone: async (ctx, task) => {
    const p = read(task)
    const gone = await itemsGone(ctx, p.locale, p.items)
    if (gone.size < p.items.length) return null
    return p.items.length === 1 ? `${capitalized(gone.values().next().value!)}; the finding is about text that is gone.` : `Every item changed or went since the audit (${[...gone.values()].join('; ')}).`
  },
} satisfies TaskKindDef

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

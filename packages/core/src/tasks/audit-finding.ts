import { translationsOf, type Task } from '@tolk/db'
import { AuditFindingPayload, FindingItem, findingGroupSubject, findingSubject } from '../contract/task-payloads.js'
import type { AuthedContext } from '../context.js'
import * as c from '../contract/unit.js'
import { unitHandlers } from '../handlers/unit.js'
import { dismissAction, type TaskKindDef } from './types.js'
import { goneUnits, payloadOf } from './payload.js'
import { runOp } from './run-op.js'

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
  payload: AuditFindingPayload,
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

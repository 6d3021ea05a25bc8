import type { Task } from '@tolk/db'
import { MergeSuggestionPayload, pairSubject } from '../contract/task-payloads.js'
import * as c from '../contract/unit.js'
import { mergeHandlers } from '../handlers/unit-merge.js'
import { goneUnits, payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import type { TaskKindDef } from './types.js'

const read = (task: Task) => payloadOf(MergeSuggestionPayload, task)

export const mergeSuggestion = {
  payload: MergeSuggestionPayload,
  actions: {
    merge_into_a: {
      summary: "Merge unit b into unit a: every key of b uses a's source and translations; b is deleted",
      run: async (ctx, task) => {
        const p = read(task)
        await runOp(ctx, c.mergeUnits, mergeHandlers.merge_units, { into: p.a.unit_id, merge: [p.b.unit_id] })
        return { summary: `merged unit ${p.b.unit_id} into unit ${p.a.unit_id}`, unit_id: p.a.unit_id }
      },
    },
    merge_into_b: {
      summary: "Merge unit a into unit b: every key of a uses b's source and translations; a is deleted",
      run: async (ctx, task) => {
        const p = read(task)
        await runOp(ctx, c.mergeUnits, mergeHandlers.merge_units, { into: p.b.unit_id, merge: [p.a.unit_id] })
        return { summary: `merged unit ${p.a.unit_id} into unit ${p.b.unit_id}`, unit_id: p.b.unit_id }
      },
    },
    keep_separate: {
      summary: 'Keep both units; the pair is never suggested again',
      run: async (_ctx, task) => {
        const p = read(task)
        return { summary: `kept units ${p.a.unit_id} and ${p.b.unit_id} separate; the scan will not suggest them again` }
      },
    },
  },
  subjectGone: async (ctx, task) => {
    const p = read(task)
    const gone = await goneUnits(ctx, [p.a.unit_id, p.b.unit_id])
    return gone.length > 0 ? `Unit ${gone.join(' and ')} is gone (merged or removed) since the scan; nothing left to merge.` : null
  },
} satisfies TaskKindDef

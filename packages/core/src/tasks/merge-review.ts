import { activeKeysOfUnits, type Task } from '@tolk/db'
import { MergeReviewPayload } from '../contract/task-payloads.js'
import * as c from '../contract/unit.js'
import { mergeHandlers } from '../handlers/unit-merge.js'
import { goneUnits, payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import type { TaskKindDef } from './types.js'

const read = (task: Task) => payloadOf(MergeReviewPayload, task)

export const mergeReview = {
  payload: MergeReviewPayload,
  actions: {
    keep_merged: {
      summary: 'Keep one unit (one translation) for every key: a key split off by the push is merged back',
      run: async (ctx, task) => {
        const p = read(task)
        if (p.reason === 'contexts_differ') return { summary: `kept every key on unit ${p.unit_id}`, unit_id: p.unit_id }
        await runOp(ctx, c.mergeUnits, mergeHandlers.merge_units, { into: p.merged.unit_id, merge: [p.split.unit_id] })
        return { summary: `merged unit ${p.split.unit_id} back into unit ${p.merged.unit_id}`, unit_id: p.merged.unit_id }
      },
    },
    split: {
      summary: 'Give keys their own units (key_ids; default every key but the first) so their translations can differ',
      takes: ['key_ids'],
      run: async (ctx, task, input) => {
        const p = read(task)
        if (p.reason !== 'contexts_differ') return { summary: `kept key ${p.split.key_id} on its own unit ${p.split.unit_id}`, unit_id: p.split.unit_id, unit_ids: [p.split.unit_id] }
        const keyIds = input.key_ids ?? p.keys.slice(1).map((k) => k.key_id)
        const unitIds: string[] = []
        for (const keyId of keyIds) unitIds.push((await runOp(ctx, c.splitKey, mergeHandlers.split_key, { key_id: keyId })).unit_id)
        return { summary: `split ${keyIds.length} key(s) off unit ${p.unit_id}`, unit_id: p.unit_id, unit_ids: unitIds }
      },
    },
  },
  // A contexts_differ task filed for a single key has nothing to split off.
  inapplicable: (task) => {
    const p = read(task)
    return p.reason === 'contexts_differ' && p.keys.length < 2 ? { split: `only key ${p.keys[0]?.name ?? ''} uses unit ${p.unit_id}, so no key can be split off` } : {}
  },
  subjectGone: async (ctx, task) => {
    const p = read(task)
    if (p.reason === 'contexts_differ') {
      if ((await goneUnits(ctx, [p.unit_id])).length > 0) return `Unit ${p.unit_id} is gone (merged into another or removed).`
      const onUnit = new Set((await activeKeysOfUnits(ctx.db, [p.unit_id])).get(p.unit_id) ?? [])
      if (p.keys.filter((k) => onUnit.has(k.key_id)).length < 2) return `Fewer than two of these keys still share unit ${p.unit_id}; nothing left to decide.`
      return null
    }
    const gone = await goneUnits(ctx, [p.merged.unit_id, p.split.unit_id])
    return gone.length > 0 ? `Unit ${gone.join(' and ')} is gone (merged or removed) since this task was filed.` : null
  },
} satisfies TaskKindDef

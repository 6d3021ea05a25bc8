import { existingUnitIds, type Task } from '@tolk/db'
import * as v from 'valibot'
import type { AuthedContext } from '../context.js'

/** A task's payload read through its kind's schema; a stored payload that does not fit is a bug on our side (500). */
export function payloadOf<S extends v.GenericSchema>(schema: S, task: Task): v.InferOutput<S> {
  const parsed = v.safeParse(schema, task.payload)
  if (!parsed.success) throw new Error(`task ${task.id} (${task.kind}) has a payload its kind cannot read: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`)
  return parsed.output
}

/** The first `max` characters of a text for a title. */
export const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 3)}...` : text)

/** Which of these units are gone from the workspace (merged into another, or removed): the usual subject check. */
export async function goneUnits(ctx: AuthedContext, ids: readonly string[]): Promise<string[]> {
  const found = await existingUnitIds(ctx.db, ctx.workspaceId, ids)
  return ids.filter((id) => !found.has(id))
}

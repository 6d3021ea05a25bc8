// Shared fixture of the review queue tests: files tasks of any kind straight into the queue (the filers have tests of
// their own), and finds units and keys of a pushed project.
import { fileTasks, type NewTask } from '@tolk/db'
import { rowsOf } from '../../../packages/db/test/rows.js'
import type { Env } from './harness.js'
import type { Ws } from './units-fixture.js'

/** When the last task was filed (Date.now()). */
let lastFiled = 0

/**
 * Files one task and returns its id, in a later millisecond than the task filed before it: PGlite's clock counts
 * milliseconds, so two tasks filed back to back could share created_at, and "oldest first" then fell to their random
 * ids (a CI run listed two tasks of one priority in the wrong order).
 */
export async function fileTask(env: Env, ws: Ws, task: Omit<NewTask, 'workspace_id' | 'filed_by'> & { filed_by?: NewTask['filed_by'] }): Promise<string> {
  const subject = task.subject ?? `test:${Math.random()}`
  while (Date.now() <= lastFiled) await new Promise((resolve) => setTimeout(resolve, 1))
  await fileTasks(env.conn().db, [{ filed_by: 'ai', ...task, subject, workspace_id: ws.workspaceId }])
  lastFiled = Date.now()
  const rows = await rowsOf(env.conn().db, 'tasks', ws.workspaceId)
  return rows.find((r) => r.subject === subject && (r.status === 'open' || r.status === 'claimed'))!.id
}

/** The unit of a key of the project, by key name. */
export async function unitOfKey(env: Env, ws: Ws, name: string): Promise<string> {
  const keys = await rowsOf(env.conn().db, 'keys', ws.workspaceId)
  return keys.find((k) => k.name === name && k.removed_at === null)!.unit_id
}

/** The key ids of the project by name. */
export async function keyIds(env: Env, ws: Ws): Promise<Record<string, string>> {
  const keys = await rowsOf(env.conn().db, 'keys', ws.workspaceId)
  return Object.fromEntries(keys.map((k) => [k.context ? `${k.name}|${k.context}` : k.name, k.id]))
}

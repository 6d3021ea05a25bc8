import { fileTasks as insertTasks, type Db, type NewTask, type TaskKind } from '@tolk/db'
import * as v from 'valibot'
import { TASK_PAYLOADS, type TaskPayloadIn } from '../contract/task-payloads.js'

/** A task to file, its payload typed by its kind's schema. */
export type TaskToFile = { [K in TaskKind]: Omit<NewTask, 'kind' | 'payload'> & { kind: K; payload: TaskPayloadIn<K> } }[TaskKind]

/**
 * Files review tasks (one open task per kind and subject; packages/db fileTasks) after checking each payload against
 * its kind's schema, so a task is refused when it is written, never when a reviewer opens it. A payload that does not
 * fit is a bug on our side: the filer fails (500, nothing filed) and the message names the kind and the field. The
 * payload is stored as given (a schema may read an older shape into a newer one; the row keeps what was filed).
 */
export async function fileTasks(db: Db, tasks: readonly TaskToFile[]): Promise<number> {
  for (const task of tasks) {
    const checked = v.safeParse(TASK_PAYLOADS[task.kind], task.payload)
    if (!checked.success) throw new Error(`a ${task.kind} task's payload does not fit its schema: ${checked.issues.map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`).join('; ')}`)
  }
  return insertTasks(db, tasks)
}

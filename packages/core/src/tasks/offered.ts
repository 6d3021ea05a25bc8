import type { Task } from '@tolk/db'
import { kindDef } from './index.js'
import type { TaskActionDef } from './types.js'

/** A task's actions split into those it offers (in its kind's order) and those it refuses, each with why. */
export interface TaskActions {
  offered: [name: string, def: TaskActionDef][]
  /** Action name -> why it cannot apply to this task. */
  refused: Map<string, string>
}

/**
 * What a task accepts: its kind's actions less those that cannot apply to it (the kind's `inapplicable`: a finding
 * without a fix offers no apply), and, when the job it refers to is gone, less every action but a dismiss (the others
 * answer 409 job_missing). list_tasks and claim_tasks show the offered ones; resolve_task refuses the rest.
 */
export function actionsOf(task: Task, jobGone: boolean): TaskActions {
  const def = kindDef(task.kind)
  const refused = new Map(Object.entries(inapplicable(task)).filter((e): e is [string, string] => e[1] !== undefined))
  if (jobGone) {
    for (const [name, a] of Object.entries(def.actions)) {
      if (a.closes !== 'dismissed' && !refused.has(name)) refused.set(name, `the job ${task.job_id} this task refers to no longer exists`)
    }
  }
  return { offered: Object.entries(def.actions).filter(([name]) => !refused.has(name)), refused }
}

/**
 * The kind's inapplicable actions of a task. A payload the kind cannot read is a bug on our side that resolve_task
 * answers 500 for; a listing still shows that task with its kind's actions rather than failing every task it lists.
 */
function inapplicable(task: Task): Partial<Record<string, string>> {
  try {
    return kindDef(task.kind).inapplicable?.(task) ?? {}
  } catch {
    return {}
  }
}

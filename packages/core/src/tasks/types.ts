import type { Task } from '@tolk/db'
import type * as v from 'valibot'
import type { AuthedContext } from '../context.js'
import type { ActionField, resolveTask } from '../contract/task.js'
import type { DeclaredError } from '../contract/define-op.js'

/** The context an action runs in: resolve_task's, so it fails only with resolve_task's declared errors. */
export type ActionContext = AuthedContext<DeclaredError<typeof resolveTask>>

/** resolve_task's validated input, as an action's effect reads it. */
export type ResolveInput = v.InferOutput<typeof resolveTask.input>

/** What an effect did: a one-line summary and the ids of what it wrote (resolve_task's `result`). */
export interface ActionResult {
  summary: string
  unit_id?: string
  unit_ids?: string[]
  job_id?: string
  rule_id?: string
  term?: string
  [more: string]: unknown
}

/** How the task closes after its effect: resolved (the default) or dismissed (a dismiss action). */
export type Closing = 'resolved' | 'dismissed'

/**
 * One accepted action of a task kind: what it needs and what it does. The effect runs inside resolve_task's
 * transaction and goes through the op handlers (set_translation, merge_units, split_key, add_rule,
 * upsert_glossary_term, translate), so history, activity and placeholder checks are those of the ops.
 */
export interface TaskActionDef {
  /** What the action does, one line: shown on the task, in `tolk review` and in docs/review.md. */
  readonly summary: string
  /** Fields resolve_task must carry; a missing one, or an empty or whitespace-only text, answers 400 text_required naming it. */
  readonly needs?: readonly ActionField[]
  /** Fields it reads when given (a note is always kept with the resolution). */
  readonly takes?: readonly ActionField[]
  /** dismissed for a dismiss action; resolved otherwise. */
  readonly closes?: Closing
  /** The effect; a ServiceError rolls back the whole resolve_task. */
  run(ctx: ActionContext, task: Task, input: ResolveInput): Promise<ActionResult>
}

/**
 * A task kind of the review queue (spec § Review task): its actions, in the spec's order, and an optional check that
 * what the task is about still exists. A later kind adds an entry in tasks/index.ts, never a switch.
 * @example
 * export const exampleKind = {
 *   payload: v.looseObject({ unit_id: v.string() }),
 *   actions: { dismiss: { summary: 'Close it', closes: 'dismissed', run: async () => ({ summary: 'dismissed' }) } },
 *   subjectGone: async () => null,
 * } satisfies TaskKindDef
 */
export interface TaskKindDef {
  /** The kind's payload schema (contract/task-payloads.ts): checked when a task is filed, read back by the actions. */
  readonly payload: v.GenericSchema
  readonly actions: Readonly<Record<string, TaskActionDef>>
  /**
   * Why the task's subject is gone (a unit merged away, a translation approved by hand since), or null while it
   * exists. A task whose subject has gone is closed as dismissed with this reason instead of being acted on.
   */
  subjectGone?(ctx: AuthedContext, task: Task): Promise<string | null>
  /**
   * The kind's actions that cannot apply to this task, each with why (an audit finding without a fix cannot be
   * applied), read from the task row alone so a listing needs no query per task. list_tasks and claim_tasks leave
   * them out of the task's actions; resolve_task answers them invalid_action with the reason and the task's actions.
   */
  inapplicable?(task: Task): Partial<Record<string, string>>
}

/** The close of a dismiss action, shared by every kind that has one. */
export const dismissAction: TaskActionDef = {
  summary: 'Close the task without changing anything',
  closes: 'dismissed',
  run: async () => ({ summary: 'dismissed; nothing changed' }),
}

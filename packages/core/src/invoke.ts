import { insertActivity, isUniqueViolation, withTx, type NewActivity } from '@tolk/db'
import * as v from 'valibot'
import type { ActivityNote, AuthedContext, OpContext } from './context.js'
import { fail, RaceLost, type InputIssue } from './errors.js'
import { registry, type RegisteredOp } from './registry.js'
import { textIssues } from './text-check.js'

/** The op named `name`, or unknown_op. */
export function findOp(name: string): RegisteredOp {
  return registry.get(name) ?? fail('unknown_op', `No op named "${name}"; GET /api/v1 lists every op.`)
}

/**
 * The only pipeline: every surface ends here. Checks credential and role, validates the input,
 * runs the handler (a write in one transaction with its activity rows), and returns its output.
 */
export async function invoke(ctx: OpContext, name: string, raw: unknown): Promise<unknown> {
  const op = findOp(name)
  if (!op.public && !ctx.principal) fail('unauthorized', 'Send an API key: Authorization: Bearer tolk_... or X-Api-Key.')
  // spec § Authentication 6: a person whose request picked no workspace reaches only the personal ops.
  if (ctx.principal && ctx.principal.workspaceId === null && !op.personal) fail('no_workspace', ctx.principal.noWorkspace ?? 'Name a workspace you belong to in X-Service-Workspace.')
  if (op.admin && ctx.principal && ctx.principal.role === 'member') {
    fail('forbidden', ctx.principal.actor.type === 'user' ? `${name} needs an owner or admin of the workspace; ask one of them.` : `${name} needs an owner or admin key; ask an owner of the workspace.`)
  }
  // Once, for every op and surface: NUL and lone surrogates would fail deep in a write (a 500) or be stored mangled.
  const badText = textIssues(raw, { fileText: op.fileText })
  if (badText.length > 0) fail('invalid_input', `The input of ${name} holds text that cannot be stored; fix the listed issues.`, { issues: badText })
  const parsed = v.safeParse(op.input, raw ?? {})
  if (!parsed.success) fail('invalid_input', `The input of ${name} is not valid; fix the listed issues.`, { issues: issuesFrom(parsed.issues) })
  if (!ctx.principal) return op.handler(ctx as AuthedContext, parsed.output)
  // Checked above: only personal ops run without a workspace, and their handlers are typed for a null one.
  const principal = ctx.principal as AuthedContext['principal']
  if (op.kind === 'read') {
    const denied = readOnly(name)
    return op.handler({ ...ctx, principal, workspaceId: principal.workspaceId, activity: denied, afterCommit: denied, rollbackWith: denied, quiet: denied, failAfterCommit: denied }, parsed.output)
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await runWrite(op, ctx, principal, parsed.output)
    } catch (err) {
      if (err instanceof RollbackWith) return err.output
      // Two writers racing to create the same row: the loser runs again and finds the winner's row.
      if (attempt < 3 && (err instanceof RaceLost || RACE_CONSTRAINTS.some((c) => isUniqueViolation(err, c)))) continue
      throw err
    }
  }
}

/**
 * Unique constraints a concurrent twin may hit; the op is safe to run again from the start. A file row is an upsert
 * (insertFile), so concurrent first pushes of one pattern never get here.
 */
const RACE_CONSTRAINTS = ['keys_file_name_context_key', 'translations_unit_locale_key', 'units_workspace_hash_key']

class RollbackWith extends Error {
  constructor(readonly output: unknown) {
    super('rollback')
  }
}

/** Thrown by failAfterCommit: the transaction commits, then `error` is thrown to the caller. */
class CommitThenFail extends Error {
  constructor(readonly error: Error) {
    super('commit then fail')
  }
}

async function runWrite(op: RegisteredOp, ctx: OpContext, principal: AuthedContext['principal'], input: unknown): Promise<unknown> {
  const committed: (() => void | Promise<void>)[] = []
  let failure: Error | undefined
  const out = await withTx(ctx.db, async (tx) => {
    const notes: ActivityNote[] = []
    let quiet = false
    const authed: AuthedContext = {
      ...ctx, db: tx, principal, workspaceId: principal.workspaceId,
      activity: (n) => void notes.push(n),
      afterCommit: (fn) => void committed.push(fn),
      rollbackWith: (output) => {
        throw new RollbackWith(output)
      },
      quiet: () => void (quiet = true),
      failAfterCommit: (error) => {
        throw new CommitThenFail(error)
      },
    }
    let result: unknown
    try {
      result = await op.handler(authed, input)
    } catch (err) {
      if (!(err instanceof CommitThenFail)) throw err
      failure = err.error
    }
    // Every write that changed something leaves a trace, even one whose handler noted nothing.
    if (notes.length === 0 && !quiet) notes.push({ summary: op.name })
    // A personal op run before a workspace was picked records only notes that name their workspace.
    await insertActivity(tx, notes.filter((n) => (n.workspaceId ?? authed.workspaceId) !== null).map((n) => activityRow(authed, op.name, n)))
    return result
  })
  for (const fn of committed) await fn()
  if (failure) throw failure
  return out
}

function activityRow(ctx: AuthedContext, op: string, note: ActivityNote): NewActivity {
  return {
    workspace_id: note.workspaceId ?? ctx.workspaceId, project_id: note.projectId ?? null,
    actor_type: ctx.principal.actor.type, actor_id: ctx.principal.actor.id, actor_name: ctx.principal.actor.name,
    surface: ctx.surface, op, target: note.target ?? null, summary: note.summary, request_id: ctx.requestId,
  }
}

function readOnly(op: string) {
  return () => {
    throw new Error(`read op ${op} tried to write`)
  }
}

/** valibot issues as the spec's `issues`: a dot path and a message each; missing and unknown fields are named. */
export function issuesFrom(issues: readonly v.BaseIssue<unknown>[]): InputIssue[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue) ?? ''
    const field = path.split('.').at(-1)
    // An object schema reports a missing key and an unknown key alike, as a key issue: unknown ones expect `never`.
    if (issue.type === 'strict_object' || issue.type === 'object') {
      if (issue.expected === 'never') return { path, message: `Unknown field "${field}"; check its spelling against the op's input schema.` }
      return { path, message: `${field} is required.` }
    }
    if (issue.kind === 'schema' && issue.input === undefined && issue.type !== 'undefined') return { path, message: `Required; ${issue.message}` }
    return { path, message: issue.message }
  })
}

import { insertActivity, isDeadlock, isUniqueViolation, withTx, type NewActivity } from '@tolk/db'
import * as v from 'valibot'
import type { ActivityNote, AuthedContext, OpContext } from './context.js'
import type { ErrorCode } from './contract/errors.js'
import { fail, RaceLost, type InputIssue } from './errors.js'
import { registry, type RegisteredOp } from './registry.js'
import { textIssues } from './storable-text.js'
import { CommittedFailure, RolledBack } from './outcome.js'
import { writeTransactionEvents } from './services/webhooks/collect.js'

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
  if (ctx.principal) checkAllowed(op, ctx.principal)
  // Once, for every op and surface: NUL and lone surrogates would fail deep in a write (a 500) or be stored mangled.
  const badText = textIssues(raw, { fileText: op.fileText })
  if (badText.length > 0) fail('invalid_input', `The input of ${name} holds text that cannot be stored; fix the listed issues.`, { issues: badText })
  const parsed = v.safeParse(op.input, raw ?? {})
  if (!parsed.success) fail('invalid_input', `The input of ${name} is not valid; fix the listed issues.`, { issues: issuesFrom(parsed.issues) })
  if (!ctx.principal) return answerOf(await op.handler(ctx as AuthedContext<ErrorCode>, parsed.output))
  // Checked above: only personal ops run without a workspace, and their handlers are typed for a null one.
  const principal = ctx.principal as AuthedContext['principal']
  if (op.kind === 'read') {
    const denied = readOnly(name)
    const readCtx: AuthedContext<ErrorCode> = { ...ctx, principal, workspaceId: principal.workspaceId, fail, activity: denied, afterCommit: denied, quiet: denied }
    // A read changes nothing, so a rolled-back answer is its output and a committed failure its error.
    return answerOf(await op.handler(readCtx, parsed.output))
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await runWrite(op, ctx, principal, parsed.output)
    } catch (err) {
      if (err instanceof RollBack) return err.output
      // Two writers racing to create the same row: the loser runs again and finds the winner's row. Two that wait on
      // each other's new rows (a deadlock PostgreSQL broke by ending one) are the same race.
      if (attempt < 3 && (err instanceof RaceLost || isDeadlock(err) || RACE_CONSTRAINTS.some((c) => isUniqueViolation(err, c)))) continue
      throw err
    }
  }
}

/**
 * Unique constraints a concurrent twin may hit; the op is safe to run again from the start. A file row is an upsert
 * (insertFile), so concurrent first pushes of one pattern never get here.
 */
const RACE_CONSTRAINTS = ['keys_file_name_context_key', 'translations_unit_locale_key', 'units_workspace_hash_key']

/** Thrown by the pipeline itself (never by a handler) to make withTx roll back after a handler returned RolledBack. */
class RollBack extends Error {
  constructor(readonly output: unknown) {
    super('rollback')
  }
}

/** The answer of a handler that ran outside a write transaction: its output, or the error of a failure it returned. */
function answerOf(result: unknown): unknown {
  if (result instanceof CommittedFailure) throw result.error
  return result instanceof RolledBack ? result.output : result
}

/**
 * Runs a write handler in one transaction with its activity rows, then its after-commit work. The handler's answer
 * decides the end (outcome.ts): an output commits; RolledBack rolls everything back and answers its output;
 * CommittedFailure commits, runs every after-commit step, then answers its error.
 */
async function runWrite(op: RegisteredOp, ctx: OpContext, principal: AuthedContext['principal'], input: unknown): Promise<unknown> {
  const committed: (() => void | Promise<void>)[] = []
  const result = await withTx(ctx.db, async (tx) => {
    const notes: ActivityNote[] = []
    let quiet = false
    const authed: AuthedContext<ErrorCode> = {
      ...ctx, db: tx, principal, workspaceId: principal.workspaceId, fail,
      activity: (n) => void notes.push(n),
      afterCommit: (fn) => void committed.push(fn),
      quiet: () => void (quiet = true),
    }
    const answer = await op.handler(authed, input)
    if (answer instanceof RolledBack) throw new RollBack(answer.output)
    // Every write that changed something leaves a trace, even one whose handler noted nothing.
    if (notes.length === 0 && !quiet) notes.push({ summary: op.name })
    // A personal op run before a workspace was picked records only notes that name their workspace.
    await insertActivity(tx, notes.filter((n) => (n.workspaceId ?? authed.workspaceId) !== null).map((n) => activityRow(authed, op.name, n)))
    // Webhook events summarising the change go into the outbox in this transaction (webhooks/collect.ts); a
    // committed failure commits its writes, so they are announced too. No workspace picked: nothing to announce.
    if (authed.workspaceId !== null) {
      const touched = [...new Set(notes.flatMap((n) => (n.projectId ? [n.projectId] : [])))]
      await writeTransactionEvents(tx, { workspaceId: authed.workspaceId, actor: principal.actor, surface: ctx.surface }, { op: op.name, job_id: null }, touched)
    }
    return answer
  })
  ctx.webhooks?.kick()
  for (const fn of committed) await fn()
  if (result instanceof CommittedFailure) throw result.error
  return result
}

function activityRow(ctx: AuthedContext, op: string, note: ActivityNote): NewActivity {
  return {
    workspace_id: note.workspaceId ?? ctx.workspaceId, project_id: note.projectId ?? null,
    actor_type: ctx.principal.actor.type, actor_id: ctx.principal.actor.id, actor_name: ctx.principal.actor.name,
    surface: ctx.surface, op, target: note.target ?? null, summary: note.summary, request_id: ctx.requestId,
  }
}

/** Role and OAuth scope: a member is forbidden an admin op; a token whose scope falls short is insufficient_scope. */
function checkAllowed(op: RegisteredOp, principal: NonNullable<OpContext['principal']>): void {
  const oauth = principal.oauth
  if (op.admin && principal.role === 'member') {
    if (oauth && oauth.membershipRole !== 'member') fail('insufficient_scope', `${op.name} is an admin op and this token lacks tolk:admin; authorize again asking for scope tolk:admin.`)
    fail('forbidden', principal.actor.type === 'user' ? `${op.name} needs an owner or admin of the workspace; ask one of them.` : `${op.name} needs an owner or admin key; ask an owner of the workspace.`)
  }
  if (op.kind === 'write' && oauth?.scope === 'read') fail('insufficient_scope', `${op.name} changes data and this token holds only tolk:read; authorize again asking for scope tolk:write.`)
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

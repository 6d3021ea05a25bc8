import type * as v from 'valibot'
import type { AuthedContext, OpContext, PersonalContext } from '../context.js'
import type { ContractOf, OpContract, OpName } from '../contract/index.js'
import type { DeclaredError } from '../contract/define-op.js'
import type { Outcome } from '../outcome.js'


/**
 * The handler half of an op: receives a validated input and answers what the contract's output schema describes
 * (a handler answering anything else is a compile error), and fails through `ctx.fail` with the codes its contract
 * declares (DeclaredError; another code is a compile error). A write may instead return `rolledBack(output)` (a dry
 * run) or `failAfterCommit(code, …)` (outcome.ts): values, not throws. Public ops may run without a credential.
 */
export type Handler<C extends OpContract> = (
  ctx: C extends { public: true } ? OpContext : C extends { personal: true } ? PersonalContext<DeclaredError<C>> : AuthedContext<DeclaredError<C>>,
  input: v.InferOutput<C['input']>,
) => Promise<Outcome<v.InferOutput<C['output']>, DeclaredError<C>>>

/** One handler per op name; `satisfies HandlerMap` turns a missing handler into a compile error. */
export type HandlerMap = { [N in OpName]: Handler<ContractOf<N>> }

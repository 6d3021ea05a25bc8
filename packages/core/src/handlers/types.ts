import type * as v from 'valibot'
import type { AuthedContext, OpContext, PersonalContext } from '../context.js'
import type { ContractOf, OpContract, OpName } from '../contract/index.js'

/**
 * The handler half of an op: receives a validated input and answers what the contract's output schema describes
 * (a handler answering anything else is a compile error). Public ops may run without a credential.
 */
export type Handler<C extends OpContract> = (
  ctx: C extends { public: true } ? OpContext : C extends { personal: true } ? PersonalContext : AuthedContext,
  input: v.InferOutput<C['input']>,
) => Promise<v.InferOutput<C['output']>>

/** One handler per op name; `satisfies HandlerMap` turns a missing handler into a compile error. */
export type HandlerMap = { [N in OpName]: Handler<ContractOf<N>> }

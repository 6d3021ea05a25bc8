import * as v from 'valibot'
import type { AuthedContext } from '../context.js'
import type { OpContract } from '../contract/define-op.js'
import { fail } from '../errors.js'

/**
 * Runs an op's handler from a task effect, in resolve_task's transaction: the input goes through the op's own schema
 * (defaults, limits) first, so an action does exactly what the op would. An input the op refuses answers invalid_input.
 */
export async function runOp<C extends OpContract>(ctx: AuthedContext, contract: C, handler: (ctx: AuthedContext, input: v.InferOutput<C['input']>) => Promise<v.InferOutput<C['output']>>, raw: v.InferInput<C['input']>): Promise<v.InferOutput<C['output']>> {
  const parsed = v.safeParse(contract.input, raw)
  if (!parsed.success) {
    fail('invalid_input', `The action's ${contract.name} input is not valid; fix the listed issues.`, {
      issues: parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message })),
    })
  }
  return handler(ctx, parsed.output)
}

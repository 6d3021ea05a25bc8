import * as v from 'valibot'
import type { AuthedContext } from '../context.js'
import type { DeclaredError, OpContract } from '../contract/define-op.js'
import { isOutcome, type Outcome } from '../outcome.js'

/**
 * Runs an op's handler from a task effect, in resolve_task's transaction: the input goes through the op's own schema
 * (defaults, limits) first, so an action does exactly what the op would. An input the op refuses answers invalid_input.
 */
export async function runOp<C extends OpContract>(ctx: NoInfer<AuthedContext<DeclaredError<C>>>, contract: C, handler: (ctx: NoInfer<AuthedContext<DeclaredError<C>>>, input: v.InferOutput<C['input']>) => Promise<Outcome<v.InferOutput<C['output']>, DeclaredError<C>>>, raw: v.InferInput<C['input']>): Promise<v.InferOutput<C['output']>> {
  const parsed = v.safeParse(contract.input, raw)
  if (!parsed.success) {
    ctx.fail('invalid_input', `The action's ${contract.name} input is not valid; fix the listed issues.`, {
      issues: parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message })),
    })
  }
  const answer = await handler(ctx, parsed.output)
  // The ops actions run (set_translation, merge_units, add_rule, ...) answer their output: a dry run or a committed
  // failure inside resolve_task would be a bug of the action, not an answer to give.
  if (isOutcome(answer)) throw new Error(`${contract.name} answered a ${answer.constructor.name} inside an action; actions run ops that answer their output`)
  return answer
}

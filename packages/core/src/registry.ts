import { contracts, type OpContract } from './contract/index.js'
import { handlers } from './handlers/index.js'
import type { Handler } from './handlers/types.js'

/** An op as the pipeline runs it: its contract joined with its handler. */
export interface RegisteredOp extends OpContract {
  readonly handler: Handler<OpContract>
}

/** Every op by name, built from the one list of contracts. */
export const registry: ReadonlyMap<string, RegisteredOp> = new Map(
  contracts.map((c) => [c.name, { ...c, handler: handlers[c.name] as Handler<OpContract> }]),
)

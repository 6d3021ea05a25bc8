import type * as v from 'valibot'

/**
 * The contract half of an op: everything a surface needs to offer it (name, kind, input schema),
 * nothing that touches the database. The handler half lives in ../handlers.
 * @example
 * export const getWorkspace = defineOp({ name: 'get_workspace', kind: 'read', admin: false,
 *   summary: "Show the credential's workspace", input: v.strictObject({}) })
 */
export interface OpContract<I extends v.GenericSchema = v.GenericSchema> {
  readonly name: string
  readonly kind: 'read' | 'write'
  /** Owner or admin only (spec: ops marked A). */
  readonly admin: boolean
  /** Needs no credential over REST (get_pricing). */
  readonly public?: boolean
  /** Removes data, for MCP's destructiveHint. */
  readonly destructive?: boolean
  /** One line, reused by the catalog, OpenAPI, MCP and `tolk op --help`. */
  readonly summary: string
  readonly input: I
}

/** Declares an op contract, keeping its literal types. */
export const defineOp = <const C extends OpContract>(contract: C): C => contract

import type * as v from 'valibot'
import type { JobType } from '@tolk/db/lists'
import type { CommonError, ErrorCode } from './errors.js'

/**
 * The contract half of an op: everything a surface needs to offer it (name, kind, schemas, the text an agent reads),
 * nothing that touches the database. The handler half lives in ../handlers, typed by `output`.
 * @example
 * export const getWorkspace = defineOp({ name: 'get_workspace', kind: 'read', admin: false,
 *   summary: "Show the credential's workspace", description: '...', input: v.strictObject({}), output: Workspace, examples: [{}] })
 */
export interface OpContract<I extends v.GenericSchema = v.GenericSchema, O extends v.GenericSchema = v.GenericSchema> {
  readonly name: string
  readonly kind: 'read' | 'write'
  /** Owner or admin only (spec: ops marked A). */
  readonly admin: boolean
  /**
   * Needs a credential but no chosen workspace: a signed-in person with several workspaces, or none, may call it
   * without X-Service-Workspace (list_workspaces, create_workspace).
   */
  readonly personal?: boolean
  /** Needs no credential over REST (get_pricing). */
  readonly public?: boolean
  /** Removes or overwrites data that cannot be had back (MCP destructiveHint). */
  readonly destructive?: boolean
  /** A write that, sent twice with the same input, leaves what one call leaves (MCP idempotentHint; reads always are). */
  readonly idempotent?: boolean
  /** Can start AI work the provider bills (MCP openWorldHint): the description says when. */
  readonly costsMoney?: boolean
  /** One line: the catalog's and OpenAPI's summary, the CLI's op list. */
  readonly summary: string
  /**
   * What an agent needs to call it right, written once for the catalog, OpenAPI, MCP and `tolk op <name> --help`:
   * what it does, where each id comes from, its rules and what it costs. Two sentences at least.
   */
  readonly description: string
  /** The job type every successful call queues (its answer's job_id): a client retrying after a 5xx looks for that job first. */
  readonly queues?: JobType
  /** Codes this op answers beyond those every op may (surface/catalog.ts COMMON_ERRORS); the test harness fails on any other. */
  readonly errors?: readonly ErrorCode[]
  /**
   * Top-level input fields holding a file's text (push_file content): NUL there is data of the file, kept byte for
   * byte in its stored copy, where any other field refuses it (storable-text.ts).
   */
  readonly fileText?: readonly string[]
  readonly input: I
  /** The shape of a successful answer; the handler's return type is inferred from it. */
  readonly output: O
  /** Inputs that validate against `input` (a test walks them); the first is the one surfaces show. */
  readonly examples: readonly unknown[]
}

/** Declares an op contract, keeping its literal types; examples are type-checked against the input schema. */
export const defineOp = <const C extends OpContract>(contract: C & { readonly examples: readonly v.InferInput<C['input']>[] }): C => contract

/** The codes an op's handler may fail with: its contract's `errors` and those every op may answer. */
export type DeclaredError<C extends OpContract> = CommonError | (C['errors'] extends readonly (infer E extends ErrorCode)[] ? E : never)

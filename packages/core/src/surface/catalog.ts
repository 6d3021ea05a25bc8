import { contracts, type OpContract } from '../contract/index.js'
import { COMMON_ERRORS, ERRORS, type ErrorCode } from '../contract/errors.js'
import { EVENT_DEFS, EVENT_TYPES } from '../contract/webhook-events.js'
import { eventSchemas, opSchemas } from './json-schema.js'

/** Codes any op may answer (contract/errors.ts): a bad body, a bad input, a missing or unknown credential, a failure on the server. */
export { COMMON_ERRORS }

/** One op as the public catalog (GET /api/v1) lists it. */
export interface CatalogEntry {
  name: string
  kind: 'read' | 'write'
  admin: boolean
  public: boolean
  /** Removes data that cannot be had back. */
  destructive: boolean
  /** Calling it twice with the same input leaves what one call leaves. */
  idempotent: boolean
  /** Can start AI work the provider bills. */
  costs_money: boolean
  summary: string
  /** What it does, where its ids come from, its rules: the text agents read (MCP, OpenAPI, `tolk op --help`). */
  description: string
  methods: ('GET' | 'POST')[]
  path: string
  input_schema: unknown
  output_schema: unknown
  /** Inputs that validate against input_schema (also under input_schema.examples). */
  examples: unknown[]
  /** The job type every successful call queues, if any. */
  queues: string | null
  /** Every code the op may answer, with its HTTP status. */
  errors: { code: ErrorCode; status: number }[]
}

/** The codes op `op` may answer: the common ones, forbidden for owner-or-admin ops, method_not_allowed over GET, its own. */
export function errorsOf(op: OpContract): ErrorCode[] {
  // An OAuth token may lack the scope a write or admin op needs.
  const scoped: ErrorCode[] = !op.public && (op.admin || op.kind === 'write') ? ['insufficient_scope'] : []
  const codes = new Set<ErrorCode>([...COMMON_ERRORS, ...scoped, ...(op.admin ? (['forbidden'] as const) : []), ...(op.kind === 'write' ? (['method_not_allowed'] as const) : []), ...(op.errors ?? [])])
  return (Object.keys(ERRORS) as ErrorCode[]).filter((c) => codes.has(c))
}

/** The catalog entry of one contract. */
export function catalogEntry(op: OpContract): CatalogEntry {
  const schemas = opSchemas().get(op.name)
  return {
    name: op.name,
    kind: op.kind,
    admin: op.admin,
    public: op.public ?? false,
    destructive: op.destructive ?? false,
    idempotent: op.kind === 'read' || (op.idempotent ?? false),
    costs_money: op.costsMoney ?? false,
    summary: op.summary,
    description: op.description,
    methods: op.kind === 'read' ? ['GET', 'POST'] : ['POST'],
    path: `/api/v1/${op.name}`,
    input_schema: schemas?.input,
    output_schema: schemas?.output,
    examples: [...op.examples],
    queues: op.queues ?? null,
    errors: errorsOf(op).map((code) => ({ code, status: ERRORS[code].status })),
  }
}

/** The catalog of every op, generated from the registry's contracts. */
export function catalog(): { version: 1; ops: CatalogEntry[]; events: EventEntry[] } {
  return { version: 1, ops: (contracts as readonly OpContract[]).map(catalogEntry), events: eventCatalog() }
}

/** A webhook event type as the catalog lists it: what it says and the JSON Schema of the body it posts. */
export interface EventEntry {
  type: string
  summary: string
  payload_schema: unknown
}

/** Every webhook event type (create_webhook's events), from the one list of event definitions. */
export function eventCatalog(): EventEntry[] {
  const schemas = eventSchemas()
  return EVENT_TYPES.map((type) => ({ type, summary: EVENT_DEFS[type].summary, payload_schema: schemas.get(type) }))
}

import { contracts, type OpContract } from '../contract/index.js'
import { inputSchemas } from './json-schema.js'

/** One op as the public catalog (GET /api/v1) lists it. */
export interface CatalogEntry {
  name: string
  kind: 'read' | 'write'
  admin: boolean
  public: boolean
  destructive: boolean
  summary: string
  methods: ('GET' | 'POST')[]
  path: string
  input_schema: unknown
}

/** The catalog of every op, generated from the registry's contracts. */
export function catalog(): { version: 1; ops: CatalogEntry[] } {
  const schemas = inputSchemas()
  return {
    version: 1,
    ops: (contracts as readonly OpContract[]).map((op) => ({
      name: op.name,
      kind: op.kind,
      admin: op.admin,
      public: op.public ?? false,
      destructive: op.destructive ?? false,
      summary: op.summary,
      methods: op.kind === 'read' ? ['GET', 'POST'] : ['POST'],
      path: `/api/v1/${op.name}`,
      input_schema: schemas.get(op.name),
    })),
  }
}

// Integration harness: one app per backend (PGlite always, PostgreSQL when DATABASE_URL is set), and a fresh
// workspace per test so files run in parallel without truncating tables.
import { randomUUID } from 'node:crypto'
import { SearchIndexer, contracts, createWorkspaceWithOwner } from '@tolk/core'
import { assertDeclaredError, assertOutput } from '@tolk/core/testing'
import type { Connection } from '@tolk/db'
import { testBackends, type TestBackend } from '@tolk/db/testing'
import { afterAll, beforeAll, describe } from 'vitest'
import { createApp, type AppDeps } from '../src/app.js'

export const BASE_URL = 'http://tolk.test'

/** Search budgets of the test apps: what search_units finds must not depend on how loaded the test machine is. */
export const SEARCH_BUDGET = { fastMs: 10_000, fallbackMs: 10_000 }

const OP_NAMES = new Set<string>(contracts.map((c) => c.name))

/** A caller of the API with one key. */
export interface Caller {
  key: string
  /** POSTs (or GETs) an op and returns status, body and headers. */
  call(op: string, input?: unknown, init?: { method?: 'GET' | 'POST'; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>
}

/** What each backend's describe block gets. */
export interface Env {
  backend: TestBackend['name']
  app(): ReturnType<typeof createApp>
  conn(): Connection
  /** A new workspace and its owner key. */
  workspace(): Promise<Caller & { workspaceId: string }>
  /** A caller with any key (or none). */
  as(key: string | undefined): Caller
}

/** Runs `fn` inside one describe block per backend; `deps` adds to the app's dependencies (billing, limits), read once the block starts. */
export function forEachBackend(title: string, fn: (env: Env) => void, deps?: () => Partial<AppDeps>): void {
  describe.each(testBackends())(`${title} [$name]`, (backend) => {
    let conn: Connection
    let app: ReturnType<typeof createApp>
    let indexer: SearchIndexer
    beforeAll(async () => {
      conn = await backend.connect()
      indexer = new SearchIndexer(conn.db)
      app = createApp({ db: conn.db, baseUrl: BASE_URL, searchBudget: SEARCH_BUDGET, searchIndexer: indexer, ...deps?.() })
    })
    afterAll(async () => {
      await indexer?.stop()
      await conn?.close()
    })
    const as = (key: string | undefined): Caller => ({
      key: key ?? '',
      async call(op, input, init = {}) {
        const method = init.method ?? 'POST'
        const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers }
        let url = `${BASE_URL}/api/v1/${op}`
        let body: string | undefined
        if (method === 'GET') {
          if (input !== undefined) url += `?input=${encodeURIComponent(JSON.stringify(input))}`
        } else if (input !== undefined) {
          body = JSON.stringify(input)
          headers['content-type'] ??= 'application/json'
        }
        const res = await app.request(url, { method, headers, body })
        const text = await res.text()
        const parsed = text ? JSON.parse(text) : undefined
        // Every answer any test gets is checked against its op's output schema, so no test can pass on an undocumented shape.
        if (res.status === 200 && OP_NAMES.has(op)) assertOutput(op, parsed)
        // And every failure against its op's declared errors, so no test can pass on an undeclared code.
        if (res.status !== 200 && OP_NAMES.has(op)) assertDeclaredError(op, res.status, parsed)
        return { status: res.status, body: parsed, headers: res.headers }
      },
    })
    fn({
      backend: backend.name,
      app: () => app,
      conn: () => conn,
      as,
      async workspace() {
        const slug = `ws-${randomUUID().slice(0, 8)}`
        const { workspaceId, apiKey } = await createWorkspaceWithOwner(conn.db, `Test ${slug}`, slug)
        return { ...as(apiKey), workspaceId }
      },
    })
  })
}

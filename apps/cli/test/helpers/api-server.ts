// The real API in-process on a loopback port, on a throwaway PGlite database, for the packed CLI to talk to.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { createWorkspaceWithOwner, InProcessRunner, signUp, WebhookDispatcher } from '@tolk/core'
// Relative imports: these are another app's and a package's sources, used by this test only.
import { createApp } from '../../../api/src/app.js'
import type { Connection } from '../../../../packages/db/src/index.js'
import { migratedPGlite } from '../../../../packages/db/test/backends.js'
import type { TranslationProvider } from '../../../../packages/ai/src/index.js'

/** A running API and how to get a fresh workspace on it. */
export interface RunningApi {
  url: string
  /** A new workspace with its owner key. */
  workspace(): Promise<{ workspaceId: string; key: string }>
  /** A person who signed up (owning a new workspace), to sign in with. */
  person(email: string, password: string): Promise<{ workspaceSlug: string }>
  close(): Promise<void>
}

/** A fresh migrated in-memory PGlite database. */
async function memoryDb(): Promise<Connection> {
  return migratedPGlite()
}

/** Jobs for the API to run in process (the embedded default), and how long a push's auto-translation waits for files. */
export interface ApiJobs {
  ai: TranslationProvider
  autoTranslateWaitMs: number
  batchSize?: number
}

/**
 * Starts the API on 127.0.0.1 with an ephemeral port, on a fresh PGlite database unless given another. Without `jobs`
 * queued jobs stay queued; with it, the in-process runner runs every job of the database (give it one of its own).
 */
export async function startApi(connectDb: () => Promise<Connection> = memoryDb, jobs?: ApiJobs, options: { webhooks?: boolean } = {}): Promise<RunningApi> {
  const conn = await connectDb()
  // With webhooks, writes wake a dispatcher that may reach loopback receivers (TOLK_WEBHOOKS_ALLOW_PRIVATE=1).
  const webhooks = options.webhooks ? new WebhookDispatcher(conn.db, { allowPrivate: true }) : undefined
  const runner = jobs ? new InProcessRunner({ db: conn.db, ai: jobs.ai, batchSize: jobs.batchSize ?? 40 }, 100).start() : undefined
  let app: ReturnType<typeof createApp> | undefined
  const server = createServer((req, res) => void serve(app!, url, req, res))
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  app = createApp({
    db: conn.db, baseUrl: url, ...(runner ? { queue: runner, autoTranslateWaitMs: jobs!.autoTranslateWaitMs } : {}),
    ...(webhooks ? { webhooks, webhookOptions: { allowPrivate: true } } : {}),
  })
  return {
    url,
    async workspace() {
      const slug = `cli-${randomUUID().slice(0, 8)}`
      const { workspaceId, apiKey } = await createWorkspaceWithOwner(conn.db, `CLI ${slug}`, slug)
      return { workspaceId, key: apiKey }
    },
    async person(email, password) {
      const made = await signUp(conn.db, { email, password })
      if (!('user' in made)) throw new Error(`sign-up refused: ${JSON.stringify(made)}`)
      return { workspaceSlug: made.workspace.slug }
    },
    async close() {
      await runner?.stop()
      await webhooks?.stop()
      server.closeAllConnections()
      await new Promise((ok) => server.close(ok))
      await conn.close()
    },
  }
}

// A minimal Node -> fetch adapter (the API's own node-server dependency belongs to apps/api).
async function serve(app: ReturnType<typeof createApp>, base: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0
  const response = await app.fetch(new Request(`${base}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }))
  // Set-Cookie may come more than once (a session and its CSRF cookie); a plain object would keep one.
  const cookies = response.headers.getSetCookie()
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...(cookies.length > 0 ? { 'set-cookie': cookies } : {}) })
  res.end(Buffer.from(await response.arrayBuffer()))
}

// Vitest global setup of every project: bundles the servers and commands tests spawn as processes (the API's main,
// recover and billing setup, the worker's main) once per run, so each start loads one file instead of tsx
// transpiling the workspace again (see tools/server-bundle.ts). Tests start them with serverEntry().
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleServer, serverEntry } from './server-bundle.js'

const path = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url))
const ENTRIES = ['apps/api/src/main.ts', 'apps/api/src/recover.ts', 'apps/api/src/billing-setup.ts', 'apps/worker/src/main.ts'].map(path)
// Big pushes parse on a worker thread started from ./parse-worker.js beside the running module
// (packages/core/src/services/parse-off-thread.ts): each bundle's folder gets one.
const PARSE_WORKER = path('packages/core/src/services/parse-worker.ts')

export async function setup(): Promise<void> {
  const folders = [...new Set(ENTRIES.map((e) => dirname(serverEntry(e))))]
  await Promise.all([...ENTRIES.map((e) => bundleServer(e)), ...folders.map((f) => bundleServer(PARSE_WORKER, join(f, 'parse-worker.js')))])
}

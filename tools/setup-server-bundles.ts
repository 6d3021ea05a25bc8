// Vitest global setup of every project: bundles the servers tests spawn as processes (the API's main and recover,
// the worker's main) once per run, so each start loads one file instead of tsx transpiling the workspace again
// (see tools/server-bundle.ts). Tests start them with serverEntry().
import { fileURLToPath } from 'node:url'
import { bundleServer } from './server-bundle.js'

const ENTRIES = ['apps/api/src/main.ts', 'apps/api/src/recover.ts', 'apps/worker/src/main.ts'].map((p) => fileURLToPath(new URL(`../${p}`, import.meta.url)))

export async function setup(): Promise<void> {
  await Promise.all(ENTRIES.map(bundleServer))
}

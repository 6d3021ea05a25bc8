// Bundles an app's entry (a spawned server of the tests: the API's main.ts, the worker's) into one ESM file beside
// the app, once per test run. Spawning `node --import tsx` on the sources transpiled the whole workspace on every
// start, seconds of CPU each time on a loaded machine; the bundle starts like the built dist without needing
// `pnpm build`. The workspace's own packages are bundled from their sources; every other package stays an import
// of the file it resolves to from its importer (pnpm keeps each package's dependencies beside it, and PGlite finds
// its wasm next to its own module).
import { mkdirSync, renameSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { build, type Plugin } from 'esbuild'

const conditions = ['@tolk/source', 'import', 'module', 'node', 'default']

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@tolk/') || args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined
      const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' })
      if (found.errors.length > 0) return { errors: found.errors }
      // Node built-ins without the node: prefix resolve to themselves.
      return { path: found.external ? args.path : found.path, external: true }
    })
  },
}

/** Where the bundle of `entry` (a .ts file in an app's src/) lies: `<app>/.test-build/<name>.mjs`. */
export function serverEntry(entry: string): string {
  return join(dirname(dirname(entry)), '.test-build', basename(entry).replace(/\.ts$/, '.mjs'))
}

/** Bundles `entry` to `out` (serverEntry(entry) unless given) and answers that path. */
export async function bundleServer(entry: string, out = serverEntry(entry)): Promise<string> {
  const outDir = dirname(out)
  const tmp = `${out}.${process.pid}.tmp`
  mkdirSync(outDir, { recursive: true })
  await build({ entryPoints: [entry], outfile: tmp, bundle: true, platform: 'node', format: 'esm', target: 'node20', conditions, plugins: [externalPackages], logLevel: 'warning', sourcemap: 'inline' })
  // Several runs may bundle at once: each writes its own file and renames it over the last (atomic).
  renameSync(tmp, out)
  return out
}

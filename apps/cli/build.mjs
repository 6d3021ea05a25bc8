// Bundles the CLI into one file, dist/tolk.js, with every dependency inside, so the packed tarball
// installs into an empty folder and runs without the monorepo.
import { build } from 'esbuild'
import { statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
// The CLI imports only @tolk/core's pure subpaths (@tolk/core/surface, @tolk/core/contract, @tolk/core/paths); should one of
// them ever reach the database stack, the bundle refuses to build (the import rules check it too).
const FORBIDDEN = /(^|\/)(@tolk\/db|packages\/db|kysely|postgres|@electric-sql\/pglite)(\/|$)/

const result = await build({
  entryPoints: [join(here, 'src/bin.ts')],
  outfile: join(here, 'dist/tolk.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@tolk/source'],
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __tolkCreateRequire } from 'node:module';\nconst require = __tolkCreateRequire(import.meta.url);" },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
})

// The value lists (statuses, job types) are pure constants the contracts read; nothing else of the db package may come in.
const PURE_DB = /packages\/db\/src\/lists\.ts$/
const bad = Object.keys(result.metafile.inputs).filter((p) => FORBIDDEN.test(p) && !PURE_DB.test(p))
if (bad.length > 0) {
  console.error(`dist/tolk.js must not contain database code, found:\n${bad.join('\n')}`)
  process.exit(1)
}
const kb = Math.round(statSync(join(here, 'dist/tolk.js')).size / 1024)
console.log(`dist/tolk.js ${kb} KiB`)

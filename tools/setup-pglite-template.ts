// Vitest global setup of every project (after setup-temp-run.ts): migrates one PGlite and dumps it into the run's
// temporary folder; every test file's PGlite starts from that dump (@tolk/db/testing migratedPGlite) instead of
// running initdb and every migration again; spawned servers copy its unpacked data folder. Workers inherit the variable that names the file.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { writePGliteTemplate } from '../packages/db/test/backends.js'

const UNPACK = fileURLToPath(new URL('./unpack-pglite-template.ts', import.meta.url))

export async function setup(): Promise<void> {
  // Every project of a run shares one temporary folder (setup-temp-run.ts): the first project's template serves all.
  if (process.env.TOLK_TEST_PGLITE_TEMPLATE_DIR) return
  await writePGliteTemplate(join(tmpdir(), 'pglite-template.tar'))
  // The same as a data folder, for the servers tests spawn on a TOLK_DATA_DIR (@tolk/db/testing migratedDataDir).
  // In a child process (unpack-pglite-template.ts says why); workers learn the folder from the variable set here.
  const dir = join(tmpdir(), 'pglite-template-dir')
  execFileSync(process.execPath, ['--import', 'tsx', '--conditions', '@tolk/source', UNPACK, join(tmpdir(), 'pglite-template.tar'), dir], { stdio: 'inherit' })
  process.env.TOLK_TEST_PGLITE_TEMPLATE_DIR = dir
}

// Unpacks the run's PGlite template (a tar from writePGliteTemplate) into a data folder, in a process of its own:
// PGlite on a real folder leaves file handles and a timer behind after close(), which kept vitest's main process
// from exiting for its 10 s close timeout at the end of every run. Run by tools/setup-pglite-template.ts.
import { writePGliteTemplateDir } from '../packages/db/test/backends.js'

const [file, dir] = process.argv.slice(2)
if (!file || !dir) throw new Error('usage: unpack-pglite-template.ts <template.tar> <data folder>')
await writePGliteTemplateDir(file, dir)
process.exit(0)

// The import rules of .dependency-cruiser.cjs, run as part of `pnpm test`: the arrows go one way
// (apps -> core -> {db, formats, ai}), the contract and the CLI reach no database code, and no module circles.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
// A root devDependency, so pnpm links it at the root.
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

test('every workspace module keeps to the import rules', async () => {
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'packages/ai/src', 'packages/core/src', 'packages/db/src', 'packages/formats/src', 'apps/api/src', 'apps/cli/src', 'apps/worker/src', 'apps/web/src'], { cwd: root, maxBuffer: 1 << 26 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    )
  })
  // On failure the message is depcruise's own report: each rule broken, with the import chain.
  expect(output.includes('no dependency violations found') && code === 0, output).toBe(true)
}, 180_000)

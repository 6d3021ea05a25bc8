// Vitest setup file (runs in each test file's worker): every temporary file a test or a process it
// starts makes goes under one folder of this test file, removed when the file's tests end, so a run
// leaves nothing in the system temp folder even when a test forgets its own cleanup.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

const previous = process.env.TMPDIR
const root = mkdtempSync(join(tmpdir(), 'tolk-test-'))
// os.tmpdir() reads TMPDIR on every call, and child processes inherit it.
process.env.TMPDIR = root

afterAll(() => {
  if (previous === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = previous
  rmSync(root, { recursive: true, force: true })
})

// Vitest global setup of every project: the whole run's temporary files go under one folder, removed when
// the run ends. Workers inherit TMPDIR; tools/setup-temp.ts nests a folder per test file inside it, and
// this teardown also catches what a file whose tests were all skipped (no afterAll) left behind.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function setup(): () => void {
  // Each project of a run (unit, full, browser) calls this; the first one's folder serves them all. Nesting one per
  // project made paths so long that Chromium's singleton socket (a Unix socket, 107 bytes at most) could not be made.
  if (process.env.TOLK_TEST_RUN_DIR) return () => {}
  const previous = process.env.TMPDIR
  const root = mkdtempSync(join(tmpdir(), 'tolk-test-run-'))
  process.env.TMPDIR = root
  // What test files share for the whole run (the packed CLI) goes here; each file's TMPDIR is removed after it.
  process.env.TOLK_TEST_RUN_DIR = root
  return () => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    delete process.env.TOLK_TEST_RUN_DIR
    rmSync(root, { recursive: true, force: true })
  }
}

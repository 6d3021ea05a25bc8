// Test support: files a validator reads, written to a temporary folder that is removed afterwards,
// so test runs leave nothing behind in the system temp folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Writes each named file into a fresh temporary folder, runs `fn` on their paths, and removes the folder. */
export function withTempFiles<T>(files: Record<string, string | Uint8Array>, fn: (paths: string[]) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'tolk-test-'))
  try {
    const paths = Object.entries(files).map(([name, content]) => {
      const path = join(dir, name)
      writeFileSync(path, content)
      return path
    })
    return fn(paths)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

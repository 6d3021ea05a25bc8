// Test support: runs java.util.Properties over files through PropCheck.java (JDK single-file launch).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** What Java read from one file: its key/value map, or the exception it threw. */
export interface JavaResult {
  ok: boolean
  map?: Record<string, string>
  error?: string
}

const PROGRAM = fileURLToPath(new URL('./PropCheck.java', import.meta.url))

/** Loads every file with java.util.Properties; throws when java itself is missing so tests fail, not skip. */
export function loadWithJava(paths: readonly string[]): Map<string, JavaResult> {
  let stdout: string
  try {
    stdout = execFileSync('java', [PROGRAM, ...paths], { encoding: 'utf8', maxBuffer: 1 << 28 })
  } catch (error) {
    const out = (error as { stdout?: string }).stdout
    if (typeof out !== 'string' || out === '') throw error
    stdout = out
  }
  const results = new Map<string, JavaResult>()
  for (const line of stdout.split('\n').filter(Boolean)) {
    const [status, path = '', payload = ''] = line.split('\t')
    results.set(path, status === 'OK' ? { ok: true, map: JSON.parse(payload) } : { ok: false, error: JSON.parse(payload) })
  }
  return results
}

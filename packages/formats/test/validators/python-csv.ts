// Test support: reads files with Python's csv module in strict mode, the validator FORMATS.md names.
import { execFileSync } from 'node:child_process'

/** What Python read from one file: its records, or the error it raised. */
export interface PythonCsvResult {
  ok: boolean
  rows?: string[][]
  error?: string
}

const SCRIPT = `
import csv, json, sys
delimiter, backslash = sys.argv[1], sys.argv[2] == 'backslash'
out = []
for path in sys.argv[3:]:
    try:
        with open(path, newline='', encoding='utf-8') as f:
            extra = {'escapechar': '\\\\', 'doublequote': False} if backslash else {}
            out.append({'ok': True, 'rows': list(csv.reader(f, delimiter=delimiter, strict=True, **extra))})
    except Exception as e:
        out.append({'ok': False, 'error': repr(e)})
print(json.dumps(out))
`

/** Reads files with csv.reader(strict=True); `backslash` adds escapechar for that dialect. Throws when python3 is missing. */
export function readWithPython(paths: readonly string[], delimiter: string, dialect: 'rfc' | 'backslash'): PythonCsvResult[] {
  const stdout = execFileSync('python3', ['-c', SCRIPT, delimiter, dialect, ...paths], { encoding: 'utf8', maxBuffer: 1 << 28 })
  return JSON.parse(stdout) as PythonCsvResult[]
}

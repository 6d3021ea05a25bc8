/**
 * Test support for the JSON-based formats: the ecosystem validators FORMATS.md lists, run on text.
 * A missing validator makes the calling test fail (execFileSync throws ENOENT).
 */
import { execFileSync } from 'node:child_process'

/** Runs `jq empty` on the text; throws with jq's message when it rejects it. */
export function jqAccepts(text: string): true {
  execFileSync('jq', ['empty'], { input: text, stdio: ['pipe', 'pipe', 'pipe'] })
  return true
}

const DUPLICATE_CHECK = `
import json, sys
def hook(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen: raise ValueError(f"duplicate key {k!r}")
        seen.add(k)
    return dict(pairs)
raw = sys.stdin.buffer.read()
if raw.startswith(b'\\xef\\xbb\\xbf'): raise SystemExit("UTF-8 BOM")
json.loads(raw.decode('utf-8'), object_pairs_hook=hook)
`

/** Runs FORMATS.md's python duplicate-key and BOM check; throws when it rejects the text. */
export function pythonStrictAccepts(text: string): true {
  execFileSync('python3', ['-c', DUPLICATE_CHECK], { input: text, stdio: ['pipe', 'pipe', 'pipe'] })
  return true
}

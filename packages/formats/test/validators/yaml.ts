// Test support: loads YAML with Ruby Psych (the real reader of Rails files) and with PyYAML, and
// looks entries up in what they read, so tests check meaning and not only syntax.
import { execFileSync } from 'node:child_process'
import type { Entry } from '../../src/format.js'

/** What one reader made of one file: the data, or the error it raised. */
export interface LoadResult {
  ok: boolean
  data?: unknown
  error?: string
}

const RUBY = `
require 'yaml'; require 'json'
def plain(v)
  case v
  when Hash then v.to_h { |k, x| [k.to_s, plain(x)] }
  when Array then v.map { |x| plain(x) }
  when Symbol then ":#{v}"
  when String, Integer, Float, TrueClass, FalseClass, NilClass then v
  else v.to_s
  end
end
out = ARGV.map do |f|
  begin
    { ok: true, data: plain(YAML.safe_load(File.read(f, encoding: 'UTF-8'), permitted_classes: [Symbol], aliases: true)) }
  rescue Exception => e
    { ok: false, error: "#{e.class}: #{e.message}" }
  end
end
puts JSON.generate(out)
`

const PYTHON = `
import json, sys, yaml
out = []
for f in sys.argv[1:]:
    try:
        with open(f, encoding='utf-8') as h:
            out.append({'ok': True, 'data': yaml.safe_load(h)})
    except Exception as e:
        out.append({'ok': False, 'error': repr(e)})
print(json.dumps(out, default=str))
`

/** Loads files with Ruby's YAML.safe_load (Symbols permitted, aliases on). Throws when ruby is missing. */
export function loadWithRuby(paths: readonly string[]): LoadResult[] {
  return JSON.parse(execFileSync('ruby', ['-e', RUBY, ...paths], { encoding: 'utf8', maxBuffer: 1 << 28 })) as LoadResult[]
}

/** Loads files with PyYAML's safe_load. Throws when python3 or PyYAML is missing. */
export function loadWithPython(paths: readonly string[]): LoadResult[] {
  return JSON.parse(execFileSync('python3', ['-c', PYTHON, ...paths], { encoding: 'utf8', maxBuffer: 1 << 28 })) as LoadResult[]
}

function step(node: unknown, segment: string): unknown {
  const m = /^(.*?)((?:\[\d+\])*)$/.exec(segment)!
  let cur = m[1] === '' ? node : (node as Record<string, unknown> | null)?.[m[1]!]
  for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) cur = (cur as unknown[] | null)?.[Number(idx[1])]
  return cur
}

/** The value a reader holds for an entry's key, in the file's layout (Rails root, Hugo list, plain). */
export function lookup(data: unknown, key: string, layout: 'rails' | 'hugo' | 'plain'): unknown {
  if (layout === 'hugo') return (data as { id: string; translation: unknown }[]).find((i) => i.id === key)?.translation
  let node = layout === 'rails' ? Object.values(data as Record<string, unknown>)[0] : data
  for (const segment of key.split('.')) node = step(node, segment)
  return node
}

/** What a reader should hold for an entry: its plural map or its text. */
export function expected(entry: Entry): unknown {
  return entry.plural ? entry.plural : entry.value
}

/**
 * Which learned format reads a file: one whose file patterns name the path, else one whose patterns share the file's
 * extension, and in both cases only when its template reads the content without error into at least one entry.
 * Patterns are matched as literals with `{locale}` / `{android_locale}` standing for one path segment's part.
 */
import { readSlots } from './engine.js'
import type { Template } from './schema.js'

/** An active learned format as detection sees it. */
export interface LearnedCandidate {
  id: string
  template: Template
  patterns: readonly string[]
}

/** Confidence of a learned format whose pattern names the path, and of one that only shares its extension. */
export const PATTERN_CONFIDENCE = 0.97
export const EXTENSION_CONFIDENCE = 0.6

/** True when `path` fits `pattern`: literal parts in order, placeholders matching text without `/`. */
export function pathFits(pattern: string, path: string): boolean {
  const parts = pattern.split(/\{(?:android_)?locale\}/)
  if (parts.length === 1) return pattern === path
  const first = parts[0]!
  const last = parts[parts.length - 1]!
  if (!path.startsWith(first) || !path.endsWith(last) || path.length < first.length + last.length) return false
  let at = first.length
  const stop = path.length - last.length
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!
    const found = i === parts.length - 1 ? stop : path.indexOf(part, at + 1)
    if (found === -1 || found > stop || found <= at) return false
    if (path.slice(at, found).includes('/')) return false
    at = found + part.length
  }
  return true
}

/** The extension of a path's file name, with its dot (`.ini`), or ''. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** How sure each learned format is that it reads the file, best first; formats that do not read it are left out. */
export function detectLearned(candidates: readonly LearnedCandidate[], path: string, content: string): { id: string; confidence: number }[] {
  const ext = extensionOf(path)
  const out: { id: string; confidence: number }[] = []
  for (const c of candidates) {
    const named = c.patterns.some((p) => pathFits(p, path))
    const sameKind = ext !== '' && c.patterns.some((p) => extensionOf(p) === ext)
    if (!named && !sameKind) continue
    const reading = readSlots(c.template, content)
    if (reading.error || reading.slots.length === 0) continue
    out.push({ id: c.id, confidence: named ? PATTERN_CONFIDENCE : EXTENSION_CONFIDENCE })
  }
  return out.sort((a, b) => b.confidence - a.confidence)
}

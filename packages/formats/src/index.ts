import type { Entry, FormatId, ParseOptions, ParseResult, RenderOptions } from './format.js'
import { formats, getFormat } from './registry.js'

export type * from './format.js'
export { extraCategoriesReadBy, pluralCategories, isPluralCategory, optionalCategories, pluralFit } from './plural.js'
export type { PluralFit } from './plural.js'
export { extractPlaceholders, comparePlaceholders } from './placeholders/index.js'
export type { Placeholder, PlaceholderComparison } from './placeholders/index.js'
export { isFormatId } from './registry.js'

/** A built-in format as listFormats shows it. */
export interface FormatInfo {
  id: FormatId
  name: string
  extensions: readonly string[]
  multiLocale: boolean
  /** Its render takes style from the source copy (RenderOptions.styleSource). */
  stylesFromSource: boolean
}

/** Every built-in format with its name and file extensions. */
export function listFormats(): FormatInfo[] {
  return formats.map(({ id, name, extensions, multiLocale, stylesFromSource }) => ({ id, name, extensions, multiLocale, stylesFromSource: stylesFromSource ?? false }))
}

/** One built-in format's name, extensions and whether a file holds every locale; undefined for an unknown id. */
export function getFormatInfo(id: string): FormatInfo | undefined {
  const f = getFormat(id)
  return f && { id: f.id, name: f.name, extensions: f.extensions, multiLocale: f.multiLocale, stylesFromSource: f.stylesFromSource ?? false }
}

/** How sure detection is of one format. */
export interface Candidate {
  format: FormatId
  confidence: number
}

/** What detectFormat answers: the best format (null when none fits) and the runners-up. */
export interface Detection {
  format: FormatId | null
  confidence: number
  candidates: Candidate[]
}

/** Names the format a file is in, from its name and its content together. */
export function detectFormat(filename: string, content: string): Detection {
  const candidates = formats
    .map((f) => ({ format: f.id, confidence: clamp(f.detect(filename, content)) }))
    .filter((c) => c.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence)
  const best = candidates[0]
  return { format: best?.format ?? null, confidence: best?.confidence ?? 0, candidates }
}

/** Reads a file into entries; problems come back as issues with line and column, never as throws. */
export function parse(format: FormatId, content: string, options: ParseOptions = {}): ParseResult {
  return requireFormat(format).parse(content, options)
}

/** Writes entries into the last pushed file (or a clean file), keeping every byte it does not change. */
export function render(format: FormatId, template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  return requireFormat(format).render(template, entries, options)
}

function requireFormat(id: string) {
  const format = getFormat(id)
  // A programming error, not user input: callers check isFormatId first.
  if (!format) throw new TypeError(`Unknown format id: ${id}`)
  return format
}

function clamp(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.min(1, n)) : 0
}
export {
  validateTemplate, parseLearned, renderLearned, checkTemplate, inferTemplate, detectLearned, pathFits, TEMPLATE_GUIDE, TEMPLATE_EXAMPLES, TEMPLATE_LIMITS,
} from './learned/index.js'
export type { Template, TemplateIssue, TemplateCheck, Inference, LearnedCandidate, LearnedRenderOptions, Unwritable } from './learned/index.js'

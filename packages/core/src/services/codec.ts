/**
 * A file's format as push and pull use it: a built-in format, or a format the workspace learned (its template run by
 * the engine in @tolk/formats). Files store the format's id: a built-in id, or a learned format's UUID.
 */
import { findLearnedFormat, listLearnedFormats, type Db, type LearnedFormatRow } from '@tolk/db'
import {
  detectFormat, detectLearned, getFormatInfo, isFormatId, parse, parseLearned, render, renderLearned, validateTemplate,
  type Entry, type FormatId, type LearnedRenderOptions, type ParseOptions, type ParseResult, type RenderOptions, type Template,
} from '@tolk/formats'
import { parseFile } from './parse-off-thread.js'
import type { AuthedContext } from '../context.js'

/** Options of a codec's render: a learned format reports in `unwritable` each value its template cannot write. */
export type CodecRenderOptions = RenderOptions & Pick<LearnedRenderOptions, 'unwritable'>

/** Reading and writing one format. */
export interface Codec {
  /** What files.format stores: the built-in id or the learned format's id. */
  id: string
  multiLocale: boolean
  /** Its render takes style from the source copy (RenderOptions.styleSource); learned formats do not. */
  stylesFromSource?: boolean
  /** The learned format behind it, when it is one. */
  learned?: Pick<LearnedFormatRow, 'id' | 'slug' | 'status'>
  parse(content: string, options: ParseOptions): ParseResult
  /** Writes into the last pushed copy; built-ins write any text, so only a learned format adds to `options.unwritable`. */
  render(template: string | undefined, entries: readonly Entry[], options: CodecRenderOptions): string
}

/** A built-in format as a codec. */
export function builtInCodec(id: string): Codec | undefined {
  return isFormatId(id) ? codecOfBuiltIn(id) : undefined
}

function codecOfBuiltIn(id: FormatId): Codec {
  return {
    id, multiLocale: getFormatInfo(id)?.multiLocale ?? false, stylesFromSource: getFormatInfo(id)?.stylesFromSource ?? false,
    parse: (content, options) => parse(id, content, options),
    render: (template, entries, options) => render(id, template, entries, options),
  }
}

/** A learned format's template as a codec; a stored template that no longer validates reads nothing. */
export function learnedCodec(row: Pick<LearnedFormatRow, 'id' | 'slug' | 'status' | 'template'>): Codec {
  const template = validateTemplate(row.template).template
  return {
    id: row.id, multiLocale: false, learned: { id: row.id, slug: row.slug, status: row.status },
    parse: (content, options) => template
      ? parseLearned(template, content, options)
      : { entries: [], locales: [], issues: [{ severity: 'error', message: 'The learned format has no valid template.', line: 1, column: 1 }] },
    render: (text, entries, options) => (template ? renderLearned(template, text, entries, options) : text ?? ''),
  }
}

/** The codec of a stored file's format (built in, or learned by this workspace whatever its status). */
export async function codecOf(ctx: { db: Db; workspaceId: string }, id: string): Promise<Codec> {
  const builtIn = builtInCodec(id)
  if (builtIn) return builtIn
  const row = await findLearnedFormat(ctx.db, ctx.workspaceId, id)
  if (!row) throw new Error(`file format ${id} is neither built in nor learned by the workspace`)
  return learnedCodec(row)
}

/** What a push is read as: a codec, or null when neither a built-in nor an active learned format reads the file. */
export async function pushCodec(ctx: Pick<AuthedContext<'unknown_format' | 'format_not_ready'>, 'db' | 'workspaceId' | 'fail'>, forced: string | undefined, path: string, content: string): Promise<Codec | null> {
  if (forced !== undefined) {
    const builtIn = builtInCodec(forced)
    if (builtIn) return builtIn
    const row = await findLearnedFormat(ctx.db, ctx.workspaceId, forced)
    if (!row) ctx.fail('unknown_format', `No format "${forced}"; list_formats names the built-in formats and the workspace's learned ones (by slug or id).`)
    if (row.status !== 'active') ctx.fail('format_not_ready', `The learned format ${row.slug} is ${row.status}; make it active with approve_format (or keep its learn_format task), then push again.`)
    return learnedCodec(row)
  }
  const detected = await readAs(ctx, path, content)
  if (!detected.format || detected.confidence < 0.3) return null
  if (isFormatId(detected.format)) return codecOfBuiltIn(detected.format)
  return learnedCodec(detected.learned.find((l) => l.id === detected.format)!)
}

/**
 * What detect_format answers and a push without `format` reads the file as: the best candidate, except a built-in
 * guessed from the content alone (`key: value` lines look like YAML; the path's extension is not the format's) that
 * refuses the file. The file is not in it, so a learned format that reads it is the answer, else none (a push learns
 * one), rather than the parse errors of a format it was never in. No runner-up built-in is tried: the same guess.
 */
export async function readAs(ctx: { db: Db; workspaceId: string }, path: string, content: string) {
  const detected = await detectWithLearned(ctx, path, content)
  const { format } = detected
  if (format === null || !isFormatId(format) || ownsPath(format, path)) return detected
  const parsed = await parseFile(format, content, {})
  if (!parsed.issues.some((i) => i.severity === 'error')) return detected
  const learned = detected.candidates.find((c) => !isFormatId(c.format))
  return { ...detected, format: learned?.format ?? null, confidence: learned?.confidence ?? 0 }
}

/** True when the path ends in an extension of the built-in format (`.yml` for YAML): its name says the format. */
function ownsPath(id: FormatId, path: string): boolean {
  const name = path.toLowerCase()
  return (getFormatInfo(id)?.extensions ?? []).some((ext) => name.endsWith(ext))
}

/** detect_format over the built-in formats and the workspace's active learned formats together. */
async function detectWithLearned(ctx: { db: Db; workspaceId: string }, path: string, content: string) {
  const builtIn = detectFormat(path, content)
  const learned = (await listLearnedFormats(ctx.db, ctx.workspaceId, 'active'))
    .map((r) => ({ ...r, parsed: validateTemplate(r.template).template }))
    .filter((r): r is typeof r & { parsed: Template } => r.parsed !== undefined)
  const found = detectLearned(learned.map((r) => ({ id: r.id, template: r.parsed, patterns: r.file_patterns })), path, content)
  const candidates = [...found.map((f) => ({ format: f.id, confidence: f.confidence })), ...builtIn.candidates].sort((a, b) => b.confidence - a.confidence)
  const best = candidates[0]
  return { format: best?.format ?? null, confidence: best?.confidence ?? 0, candidates, learned }
}

/**
 * Reads a file with its codec: a built-in format parses a big file on the worker thread (parse-off-thread.ts); a
 * learned format's compiled template stays on this one.
 */
export function parseWith(codec: Codec, content: string, options: ParseOptions): Promise<ParseResult> {
  return codec.learned || !isFormatId(codec.id) ? Promise.resolve(codec.parse(content, options)) : parseFile(codec.id, content, options)
}

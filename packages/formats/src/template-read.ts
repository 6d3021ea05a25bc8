/** Reuse, by render, of the reading of a template that parse already made (ParseOptions.forRender). */
import type { ParseOptions, ParseResult, RenderOptions } from './format.js'

/**
 * One format's readings of templates, each kept beside the parse result it came from. A WeakMap keyed by that
 * result: a reading lives exactly as long as the caller holds the result, so nothing outlives the call that
 * parsed and rendered (no cache across requests), and a parse without `forRender` keeps nothing.
 */
export class TemplateReads<R> {
  private readonly reads = new WeakMap<ParseResult, { content: string; read: R }>()

  /** Keeps `read` (the reading of `content`) with `result` when the caller asked for it; returns `result`. */
  keep(result: ParseResult, options: ParseOptions, content: string, read: R): ParseResult {
    if (options.forRender) this.reads.set(result, { content, read })
    return result
  }

  /** The reading kept for this very template, else a fresh one. */
  of(content: string, options: RenderOptions, read: (content: string) => R): R {
    const kept = options.parsed && this.reads.get(options.parsed)
    // The same string object compares at once; an equal copy costs one pass, still far less than a reading.
    return kept !== undefined && kept.content === content ? kept.read : read(content)
  }
}

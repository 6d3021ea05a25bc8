/**
 * Rendered pulls kept for the next identical pull (docs/decisions.md, issue 28: rendered pulls are reused). A CI job
 * or an agent pulls the same files again and again while nothing changed; rendering a 100,000-key file costs the API
 * most of a second, checking that nothing changed costs one aggregate in the database.
 *
 * An entry is reused only when its stamp equals the one the pull computes now: the file, the project settings the
 * render reads, the copies' hashes and the database's stamp of every key and translation row the render reads
 * (pullStampOfFile; on the embedded database, skipped while this process wrote nothing). Nothing is invalidated on
 * write, so every API process keeps its own cache and none is ever stale. Entries are kept in least recently used
 * order within a budget of characters.
 */

import { embeddedWrites, pullStampOfFile, type File } from '@tolk/db'
import type { AuthedContext } from '../context.js'

/** What a pull answers: kept as it was answered, and never changed after. */
export interface RenderedPull {
  path: string
  encoding: string
  format: string
  content: string
  /** pull.ts's PullWarning (not imported: pull.ts imports this module). */
  warnings: readonly { key: string; locale: string; message: string }[]
}

/** A rendered pull with what it was rendered from. */
export interface KeptPull {
  /** Everything the render read besides the rows: file, project settings, copies, request options. */
  settings: string
  /** pullStampOfFile, read before the render. */
  rows: string
  /** On the embedded database, embeddedWrites when `rows` was read. */
  writes: number | undefined
  pull: RenderedPull
  chars: number
}

/** The budget when TOLK_PULL_CACHE_MB does not set one: a few large files, or many small ones. */
export const DEFAULT_PULL_CACHE_MB = 64

export class PullCache {
  private readonly entries = new Map<string, KeptPull>()
  private chars = 0

  constructor(private budgetChars: number) {}

  /** Sets the budget in characters (0: keep nothing) and drops what no longer fits. */
  setBudget(chars: number): void {
    this.budgetChars = chars
    for (const [oldest] of this.entries) {
      if (this.chars <= chars) break
      this.drop(oldest)
    }
  }

  /** What is kept for `key`, moved to the most recently used place. */
  get(key: string): KeptPull | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key)
    this.entries.set(key, hit)
    return hit
  }

  /** Keeps a pull, dropping the least recently used ones beyond the budget; a pull larger than the budget is not kept. */
  set(key: string, kept: Omit<KeptPull, 'chars'>): void {
    this.drop(key)
    const chars = kept.pull.content.length + kept.pull.path.length
    if (chars > this.budgetChars) return
    this.entries.set(key, { ...kept, chars })
    this.chars += chars
    this.setBudget(this.budgetChars)
  }

  get disabled(): boolean {
    return this.budgetChars === 0
  }

  get size(): number {
    return this.entries.size
  }

  private drop(key: string): void {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.chars -= old.chars
  }
}

/** The process's cache of rendered pulls; main.ts sets its budget from TOLK_PULL_CACHE_MB (0 turns it off). */
export const pullCache = new PullCache(DEFAULT_PULL_CACHE_MB * 1024 * 1024)

/** What of pull.ts's PullRequest the stamp reads. */
interface PullOptions {
  locale: string
  sourceLocale: string
  missing: string
  approvedOnly: boolean
  project: { locale_map: unknown }
}

/** A pull's lookup: the kept pull when nothing it reads changed, and where to keep the one rendered otherwise. */
export interface CachedPull {
  pull: RenderedPull | undefined
  keep(pull: RenderedPull): void
}

/**
 * Looks up the pull of `file` in the request's locale: everything the render reads besides the rows (the file, the
 * project's locales and locale map, the copies, the request's options) is part of the stamp, and the rows are in it
 * through pullStampOfFile. Read before the render: a row written meanwhile is newer than the stamp, so the pull kept
 * under it is only ever replaced, never served stale.
 */
export async function cachedPull(
  ctx: AuthedContext,
  at: { file: File; heads: readonly { locale: string; path: string; encoding: string; content_hash: string; pushed_at: Date | string }[]; req: PullOptions; locales: readonly string[] },
): Promise<CachedPull> {
  const { file, heads, req, locales } = at
  if (pullCache.disabled) return { pull: undefined, keep: () => {} }
  const key = `${ctx.workspaceId}/${file.id}/${req.locale}/${req.missing}/${req.approvedOnly}`
  const writes = embeddedWrites(ctx.db)
  const settings = JSON.stringify([
    file.format, file.pattern, file.source_path, req.sourceLocale, locales, req.project.locale_map,
    heads.map((h) => [h.locale, h.path, h.encoding, h.content_hash, new Date(h.pushed_at).toISOString()]),
  ])
  const kept = pullCache.get(key)
  const same = kept?.settings === settings
  // The embedded database has no other writer: when this process wrote nothing since the kept pull's rows were
  // stamped, they are the same rows, and the stamp's scan of every key is skipped (80 ms of 100,000 keys on PGlite).
  const rows = same && writes !== undefined && kept.writes === writes ? kept.rows : await pullStampOfFile(ctx.db, file.id, { locales, approvedOnly: req.approvedOnly })
  return {
    pull: same && kept.rows === rows ? kept.pull : undefined,
    keep: (pull) => pullCache.set(key, { settings, rows, writes, pull }),
  }
}

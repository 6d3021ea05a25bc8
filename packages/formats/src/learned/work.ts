/**
 * What the engine reads a file into, and the work budget that bounds it. Every loop of the engine pays for the
 * characters it compares, so a template and a file together can never make it run longer than the budget allows:
 * past it, reading stops with an error instead of hanging.
 */

/** Work units allowed per character of the file, plus a fixed allowance; the engine's own loops stay far below. */
export const WORK_PER_CHAR = 100
export const WORK_BASE = 100_000

/** Thrown inside the engine when the budget is spent; turned into an error issue at the edge. */
export class WorkExceeded extends Error {
  constructor(readonly used: number, readonly limit: number) {
    super(`The template needs more work than this file allows (${limit} steps); simplify the template (fewer or shorter escapes, separators and quotes).`)
  }
}

/** Nesting (sections in blocks, indentation, path depth) deeper than this is refused. */
export const MAX_NESTING = 64

/** A counter of work units against a limit. */
export class Work {
  used = 0
  constructor(readonly limit: number) {}

  /** The budget for a file of `length` characters, or the caller's own limit. */
  static forLength(length: number, limit?: number): Work {
    return new Work(limit ?? WORK_BASE + WORK_PER_CHAR * length)
  }

  /** Pays `n` units; throws WorkExceeded past the limit. */
  spend(n: number): void {
    this.used += n
    if (this.used > this.limit) throw new WorkExceeded(this.used, this.limit)
  }
}

/**
 * One entry as it sits in the file: the key as read, the value's decoded text and the raw span it came from, the
 * span of the whole entry (to remove it), and how to write a new value or key there.
 */
export interface Slot {
  key: string
  value: string
  valueStart: number
  valueEnd: number
  /** The entry with its line break: what removing it deletes. */
  start: number
  end: number
  /** The key as written in the entry (for a line cloned to add a key); absent where keys cannot be added. */
  keyStart?: number
  keyEnd?: number
  /** The part of `key` the file spells at keyStart..keyEnd (the rest comes from a section or block). */
  keyPrefix?: string
  comment?: string
  /** The raw text to write for a value at this place. */
  encode(value: string): string
  /** The raw text to write for a key at this place (lines and XML). */
  encodeKey?(key: string): string
  /** XML: the text to put before and after a raw value so it reads alone, to check that it reads back as meant. */
  wrap?: readonly [string, string] | undefined
}

/** A reading of a file by a template: its slots, or the first error with its offset. */
export interface Reading {
  slots: Slot[]
  error?: { message: string; offset: number }
  /** Work units spent. */
  work: number
}

import type { MemoryReference, PluralForms, TranslateItem } from '@tolk/ai'
import { cleanMemoryIndex, memoryMatches, neighboursInFile, type Db, type MemoryMatch, type WorkUnit } from '@tolk/db'
import { extractPlaceholders, optionalCategories, pluralCategories, type PluralCategory } from '@tolk/formats'

/** Neighbours sent on each side of a string, in file order. */
export const NEIGHBOUR_WINDOW = 2
/** Neighbour texts are cut to this many characters: they are context, not work. */
const NEIGHBOUR_CHARS = 200

/**
 * Reviewer notes a translate job carries (the retranslate action of a translation_review task): `notes` and
 * `instructions` map `unit_id` or `unit_id:locale` to a note; `note` applies to every unit of the job.
 */
export interface JobNotes {
  note?: string
  notes?: Record<string, string>
  instructions?: Record<string, string>
}

/** The note for one unit in one locale: the most specific one given. */
export function noteFor(notes: JobNotes, unitId: string, locale: string): string | undefined {
  const pick = (m: Record<string, string> | undefined) => m?.[`${unitId}:${locale}`] ?? m?.[unitId]
  const note = pick(notes.notes) ?? pick(notes.instructions) ?? notes.note
  return typeof note === 'string' && note.trim() ? note.trim() : undefined
}

/** A unit the memory answers by itself: an approved translation of the same source (whitespace aside). */
export interface MemoryHit {
  unit: WorkUnit
  match: MemoryMatch
}

/** Strings per memory lookup statement: a translate batch's size. */
export const MEMORY_CHUNK = 40

/** What the memory gives a job's work list: exact approved matches, and references for the rest. */
export interface MemoryResult {
  hits: MemoryHit[]
  references: Map<string, MemoryReference[]>
}

/**
 * Looks every unit of a job's work list up in the translation memory before any batch is formed, one statement
 * per 40 strings, so units the memory answers leave the batches and save whole model calls. A unit that carries a
 * reviewer's note (a retranslation asked for with an instruction) is never answered from memory, which would
 * ignore the note: its exact match goes to the model as a reference instead.
 */
export async function lookupMemory(db: Db, workspaceId: string, locale: string, units: readonly WorkUnit[], notes: JobNotes = {}): Promise<MemoryResult> {
  const hits: MemoryHit[] = []
  const references = new Map<string, MemoryReference[]>()
  if (units.length > 0) await cleanMemoryIndex(db)
  for (let start = 0; start < units.length; start += MEMORY_CHUNK) {
    const chunk = units.slice(start, start + MEMORY_CHUNK)
    const matches = await memoryMatches(db, {
      workspaceId, locale,
      items: chunk.map((u) => ({ unitId: u.id, text: u.source_text, description: u.description, plural: u.source_plural })),
    })
    chunk.forEach((u, index) => {
      const mine = matches.filter((m) => m.index === index)
      const exact = noteFor(notes, u.id, locale) ? undefined : mine.find((m) => m.exact)
      if (exact) hits.push({ unit: u, match: exact })
      else if (mine.length > 0) references.set(u.id, mine.map(toReference))
    })
  }
  return { hits, references }
}

/**
 * Builds the items of one batch (units of one project, in file order): the memory's references found by
 * lookupMemory, the neighbours in the file (one statement for the batch), and the reviewer's note.
 */
export async function prepareBatch(db: Db, locale: string, units: readonly WorkUnit[], notes: JobNotes, references: ReadonlyMap<string, MemoryReference[]>): Promise<TranslateItem[]> {
  const neighbours = await neighboursInFile(db, units.map((u) => ({ fileId: u.file_id, position: Number(u.position), unitId: u.id })), NEIGHBOUR_WINDOW)
  return units.map((u, index) => {
    const item = toItem(u, locale)
    const refs = references.get(u.id)
    if (refs?.length) item.references = refs
    const around = neighbours.filter((n) => n.index === index)
    if (around.length > 0) item.neighbours = around.map((n) => ({ offset: n.offset, ...(n.key_name ? { key: n.key_name } : {}), text: n.source_text.slice(0, NEIGHBOUR_CHARS) }))
    const note = noteFor(notes, u.id, locale)
    if (note) item.reviewerNote = note
    return item
  })
}

function toReference(m: MemoryMatch): MemoryReference {
  return { source: m.source_text, translation: m.text, ...(m.plural ? { plural: m.plural as PluralForms } : {}), similarity: m.similarity, status: m.status }
}

/** A unit as an item to translate: key name, description and comment, max_length, placeholders, plural layout. */
export function toItem(u: WorkUnit, locale: string): TranslateItem {
  const plural = u.source_plural ?? undefined
  return {
    id: u.id,
    ...(u.key_name ? { key: u.key_name } : {}),
    text: u.source_text,
    ...(plural ? { plural, pluralCategories: pluralCategories(locale) as PluralCategory[], optionalPluralCategories: optionalCategories(locale) as PluralCategory[] } : {}),
    ...(u.description || u.comment ? { description: [u.description, u.comment].filter(Boolean).join('\n') } : {}),
    ...(u.max_length !== null ? { maxLength: Number(u.max_length) } : {}),
    placeholders: placeholdersOf(u.source_text, plural),
  }
}

function placeholdersOf(text: string, plural: Record<string, string> | undefined): string[] {
  const texts = [text, ...Object.values(plural ?? {})]
  return [...new Set(texts.flatMap((t) => extractPlaceholders(t).map((p) => p.text)))]
}

/** The note a translation from memory carries: where it came from. */
export function memoryNote(m: MemoryMatch): string {
  const source = m.source_text.length > 80 ? `${m.source_text.slice(0, 80)}…` : m.source_text
  return `From translation memory: the approved translation of unit ${m.unit_id} ("${source}").`
}

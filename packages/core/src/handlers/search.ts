import {
  countOpenTasks,
  fuzzyCandidates, listProjects, pendingSearchFiles, projectCoverage, projectSizes, searchCandidates, unitCards, workspaceCounts,
  type SearchCandidate, type SearchField, type TranslationStatus,
} from '@tolk/db'
import { TRANSLATION_STATUSES } from '../contract/common.js'
import type * as c from '../contract/search.js'
import { sourceLocaleOf } from '../services/project-ref.js'
import { cardOut, KEYS_SHOWN, listUnitsHandler } from './unit-list.js'
import type { Handler } from './types.js'

/** Matching texts named per search result. */
const MATCHES_SHOWN = 5
/** Candidates per kind of match and field that search ranks (the largest page is 200). */
const SEARCH_CAP = 200
/** The fuzzy fallback runs when the fast path found fewer units than this. */
const FUZZY_BELOW = 5
/** Queries shorter than this get no fuzzy fallback: two letters are similar to nearly everything. */
const FUZZY_MIN_LENGTH = 3
/**
 * Statement timeout of the main arms of the fast path (exact, prefix, substring), whose cost grows with how common the
 * query's trigrams are. Most run in well under 40 ms (spec § search_units: p95 under 50 ms); one that needs 60 is
 * better left to finish than cut and run again.
 */
const MAIN_TIMEOUT_MS = 100
/** The loose arms (key names holding the query, words in any order) get this share of it, and are not run again when cut. */
const LOOSE_SHARE = 0.4
/** Time for the fallbacks (a fast path run again, fuzzy), so search_units answers within 300 ms (spec § search_units). */
const FUZZY_TIMEOUT_MS = 250
/** Less time than this left for fuzzy is not worth starting it. */
const FUZZY_MIN_MS = 20
/**
 * With a few literal matches found, near matches are an extra that gets this share of the fast budget (40 ms by
 * default): a typo query that found nothing keeps the whole fallback budget, a rare fragment that found its text
 * answers without waiting a quarter second for look-alikes.
 */
const FUZZY_EXTRA_SHARE = 0.4

const STATUSES = TRANSLATION_STATUSES

/** How a text matched a query, best first. */
type MatchKind = 'exact' | 'prefix' | 'word' | 'substring' | 'words' | 'fuzzy'

/**
 * Score bands per kind, each wholly above the next. Within a band the field decides (source text, then key name,
 * then translation), then closeness (query length / text length): a source word match outranks a key name one.
 */
const BANDS: Record<MatchKind, number> = { exact: 0.94, prefix: 0.7, word: 0.55, substring: 0.4, words: 0.3, fuzzy: 0 }
const FIELD_BONUS: Record<SearchField, number> = { source: 0.04, key: 0.02, translation: 0 }

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch)
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/** Classifies one candidate: exact, prefix, whole-word phrase, substring, all words in any order, or fuzzy. */
function classify(query: string, candidate: SearchCandidate): { kind: MatchKind; score: number } {
  const text = candidate.text.toLowerCase()
  const q = query.toLowerCase()
  const closeness = Math.min(1, q.length / Math.max(1, text.length))
  const band = (kind: MatchKind) => ({ kind, score: BANDS[kind] + FIELD_BONUS[candidate.field] + 0.019 * closeness })
  // Fuzzy scores stay below every other band (0.2 + 0.04 + 0.019 < 0.3).
  if (candidate.similarity !== undefined) return { kind: 'fuzzy', score: 0.2 * candidate.similarity + FIELD_BONUS[candidate.field] + 0.019 * closeness }
  if (text === q) return band('exact')
  if (text.startsWith(q)) return band('prefix')
  const at = text.indexOf(q)
  if (at >= 0) return band(!isWordChar(text[at - 1]) && !isWordChar(text[at + q.length]) ? 'word' : 'substring')
  const words = new Set(wordsOf(text))
  // The database also matched it (case folding or full-text tokens differ a little from JavaScript's): all words, any order.
  return band(wordsOf(q).every((w) => words.has(w)) ? 'words' : 'substring')
}

/** One way a unit matched: which text, in which field, how well. */
interface Match {
  field: SearchField
  kind: MatchKind
  text: string
  score: number
}

/** A unit's matches, best first; the first decides its place. */
interface Ranked {
  unitId: string
  best: Match
  matches: Match[]
}

/** Groups candidates by unit (each distinct text once) and orders units by their best match, shorter text first on ties. */
function rank(query: string, candidates: SearchCandidate[]): Ranked[] {
  const byUnit = new Map<string, Map<string, Match>>()
  for (const cand of candidates) {
    const matches = byUnit.get(cand.unit_id) ?? new Map<string, Match>()
    byUnit.set(cand.unit_id, matches)
    const id = `${cand.field}\u0000${cand.text}`
    // The fast path comes first, so a text it found keeps its fast-path kind when the fuzzy search finds it again.
    if (!matches.has(id)) matches.set(id, { field: cand.field, text: cand.text, ...classify(query, cand) })
  }
  const ranked = [...byUnit].map(([unitId, matches]) => {
    const sorted = [...matches.values()].sort((a, b) => b.score - a.score)
    return { unitId, best: sorted[0]!, matches: sorted }
  })
  return ranked.sort((a, b) => b.best.score - a.best.score || a.best.text.length - b.best.text.length || (a.unitId < b.unitId ? -1 : 1))
}

const round = (n: number) => Math.round(n * 1000) / 1000
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10)

export const searchHandlers = {
  list_units: listUnitsHandler,

  search_units: (async (ctx, input) => {
    const q = { workspaceId: ctx.workspaceId, query: input.query, locale: input.locale, cap: SEARCH_CAP, pendingFiles: await pendingSearchFiles(ctx.db, ctx.workspaceId) }
    const unitsFound = (found: SearchCandidate[]) => new Set(found.map((cand) => cand.unit_id)).size
    const budget = { fastMs: ctx.searchBudget?.fastMs ?? MAIN_TIMEOUT_MS, fallbackMs: ctx.searchBudget?.fallbackMs ?? FUZZY_TIMEOUT_MS }
    let { candidates, complete, mainComplete } = await searchCandidates(ctx.db, q, { mainMs: budget.fastMs, looseMs: budget.fastMs * LOOSE_SHARE })
    // The fallback budget (spec § search_units: fuzzy p95 under 300 ms) is shared: main arms cut with next to nothing
    // found (a cold connection, or only common trigrams) first run again with it, and fuzzy gets what is left.
    const fallbackEnds = ctx.clock().getTime() + budget.fallbackMs
    if (!mainComplete && unitsFound(candidates) < FUZZY_BELOW) ({ candidates, complete, mainComplete } = await searchCandidates(ctx.db, q, { mainMs: budget.fallbackMs, looseMs: budget.fallbackMs }))
    const literal = unitsFound(candidates)
    const left = Math.min(fallbackEnds - ctx.clock().getTime(), literal > 0 ? budget.fastMs * FUZZY_EXTRA_SHARE : Infinity)
    let fuzzy: 'not_needed' | 'ran' | 'cut' = 'not_needed'
    // Main arms cut short may have missed plain matches, so a fuzzy search after them would guess blindly and slowly.
    if (mainComplete && literal < FUZZY_BELOW && input.query.length >= FUZZY_MIN_LENGTH && left >= FUZZY_MIN_MS) {
      const more = await fuzzyCandidates(ctx.db, q, left)
      // spec § search_units: a fuzzy search cut by its timeout answers what the fast path found, not an error.
      fuzzy = more ? 'ran' : 'cut'
      if (more) candidates.push(...more)
    }
    const ranked = rank(input.query, candidates).slice(0, input.limit)
    const ids = ranked.map((r) => r.unitId)
    const rows = new Map((await unitCards(ctx.db, ctx.workspaceId, ids, input.locale, KEYS_SHOWN)).map((r) => [r.unit.id, r]))
    const found = ranked.filter((r) => rows.has(r.unitId))
    const cards = found.map((r) => cardOut(rows.get(r.unitId)!))
    return {
      locale: input.locale ?? null,
      // False when a statement timeout cut the substring or the fuzzy search: a more specific query finds more.
      complete: complete && fuzzy !== 'cut',
      fuzzy,
      units: cards.map((card, i) => {
        const r = found[i]!
        const { translation, ...unit } = card
        return {
          ...unit, ...(input.locale ? { translation } : {}), score: round(r.best.score), match: r.best.kind,
          matches: r.matches.slice(0, MATCHES_SHOWN).map((m) => ({ field: m.field, kind: m.kind, text: m.text })),
        }
      }),
    }
  }) satisfies Handler<typeof c.searchUnits>,

  get_stats: (async (ctx) => {
    const [counts, projects, sizes, coverage, sourceLocale, openTasks] = await Promise.all([
      workspaceCounts(ctx.db, ctx.workspaceId), listProjects(ctx.db, ctx.workspaceId), projectSizes(ctx.db, ctx.workspaceId),
      projectCoverage(ctx.db, ctx.workspaceId), sourceLocaleOf(ctx), countOpenTasks(ctx.db, ctx.workspaceId),
    ])
    return {
      counts: { ...counts, open_tasks: openTasks },
      source_locale: sourceLocale,
      projects: projects.map((p) => {
        const size = sizes.get(p.id) ?? { keys: 0, units: 0 }
        const mine = coverage.filter((row) => row.project_id === p.id && row.locale !== sourceLocale)
        // Target locales first, in the project's order; then any other locale the project has translations in.
        const locales = [...new Set([...p.target_locales.filter((l) => l !== sourceLocale), ...mine.map((row) => row.locale).sort()])]
        return {
          id: p.id, slug: p.slug, name: p.name, keys: size.keys, units: size.units,
          locales: locales.map((locale) => {
            const statuses = Object.fromEntries(STATUSES.map((s) => [s, mine.find((row) => row.locale === locale && row.status === s)?.units ?? 0])) as Record<TranslationStatus, number>
            const translated = STATUSES.reduce((n, s) => n + statuses[s], 0)
            return {
              locale, units: size.units, translated, missing: size.units - translated, statuses,
              percent_translated: percent(translated, size.units), percent_reviewed: percent(statuses.reviewed + statuses.approved, size.units),
            }
          }),
        }
      }),
    }
  }) satisfies Handler<typeof c.getStats>,
}

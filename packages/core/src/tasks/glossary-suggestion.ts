import type { Task } from '@tolk/db'
import * as v from 'valibot'
import * as c from '../contract/glossary.js'
import { glossaryHandlers } from '../handlers/glossary.js'
import { payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import { dismissAction, type TaskKindDef } from './types.js'

/** The subject of a glossary_suggestion: the term, lower-cased (terms are unique ignoring case). */
export const glossarySubject = (term: string) => `glossary:${term.toLowerCase()}`

/** glossary_suggestion, filed by run_audit: a term to keep as is or translate one way, and why. */
export const GlossarySuggestionPayload = v.looseObject({
  audit_id: v.string(),
  term: v.string(),
  do_not_translate: v.boolean(),
  translations: v.record(v.string(), v.string()),
  reason: v.string(),
})
export type GlossarySuggestionPayload = v.InferOutput<typeof GlossarySuggestionPayload>

const read = (task: Task) => payloadOf(GlossarySuggestionPayload, task)

export const glossarySuggestion = {
  actions: {
    add: {
      summary: 'Add the term to the glossary (its translations merge into an existing term)',
      run: async (ctx, task) => {
        const p = read(task)
        const term = await runOp(ctx, c.upsertGlossaryTerm, glossaryHandlers.upsert_glossary_term, {
          term: p.term, do_not_translate: p.do_not_translate, translations: p.translations,
        })
        return { summary: `added glossary term "${term.term}"`, term: term.term }
      },
    },
    dismiss: dismissAction,
  },
} satisfies TaskKindDef

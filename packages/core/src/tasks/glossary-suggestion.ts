import type { Task } from '@tolk/db'
import { GlossarySuggestionPayload, glossarySubject } from '../contract/task-payloads.js'
import * as c from '../contract/glossary.js'
import { glossaryHandlers } from '../handlers/glossary.js'
import { payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import { dismissAction, type TaskKindDef } from './types.js'

const read = (task: Task) => payloadOf(GlossarySuggestionPayload, task)

export const glossarySuggestion = {
  payload: GlossarySuggestionPayload,
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

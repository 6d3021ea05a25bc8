import type { Task } from '@tolk/db'
import * as v from 'valibot'
import * as c from '../contract/glossary.js'
import { glossaryHandlers } from '../handlers/glossary.js'
import { payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import { dismissAction, type TaskKindDef } from './types.js'

/** The subject of a rule_suggestion: its locale (`*` for every language) and the SHA-1 of its body. */
export const ruleSubject = (locale: string | null, bodySha1: string) => `rule:${locale ?? '*'}:${bodySha1}`

/** rule_suggestion, filed by run_audit: a standing instruction for future translations, and why. */
export const RuleSuggestionPayload = v.looseObject({
  audit_id: v.string(),
  body: v.string(),
  locale: v.nullable(v.string()),
  reason: v.string(),
})
export type RuleSuggestionPayload = v.InferOutput<typeof RuleSuggestionPayload>

const read = (task: Task) => payloadOf(RuleSuggestionPayload, task)

export const ruleSuggestion = {
  actions: {
    add: {
      summary: 'Add the suggested rule for future translations',
      run: async (ctx, task) => {
        const p = read(task)
        const rule = await runOp(ctx, c.addRule, glossaryHandlers.add_rule, { body: p.body, locale: p.locale })
        return { summary: `added rule ${rule.id} for ${p.locale ?? 'every language'}`, rule_id: rule.id }
      },
    },
    edit: {
      summary: 'Add the rule with the given body instead of the suggested one',
      needs: ['body'],
      run: async (ctx, task, input) => {
        const p = read(task)
        const rule = await runOp(ctx, c.addRule, glossaryHandlers.add_rule, { body: input.body!, locale: p.locale })
        return { summary: `added the edited rule ${rule.id} for ${p.locale ?? 'every language'}`, rule_id: rule.id }
      },
    },
    dismiss: dismissAction,
  },
} satisfies TaskKindDef

import type { Task } from '@tolk/db'
import { RuleSuggestionPayload, ruleSubject } from '../contract/task-payloads.js'
import * as c from '../contract/glossary.js'
import { glossaryHandlers } from '../handlers/glossary.js'
import { payloadOf } from './payload.js'
import { runOp } from './run-op.js'
import { dismissAction, type TaskKindDef } from './types.js'

const read = (task: Task) => payloadOf(RuleSuggestionPayload, task)

export const ruleSuggestion = {
  payload: RuleSuggestionPayload,
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

import * as v from 'valibot'
import { input } from './common.js'
import { defineOp } from './define-op.js'

const Cents = v.pipe(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), v.description('price in cents (USD); null: ask sales'))
const Limit = (what: string) => v.pipe(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), v.description(`${what}; null: no limit`))

/** The plans and their prices. */
export const getPricing = defineOp({
  name: 'get_pricing', kind: 'read', admin: false, public: true,
  summary: 'Plans with prices in cents, included AI translations per month, member and project limits, features',
  description:
    'Lists the plans (Free, Pro, Team, Enterprise) with monthly and yearly prices in cents, the AI translations included per month, member and project limits, features and how to buy each. ' +
    'Needs no credential over REST; show prices to a human before any purchase.',
  input: input({}),
  output: v.object({
    plans: v.array(v.object({
      name: v.picklist(['Free', 'Pro', 'Team', 'Enterprise']),
      price_monthly_cents: Cents,
      price_yearly_cents: Cents,
      currency: v.picklist(['usd']),
      ai_translations_per_month: Limit('AI translations included per month'),
      member_limit: Limit('members'),
      project_limit: Limit('projects'),
      features: v.array(v.string()),
      how_to_buy: v.string(),
    })),
  }),
  examples: [{}],
})

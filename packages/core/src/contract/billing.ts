import { input } from './common.js'
import { defineOp } from './define-op.js'

/** The plans and their prices. */
export const getPricing = defineOp({
  name: 'get_pricing', kind: 'read', admin: false, public: true,
  summary: 'Plans with prices in cents, included AI translations per month, member and project limits, features',
  input: input({}),
})

import type * as c from '../contract/billing.js'
import { PLANS } from '../services/pricing.js'
import type { Handler } from './types.js'

export const billingHandlers = {
  get_pricing: (async () => ({ plans: [...PLANS] })) satisfies Handler<typeof c.getPricing>,
}

/** A plan as get_pricing shows it. Prices are in cents (USD); null means "ask us" or "no limit". */
export interface Plan {
  name: 'Free' | 'Pro' | 'Team' | 'Enterprise'
  price_monthly_cents: number | null
  price_yearly_cents: number | null
  currency: 'usd'
  ai_translations_per_month: number | null
  member_limit: number | null
  project_limit: number | null
  features: string[]
  how_to_buy: string
}

const SELF_SERVE = 'An owner or admin calls subscribe with this plan (interval monthly or yearly) and confirm: true after a human approved plan and price; without a saved card it answers checkout_required with a checkout_url for the human. create_checkout_link gives that page directly; create_billing_portal_link manages cards and invoices.'

/** The one configuration of plans: get_pricing, billing limits and usage checks all read it. */
export const PLANS: readonly Plan[] = [
  {
    name: 'Free', price_monthly_cents: 0, price_yearly_cents: 0, currency: 'usd',
    ai_translations_per_month: 1_000, member_limit: 2, project_limit: 2,
    features: ['All file formats', 'REST, MCP and CLI', 'AI translation (1,000 strings a month)', 'Glossary and rules', 'Review queue'],
    how_to_buy: 'Included with every workspace; nothing to buy.',
  },
  {
    name: 'Pro', price_monthly_cents: 2_900, price_yearly_cents: 29_000, currency: 'usd',
    ai_translations_per_month: 20_000, member_limit: 5, project_limit: 10,
    features: ['Everything in Free', 'AI translation (20,000 strings a month)', 'AI audits per locale', 'Learned file formats'],
    how_to_buy: SELF_SERVE,
  },
  {
    name: 'Team', price_monthly_cents: 9_900, price_yearly_cents: 99_000, currency: 'usd',
    ai_translations_per_month: 100_000, member_limit: 25, project_limit: null,
    features: ['Everything in Pro', 'AI translation (100,000 strings a month)', 'Unlimited projects', 'Roles (owner, admin, member)', 'Priority support'],
    how_to_buy: SELF_SERVE,
  },
  {
    name: 'Enterprise', price_monthly_cents: null, price_yearly_cents: null, currency: 'usd',
    ai_translations_per_month: null, member_limit: null, project_limit: null,
    features: ['Everything in Team', 'Custom AI volume', 'SSO and audit export', 'Uptime SLA', 'Invoiced billing'],
    how_to_buy: 'Contact sales@tolk.dev; priced per contract.',
  },
]

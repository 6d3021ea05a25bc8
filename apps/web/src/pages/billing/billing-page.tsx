import type { OutputOf } from '@tolk/core/contract'
import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import type { ProblemError } from '../../api/client.js'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'
import { useCurrent } from '../../workspace-choice.js'

type Billing = OutputOf<'get_billing'>
type PricedPlan = OutputOf<'get_pricing'>['plans'][number]
type Interval = NonNullable<Billing['interval']>
/** What the person picked and is asked to confirm before anything is charged. */
interface Choice { plan: 'Pro' | 'Team'; interval: Interval }

/**
 * Billing: everyone sees the plan and this month's usage against its limits; owners and admins also buy or change a
 * plan (shown with its price and confirmed before subscribe charges), cancel, resume and open Stripe's portal.
 */
export function BillingPage() {
  const { role } = useCurrent()
  const isAdmin = role === 'owner' || role === 'admin'
  // Back from Stripe's Checkout or portal (the billing service returns to /?billing=<outcome>, sent on here by the
  // app): read Stripe first rather than wait for its webhook.
  const returned = new URLSearchParams(useSearch()).get('billing')
  const billing = useOp('get_billing', { refresh: returned !== null })
  const pricing = useOp('get_pricing', {}, { staleTime: 3_600_000 })
  return (
    <>
      <h1>Billing</h1>
      {returned === 'checkout_done' ? <p role="status">Back from checkout: the plan below is read from Stripe.</p> : null}
      {returned === 'checkout_cancelled' ? <p role="status">Checkout was cancelled; nothing was charged.</p> : null}
      <Problem error={billing.error} />
      {billing.data ? <Current billing={billing.data} isAdmin={isAdmin} /> : <p aria-busy="true">Loading…</p>}
      {billing.data ? <Usage billing={billing.data} /> : null}
      {pricing.data && billing.data ? <Plans plans={pricing.data.plans} billing={billing.data} isAdmin={isAdmin} /> : <Problem error={pricing.error} />}
    </>
  )
}

function Current({ billing, isAdmin }: { billing: Billing; isAdmin: boolean }) {
  const cancel = useWrite('cancel_subscription')
  const resume = useWrite('resume_subscription')
  const paid = billing.plan !== 'Free' && billing.status !== 'none' && billing.status !== 'canceled'
  return (
    <section aria-labelledby="current-h" className="card">
      <h2 id="current-h">Current plan: {billing.plan}</h2>
      <dl className="payload">
        <dt>Interval</dt><dd>{billing.interval ?? 'none (Free)'}</dd>
        <dt>Status</dt><dd>{billing.status}</dd>
        {billing.ends_at ? <><dt>Ends</dt><dd>{when(billing.ends_at)} (then Free)</dd></> : null}
        {billing.renews_at ? <><dt>Renews</dt><dd>{when(billing.renews_at)}</dd></> : null}
        <dt>Card saved</dt><dd>{billing.card_saved ? 'yes' : 'no'}</dd>
      </dl>
      {!billing.billing_available ? <p className="muted">Billing is not set up on this server: the workspace stays on Free.</p> : null}
      {isAdmin && billing.billing_available ? (
        <div className="actions">
          <PortalLink label="Manage card and invoices" />
          {paid && !billing.cancel_at_period_end ? (
            <button type="button" disabled={cancel.isPending} onClick={() => { if (confirm(`Cancel ${billing.plan}? It stays until the end of the paid period, with no refund, then the workspace is on Free.`)) cancel.mutate({ confirm: true }) }}>Cancel subscription</button>
          ) : null}
          {paid && billing.cancel_at_period_end ? <button type="button" disabled={resume.isPending} onClick={() => resume.mutate({})}>Resume subscription</button> : null}
        </div>
      ) : null}
      <Problem error={cancel.error ?? resume.error} />
    </section>
  )
}

function Usage({ billing }: { billing: Billing }) {
  const meters = [['AI translations', billing.usage.ai_translations], ['Members', billing.usage.members], ['Projects', billing.usage.projects]] as const
  return (
    <section aria-labelledby="usage-h">
      <h2 id="usage-h">Usage in {billing.usage.month}</h2>
      <table>
        <thead><tr><th scope="col">Meter</th><th scope="col">Used</th><th scope="col">Limit</th><th scope="col">Left</th></tr></thead>
        <tbody>
          {meters.map(([label, m]) => (
            <tr key={label}>
              <th scope="row">{label}</th><td>{m.used.toLocaleString()}</td><td>{m.limit === null ? 'no limit' : m.limit.toLocaleString()}</td><td>{m.left === null ? '—' : m.left.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!billing.limits_enforced ? <p className="muted">This server does not enforce the plan limits.</p> : null}
    </section>
  )
}

function Plans({ plans, billing, isAdmin }: { plans: PricedPlan[]; billing: Billing; isAdmin: boolean }) {
  const [interval, setInterval] = useState<Interval>(billing.interval ?? 'monthly')
  const [choice, setChoice] = useState<Choice | null>(null)
  const buyable = isAdmin && billing.billing_available
  return (
    <section aria-labelledby="plans-h">
      <h2 id="plans-h">Plans</h2>
      {buyable ? (
        <div className="field narrow">
          <label htmlFor="interval">Billing interval</label>
          <select id="interval" value={interval} onChange={(e) => { setInterval(e.target.value as Interval); setChoice(null) }}>
            <option value="monthly">monthly</option><option value="yearly">yearly</option>
          </select>
        </div>
      ) : null}
      <div className="columns">
        {plans.map((p) => (
          <div key={p.name} className="card">
            <h3>{p.name}{p.name === billing.plan ? ' (current)' : ''}</h3>
            <p>{priceText(p, interval)}</p>
            <ul>{p.features.map((f) => <li key={f}>{f}</li>)}</ul>
            {buyable && (p.name === 'Pro' || p.name === 'Team') && !(p.name === billing.plan && interval === billing.interval) ? (
              <button type="button" onClick={() => setChoice({ plan: p.name as Choice['plan'], interval })}>Choose {p.name} {interval}</button>
            ) : null}
            {p.name === 'Enterprise' ? <p className="muted">{p.how_to_buy}</p> : null}
          </div>
        ))}
      </div>
      {choice ? <Confirm choice={choice} plan={plans.find((p) => p.name === choice.plan)!} cardSaved={billing.card_saved} onDone={() => setChoice(null)} /> : null}
    </section>
  )
}

/** Shows plan and price and charges only when the person confirms (subscribe with confirm: true). */
function Confirm({ choice, plan, cardSaved, onDone }: { choice: Choice; plan: PricedPlan; cardSaved: boolean; onDone(): void }) {
  const subscribe = useWrite('subscribe')
  const result = subscribe.data
  // A checkout is where the person enters a card or passes 3-D Secure: send them there.
  useEffect(() => {
    if (result?.status === 'checkout_required' && result.checkout_url) window.location.assign(result.checkout_url)
  }, [result])
  return (
    <section aria-labelledby="confirm-h" className="card">
      <h3 id="confirm-h">Confirm: {choice.plan}, {choice.interval}, {priceText(plan, choice.interval)}</h3>
      {result ? <Outcome result={result} /> : (
        <>
          <p>{cardSaved ? 'The saved card is charged at once (a change of plan is prorated).' : "No card is saved: confirming opens Stripe's checkout page, where you enter one; nothing is charged before."}</p>
          <div className="actions">
            <button type="button" disabled={subscribe.isPending} onClick={() => subscribe.mutate({ plan: choice.plan, interval: choice.interval, confirm: true })}>Confirm and pay</button>
            <button type="button" onClick={onDone}>Not now</button>
          </div>
        </>
      )}
      <Failure error={subscribe.error} />
    </section>
  )
}

function Outcome({ result }: { result: OutputOf<'subscribe'> }) {
  switch (result.status) {
    case 'subscribed': return <p role="status">Subscribed: the workspace is on {result.billing.plan} ({result.billing.interval}).</p>
    case 'changed': return <p role="status">Plan changed to {result.billing.plan} ({result.billing.interval}); the difference was invoiced.</p>
    case 'unchanged': return <p role="status">Already on {result.billing.plan} ({result.billing.interval}); nothing was charged.</p>
    case 'checkout_required': return <p role="status">Nothing charged yet: finish on <a href={result.checkout_url}>Stripe's checkout page</a>.</p>
  }
}

/** A declined card (402 payment_failed): the server's words, and the portal to fix the card. */
function Failure({ error }: { error: ProblemError | null }) {
  if (!error) return null
  return (
    <>
      <Problem error={error} />
      {error.code === 'payment_failed' ? <PortalLink label="Fix the card in the billing portal" /> : null}
    </>
  )
}

/** Opens Stripe's Customer Portal (a fresh link each time: portal sessions are short-lived). */
function PortalLink({ label }: { label: string }) {
  const portal = useWrite('create_billing_portal_link')
  useEffect(() => {
    if (portal.data) window.location.assign(portal.data.url)
  }, [portal.data])
  return (
    <>
      <button type="button" disabled={portal.isPending} onClick={() => portal.mutate({})}>{label}</button>
      <Problem error={portal.error} />
    </>
  )
}

function priceText(p: PricedPlan, interval: Interval): string {
  const cents = interval === 'yearly' ? p.price_yearly_cents : p.price_monthly_cents
  if (cents === null) return 'Price on request'
  if (cents === 0) return 'Free'
  return `${(cents / 100).toLocaleString('en-US', { style: 'currency', currency: p.currency.toUpperCase() })} / ${interval === 'yearly' ? 'year' : 'month'}`
}

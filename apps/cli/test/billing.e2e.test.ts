// Billing through the packed CLI's `tolk op`, as an agent in a terminal uses it, on a server without Stripe:
// get_billing reports Free and usage, subscribe without confirm is refused with what to do, and with confirm the
// server says billing is unavailable.
import { describe, expect, it } from 'vitest'
import { useCliSessions } from './helpers/session.js'

const { session } = useCliSessions()

describe('tolk op and billing', () => {
  it('get_billing prints the plan and this month\'s usage', async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'get_billing'])
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout)).toMatchObject({ plan: 'Free', billing_available: false, usage: { projects: { used: 0, limit: 2 } } })
  })

  it('subscribe without confirm: true is refused, saying a person must approve plan and price', async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'subscribe', '{"plan": "Pro"}'])
    expect(res.code).not.toBe(0)
    expect(res.stderr).toMatch(/^error invalid_input: A person must approve plan and price first/)
  })

  it('subscribe with confirm answers billing_unavailable on a server without Stripe', async () => {
    const { tolk } = await session()
    const res = await tolk(['op', 'subscribe', '{"plan": "Pro", "confirm": true}'])
    expect(res.code).not.toBe(0)
    expect(res.stderr).toMatch(/^error billing_unavailable: .*STRIPE_SECRET_KEY/)
  })
})

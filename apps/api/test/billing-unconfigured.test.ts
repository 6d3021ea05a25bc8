// A server without STRIPE_SECRET_KEY: every billing op but get_pricing and get_billing answers 503
// billing_unavailable, get_billing reports Free and usage, and get_pricing never points at an op that does not exist.
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'

forEachBackend('billing without Stripe', (env) => {
  test('billing ops answer 503 billing_unavailable over REST, and get_billing reports Free with usage', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web' })
    const inputs: Record<string, unknown> = { subscribe: { plan: 'Pro', confirm: true }, cancel_subscription: { confirm: true }, resume_subscription: {}, create_checkout_link: { plan: 'Team' }, create_billing_portal_link: {} }
    for (const [op, input] of Object.entries(inputs)) {
      const res = await ws.call(op, input)
      expect([op, res.status, res.body.code]).toEqual([op, 503, 'billing_unavailable'])
      expect(res.body.detail).toMatch(/STRIPE_SECRET_KEY/)
    }
    const billing = await ws.call('get_billing', { refresh: true })
    expect(billing.status).toBe(200)
    expect(billing.body).toMatchObject({
      plan: 'Free', interval: null, status: 'none', card_saved: false, billing_available: false, limits_enforced: false,
      usage: { ai_translations: { used: 0, limit: 1000, left: 1000 }, projects: { used: 1, limit: 2, left: 1 }, members: { used: 0, limit: 2, left: 2 } },
    })
    const hook = await env.app().request('http://tolk.test/api/billing/webhook', { method: 'POST', body: '{}' })
    expect(hook.status).toBe(503)
  })

  test('get_pricing names only ops that exist (and fields of their answers)', async () => {
    const catalog = await (await env.app().request('http://tolk.test/api/v1')).json() as { ops: { name: string }[] }
    const names = new Set(catalog.ops.map((o) => o.name))
    const subscribeEntry = JSON.stringify(catalog.ops.find((o) => o.name === 'subscribe'))
    const pricing = await env.as(undefined).call('get_pricing', undefined, { method: 'GET' })
    const words = JSON.stringify(pricing.body).match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? []
    const ops = words.filter((w) => !['price_monthly_cents', 'price_yearly_cents', 'ai_translations_per_month', 'member_limit', 'project_limit', 'how_to_buy'].includes(w))
    expect(ops).toContain('create_checkout_link')
    for (const w of ops) expect(names.has(w) || subscribeEntry.includes(`"${w}"`) || subscribeEntry.includes(w), w).toBe(true)
    expect(JSON.stringify(pricing.body)).toMatch(/calls subscribe/)
    expect(names.has('subscribe')).toBe(true)
  })

  test('get_billing answers over MCP as over REST', async () => {
    const ws = await env.workspace()
    const rest = (await ws.call('get_billing', {})).body
    const res = await env.app().request('http://tolk.test/api/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_billing', arguments: {} } }),
    })
    const text = await res.text()
    const payload = JSON.parse(text.startsWith('{') ? text : text.split('\n').find((l) => l.startsWith('data:'))!.slice(5))
    expect(payload.result.structuredContent).toEqual(rest)
  })
})

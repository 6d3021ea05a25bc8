import { WorkspaceCache } from '@tolk/core'
import { WORKSPACE_CHANGED_CHANNEL } from '@tolk/db'
import { expect, test, vi } from 'vitest'
import { createApp } from '../src/app.js'
import { BASE_URL, forEachBackend } from './harness.js'

forEachBackend('workspace and project ops', (env) => {
  test('get_workspace returns the credential workspace; update_workspace changes it', async () => {
    const ws = await env.workspace()
    const got = await ws.call('get_workspace')
    expect(got.body).toMatchObject({ id: ws.workspaceId, source_locale: 'en', product_context: '' })
    const updated = await ws.call('update_workspace', { name: 'Acme', source_locale: 'en-GB', product_context: 'A bank app for teens; friendly tone.' })
    expect(updated.body).toMatchObject({ name: 'Acme', source_locale: 'en-GB', product_context: 'A bank app for teens; friendly tone.' })
    expect((await ws.call('get_workspace')).body.name).toBe('Acme')
  })

  test('a workspace changed through one API instance reads changed on another that had it cached', async () => {
    const ws = await env.workspace()
    const cacheB = new WorkspaceCache()
    const unlisten = await env.conn().listen(WORKSPACE_CHANGED_CHANNEL, (id) => cacheB.evict(id), () => cacheB.clear())
    try {
      const appB = createApp({ db: env.conn().db, baseUrl: BASE_URL, workspaces: cacheB })
      const getB = async () => ((await (await appB.request(`${BASE_URL}/api/v1/get_workspace`, { headers: { authorization: `Bearer ${ws.key}` } })).json()) as { name: string }).name
      expect(await getB()).toMatch(/^Test /)
      await ws.call('update_workspace', { name: 'Renamed on A' })
      await vi.waitFor(async () => expect(await getB()).toBe('Renamed on A'), { timeout: 2000, interval: 5 })
    } finally {
      await unlisten()
    }
  })

  test.each([
    ['an empty name', { name: '' }, 'name'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'name'],
    ['an 8001-character product context', { product_context: 'x'.repeat(8001) }, 'product_context'],
    ['a 1-character locale', { source_locale: 'e' }, 'source_locale'],
    ['a 36-character locale', { source_locale: 'x'.repeat(36) }, 'source_locale'],
  ])('update_workspace refuses %s at its path', async (_label, input, path) => {
    const ws = await env.workspace()
    const res = await ws.call('update_workspace', input)
    expect(res.status).toBe(400)
    expect(new Set(res.body.issues.map((i: { path: string }) => i.path))).toEqual(new Set([path]))
  })

  test('create_project derives the slug from the name and applies the defaults', async () => {
    const ws = await env.workspace()
    const res = await ws.call('create_project', { name: 'Café Mobile App!' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ slug: 'cafe-mobile-app', description: '', target_locales: [], auto_translate: true })
  })

  test('create_project answers 409 project_exists when the slug is taken', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web', slug: 'web' })
    const res = await ws.call('create_project', { name: 'Web again', slug: 'web' })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('project_exists')
  })

  test('the same slug may exist in two workspaces', async () => {
    const a = await env.workspace()
    const b = await env.workspace()
    expect((await a.call('create_project', { name: 'Web' })).status).toBe(200)
    expect((await b.call('create_project', { name: 'Web' })).status).toBe(200)
  })

  test('create_project answers 400 invalid_slug when the name yields no usable slug', async () => {
    const ws = await env.workspace()
    const res = await ws.call('create_project', { name: '日本語' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_slug')
  })

  test.each([
    ['a slug with spaces and capitals', { name: 'x', slug: 'Bad Slug' }, 'slug'],
    ['a slug starting with a dash', { name: 'x', slug: '-lead' }, 'slug'],
    ['a 49-character slug', { name: 'x', slug: 'a'.repeat(49) }, 'slug'],
    ['a 4001-character description', { name: 'x', description: 'd'.repeat(4001) }, 'description'],
    ['101 target locales', { name: 'x', target_locales: Array.from({ length: 101 }, (_, i) => `l${i}`) }, 'target_locales'],
    ['a 1-character locale', { name: 'x', target_locales: ['d'] }, 'target_locales.0'],
    ['a missing name', {}, 'name'],
  ])('create_project refuses %s at its path', async (_label, input, path) => {
    const ws = await env.workspace()
    const res = await ws.call('create_project', input)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path)
  })

  test('update_project finds the project by slug or id and changes only what is given', async () => {
    const ws = await env.workspace()
    const p = (await ws.call('create_project', { name: 'iOS', target_locales: ['de'] })).body
    const bySlug = await ws.call('update_project', { project: 'ios', target_locales: ['de', 'fr', 'de'] })
    expect(bySlug.body).toMatchObject({ name: 'iOS', target_locales: ['de', 'fr'] })
    const byId = await ws.call('update_project', { project: p.id, auto_translate: false, description: 'The iPhone app' })
    expect(byId.body).toMatchObject({ target_locales: ['de', 'fr'], auto_translate: false, description: 'The iPhone app' })
    const list = await ws.call('list_projects')
    expect(list.body.projects).toHaveLength(1)
    expect(list.body.projects[0]).toMatchObject({ slug: 'ios', target_locales: ['de', 'fr'] })
  })

  test('update_project answers 404 not_found for an unknown project', async () => {
    const ws = await env.workspace()
    const res = await ws.call('update_project', { project: 'nope', name: 'x' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })

  test('get_pricing lists four plans from one configuration with prices in cents', async () => {
    const ws = await env.workspace()
    const { plans } = (await ws.call('get_pricing')).body
    expect(plans).toHaveLength(4)
    for (const plan of plans) {
      expect(plan).toHaveProperty('price_monthly_cents')
      expect(plan).toHaveProperty('price_yearly_cents')
      expect(plan).toHaveProperty('ai_translations_per_month')
      expect(plan).toHaveProperty('member_limit')
      expect(plan).toHaveProperty('project_limit')
      expect(plan.features.length).toBeGreaterThan(0)
      expect(plan.how_to_buy.length).toBeGreaterThan(10)
    }
    const pro = plans.find((p: { name: string }) => p.name === 'Pro')
    expect(Number.isInteger(pro.price_monthly_cents)).toBe(true)
    expect(pro.price_yearly_cents).toBeLessThan(pro.price_monthly_cents * 12)
  })
})

forEachBackend('list_activity', (env) => {
  test('every write op records who did it, from which surface, newest first', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'One' })
    await ws.call('update_project', { project: 'one', description: 'd' })
    await ws.call('update_workspace', { name: 'Renamed' }, { headers: { 'user-agent': 'tolk-cli/0.1.0' } })
    const res = await ws.call('list_activity')
    expect(res.body.items.map((a: { op: string }) => a.op)).toEqual(['update_workspace', 'update_project', 'create_project'])
    expect(res.body.items[0]).toMatchObject({ surface: 'cli', actor: { type: 'api_key', name: 'Owner key' } })
    expect(res.body.items[1]).toMatchObject({ surface: 'api' })
    expect(res.body.items[2].summary).toContain('one')
  })

  test('X-Tolk-Surface records the surface a client names (tolk mcp sends mcp), and refuses one no client can claim', async () => {
    const ws = await env.workspace()
    const headers = { 'user-agent': 'tolk-cli/0.1.0', 'x-tolk-surface': 'mcp' }
    expect((await ws.call('create_project', { name: 'Via MCP' }, { headers })).status).toBe(200)
    expect((await ws.call('list_activity')).body.items[0]).toMatchObject({ op: 'create_project', surface: 'mcp' })
    const claimed = await ws.call('create_project', { name: 'Sneaky' }, { headers: { 'x-tolk-surface': 'ai' } })
    expect(claimed.status).toBe(400)
    expect(claimed.body.detail).toContain('api, mcp, cli')
    expect((await ws.call('list_projects')).body.projects.map((p: { slug: string }) => p.slug)).toEqual(['via-mcp'])
  })

  test('pages with a cursor and filters by project, surface and actor', async () => {
    const ws = await env.workspace()
    const p = (await ws.call('create_project', { name: 'P' })).body
    await ws.call('create_project', { name: 'Q' })
    for (let i = 0; i < 4; i++) await ws.call('update_project', { project: 'p', description: `v${i}` })
    const first = await ws.call('list_activity', { limit: 3 })
    expect(first.body.items).toHaveLength(3)
    const second = await ws.call('list_activity', { limit: 3, cursor: first.body.next_cursor })
    expect(second.body.items).toHaveLength(3)
    expect(second.body.next_cursor).toBeNull()
    const all = [...first.body.items, ...second.body.items].map((a: { id: string }) => a.id)
    expect(new Set(all).size).toBe(6)
    const onlyP = await ws.call('list_activity', { project: p.id })
    expect(onlyP.body.items).toHaveLength(5)
    expect((await ws.call('list_activity', { surface: 'mcp' })).body.items).toHaveLength(0)
    const actor = first.body.items[0].actor.id
    expect((await ws.call('list_activity', { actor })).body.items).toHaveLength(6)
  })

  test('a failed write records nothing and changes nothing', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'Web' })
    expect((await ws.call('create_project', { name: 'Web' })).status).toBe(409)
    const res = await ws.call('list_activity')
    expect(res.body.items).toHaveLength(1)
    expect((await ws.call('list_projects')).body.projects).toHaveLength(1)
  })

  test.each([[{ limit: 0 }, 'limit'], [{ limit: 201 }, 'limit'], [{ limit: 1.5 }, 'limit'], [{ cursor: 'garbage' }, 'cursor'], [{ surface: 'email' }, 'surface']])(
    'refuses %j naming the path',
    async (input, path) => {
      const ws = await env.workspace()
      const res = await ws.call('list_activity', input)
      expect(res.status).toBe(400)
      expect(res.body.issues[0].path).toBe(path)
    },
  )
})

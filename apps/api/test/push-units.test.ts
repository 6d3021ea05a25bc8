// The units a push finds and creates (issue 28 made their insert a plain INSERT that fails on a unit another push
// created first): a repeated key leaves no unit behind for the text it replaced; a big file whose texts are partly
// known reuses exactly those; and two big pushes racing to create the same texts both succeed, one unit per text
// (on PostgreSQL they deadlock, and the push the server ended runs again; it answered 500 before).
import { expect, test } from 'vitest'
import { countOf } from '../../../packages/db/test/rows.js'
import { forEachBackend } from './harness.js'

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200)
  return r.body
}

/** A Rails-style locale file: `en:` then one section per screen, `count` keys, texts `text(i)`. */
function railsYaml(count: number, text: (i: number) => string): string {
  const lines = ['en:']
  for (let i = 0; i < count; i++) {
    if (i % 40 === 0) lines.push(`  screen_${i / 40}:`)
    lines.push(`    label_${i}: "${text(i)}"`)
  }
  return `${lines.join('\n')}\n`
}

forEachBackend('push units', (env) => {
  test('a key repeated in a .properties file keeps its last text, and the text it replaced leaves no unit behind', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Inventory', slug: 'inventory', target_locales: ['de'], auto_translate: false }))
    // A Spring messages.properties where button.save was defined twice (the later line wins in java.util.Properties).
    const content = 'app.title=Inventory\nbutton.save=Save\nbutton.cancel=Cancel\nbutton.save=Save changes\n'
    const pushed = await ok(ws.call('push_file', { project: 'inventory', path: 'src/main/resources/messages.properties', content }))
    expect(pushed.counts).toMatchObject({ keys_added: 3, units_created: 3, units_reused: 0 })
    expect(await countOf(env.conn().db, 'units', ws.workspaceId)).toBe(3)
    const units = (await ok(ws.call('list_units', { project: 'inventory', locale: 'de', limit: 50 }))).units as { source_text: string; keys: { name: string }[] }[]
    expect(units.map((u) => [u.source_text, u.keys.map((k) => k.name)]).sort()).toEqual([
      ['Cancel', ['button.cancel']], ['Inventory', ['app.title']], ['Save changes', ['button.save']],
    ])
  })

  test('a big file whose texts are half known reuses those units and creates the rest', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Admin', slug: 'admin', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('create_project', { name: 'Shop', slug: 'shop', target_locales: ['de'], auto_translate: false }))
    const admin = railsYaml(3_000, (i) => `Shared text ${i}`)
    await ok(ws.call('push_file', { project: 'admin', path: 'config/locales/en.yml', content: admin }))
    // Every other text is one the admin app already has.
    const shop = railsYaml(6_000, (i) => (i % 2 === 0 ? `Shared text ${i / 2}` : `Shop text ${i}`))
    const pushed = await ok(ws.call('push_file', { project: 'shop', path: 'config/locales/en.yml', content: shop }))
    expect(pushed.counts).toMatchObject({ keys_added: 6_000, units_created: 3_000, units_reused: 3_000 })
    expect(await countOf(env.conn().db, 'units', ws.workspaceId)).toBe(6_000)
    const pulled = await ok(ws.call('pull_file', { project: 'shop', path: 'config/locales/en.yml', locale: 'en' }))
    expect(pulled.content).toBe(shop)
  })

  test('two big pushes creating the same texts at once both succeed, with one unit per text', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Web', slug: 'web', target_locales: ['de'], auto_translate: false }))
    await ok(ws.call('create_project', { name: 'Mobile', slug: 'mobile', target_locales: ['de'], auto_translate: false }))
    // The same 12,000 texts in two apps' files (several insert statements each), in opposite orders, pushed at the same moment: on
    // PostgreSQL each push waits for a text the other wrote first, and the server ends one of them (a deadlock; with
    // half as many texts the two pushes seldom overlap long enough).
    const web = railsYaml(12_000, (i) => `Common text ${i}`)
    const mobile = railsYaml(12_000, (i) => `Common text ${11_999 - i}`)
    const [a, b] = await Promise.all([
      ws.call('push_file', { project: 'web', path: 'config/locales/en.yml', content: web }),
      ws.call('push_file', { project: 'mobile', path: 'config/locales/en.yml', content: mobile }),
    ])
    expect([a.status, b.status], JSON.stringify([a.body, b.body]).slice(-800)).toEqual([200, 200])
    expect(a.body.counts.units_created + b.body.counts.units_created).toBe(12_000)
    expect(await countOf(env.conn().db, 'units', ws.workspaceId)).toBe(12_000)
    expect((await ok(ws.call('pull_file', { project: 'web', path: 'config/locales/en.yml', locale: 'en' }))).content).toBe(web)
    expect((await ok(ws.call('pull_file', { project: 'mobile', path: 'config/locales/en.yml', locale: 'en' }))).content).toBe(mobile)
  })
})

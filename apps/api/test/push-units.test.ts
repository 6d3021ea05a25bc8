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

  test('a file of several batches: texts repeated across batches share a unit, and a re-push changes only the keys it edits', async () => {
    const ws = await env.workspace()
    await ok(ws.call('create_project', { name: 'Inventory', slug: 'inventory', target_locales: ['de'], auto_translate: false }))
    // A Spring messages.properties of 25,000 keys (a push works through 10,000 at a time): the text of key i comes back at
    // key i + 12,000, in a later batch. screen0.label5 is defined twice; its first text is a draft no other key has.
    const lines = (text: (i: number) => string | undefined) => {
      const out: string[] = []
      for (let i = 0; i < 25_000; i++) {
        const value = text(i)
        if (value !== undefined) out.push(`screen${Math.floor(i / 100)}.label${i}=${value}`)
      }
      return `${out.join('\n')}\nscreen0.label5=Label five, final\n`
    }
    const first = lines((i) => (i === 5 ? 'Draft text for label five' : `Text ${i % 12_000}`))
    const pushed = await ok(ws.call('push_file', { project: 'inventory', path: 'src/main/resources/messages.properties', content: first }))
    expect(pushed.counts).toMatchObject({ keys_added: 25_000, units_created: 12_001, units_reused: 0 })
    expect(await countOf(env.conn().db, 'units', ws.workspaceId)).toBe(12_001)
    const unitOf = async (query: string) => {
      const found = (await ok(ws.call('search_units', { query, limit: 5 }))).units as { source_text: string; keys: { name: string }[] }[]
      return found.find((u) => u.source_text === query)
    }
    expect((await unitOf('Text 3000'))?.keys.map((k) => k.name).sort()).toEqual(['screen150.label15000', 'screen30.label3000'])
    expect(await unitOf('Draft text for label five')).toBeUndefined()
    expect((await ok(ws.call('pull_file', { project: 'inventory', path: 'src/main/resources/messages.properties', locale: 'en' }))).content).toBe(first)

    // Keys in the second and third batches change: one text edited, one removed. The 5,000 keys after the removed one
    // (label5's last definition among them) move up a place; nothing else is touched.
    const second = lines((i) => (i === 5 ? 'Draft text for label five' : i === 15_000 ? 'Edited text fifteen thousand' : i === 20_000 ? undefined : `Text ${i % 12_000}`))
    const again = await ok(ws.call('push_file', { project: 'inventory', path: 'src/main/resources/messages.properties', content: second }))
    expect(again.counts).toMatchObject({ keys_added: 0, keys_updated: 5_001, keys_removed: 1, keys_unchanged: 19_998, units_created: 1 })
    expect((await unitOf('Text 3000'))?.keys.map((k) => k.name)).toEqual(['screen30.label3000'])
    expect((await unitOf('Edited text fifteen thousand'))?.keys.map((k) => k.name)).toEqual(['screen150.label15000'])
    expect((await ok(ws.call('pull_file', { project: 'inventory', path: 'src/main/resources/messages.properties', locale: 'en' }))).content).toBe(second)
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

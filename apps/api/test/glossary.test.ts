// Glossary and rule ops, and the prompt context the translate job builds from them, on both databases.
import { loadPromptContext } from '@tolk/core'
import { describe, expect, test } from 'vitest'
import { insertRows } from '../../../packages/db/test/rows.js'
import { forEachBackend, type Caller } from './harness.js'

const ok = async (ws: Caller, op: string, input?: unknown) => {
  const res = await ws.call(op, input)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

const refused = async (ws: Caller, op: string, input: unknown, code: string, path?: string) => {
  const res = await ws.call(op, input)
  expect(res.status, JSON.stringify(res.body)).toBe(code === 'not_found' ? 404 : 400)
  expect(res.body.code).toBe(code)
  if (path !== undefined) expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path)
  return res.body
}

const activityOf = async (ws: Caller, op: string) => ((await ok(ws, 'list_activity', { limit: 200 })).items as { op: string; summary: string }[]).filter((a) => a.op === op)

const terms = async (ws: Caller) => (await ok(ws, 'list_glossary')).terms as { term: string; do_not_translate: boolean; translations: Record<string, string> }[]
const rules = async (ws: Caller) => (await ok(ws, 'list_rules')).rules as { id: string; body: string; locale: string | null; active: boolean }[]

const localeMap = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`, `t${i}`]))

forEachBackend('glossary ops', (env) => {
  describe('upsert_glossary_term and list_glossary', () => {
    test('a new term is listed with its flag and translations', async () => {
      const ws = await env.workspace()
      const out = await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
      expect(out).toMatchObject({ term: 'Tolk', do_not_translate: true, translations: {} })
      await ok(ws, 'upsert_glossary_term', { term: 'workspace', translations: { de: 'Arbeitsbereich' } })
      expect(await terms(ws)).toMatchObject([
        { term: 'Tolk', do_not_translate: true, translations: {} },
        { term: 'workspace', do_not_translate: false, translations: { de: 'Arbeitsbereich' } },
      ])
    })

    test('a second upsert adds a locale and keeps the others', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { de: 'Rechnung', fr: 'facture' } })
      const out = await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { es: 'factura', de: 'Faktura' } })
      expect(out.translations).toEqual({ de: 'Faktura', fr: 'facture', es: 'factura' })
      expect((await terms(ws)).map((t) => t.translations)).toEqual([{ de: 'Faktura', fr: 'facture', es: 'factura' }])
    })

    test('a null translation removes that locale and keeps the rest', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { de: 'Rechnung', fr: 'facture' } })
      const out = await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { fr: null, it: null } })
      expect(out.translations).toEqual({ de: 'Rechnung' })
    })

    test('another spelling of a locale replaces the stored one instead of adding a twin', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'cart', translations: { pt_BR: 'carrinho', de: 'Warenkorb' } })
      const out = await ok(ws, 'upsert_glossary_term', { term: 'cart', translations: { 'pt-BR': 'sacola' } })
      expect(out.translations).toEqual({ de: 'Warenkorb', 'pt-BR': 'sacola' })
    })

    test('an upsert without do_not_translate keeps the stored flag', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
      expect((await ok(ws, 'upsert_glossary_term', { term: 'Tolk', translations: { de: 'Tolk' } })).do_not_translate).toBe(true)
      expect((await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: false })).do_not_translate).toBe(false)
    })

    test('"Tolk" and "tolk" are one term, spelled as the latest upsert wrote it', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'tolk', translations: { de: 'tolk' } })
      const out = await ok(ws, 'upsert_glossary_term', { term: '  Tolk ', do_not_translate: true })
      expect(out).toMatchObject({ term: 'Tolk', do_not_translate: true, translations: { de: 'tolk' } })
      expect((await terms(ws)).map((t) => t.term)).toEqual(['Tolk'])
    })

    test('every change records one activity row and an upsert that changes nothing records none', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
      await ok(ws, 'upsert_glossary_term', { term: 'Tolk', translations: { de: 'Tolk' } })
      await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true, translations: { de: 'Tolk' } })
      const rows = await activityOf(ws, 'upsert_glossary_term')
      expect(rows.map((r) => r.summary)).toEqual(['changed glossary term "Tolk": translations', 'added glossary term "Tolk"'])
    })

    test('concurrent upserts of one new term in two spellings leave one term with both translations', async () => {
      const ws = await env.workspace()
      const [a, b] = await Promise.all([
        ws.call('upsert_glossary_term', { term: 'Board', translations: { de: 'Tafel' } }),
        ws.call('upsert_glossary_term', { term: 'board', translations: { fr: 'tableau' } }),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      const list = await terms(ws)
      expect(list).toHaveLength(1)
      expect(list[0]!.translations).toEqual({ de: 'Tafel', fr: 'tableau' })
    })
  })

  describe('glossary limits', () => {
    test('a term has 1 to 200 characters after trimming', async () => {
      const ws = await env.workspace()
      expect((await ok(ws, 'upsert_glossary_term', { term: 'a'.repeat(200) })).term).toHaveLength(200)
      await refused(ws, 'upsert_glossary_term', { term: 'a'.repeat(201) }, 'invalid_input', 'term')
      await refused(ws, 'upsert_glossary_term', { term: '   ' }, 'invalid_input', 'term')
      await refused(ws, 'upsert_glossary_term', {}, 'invalid_input', 'term')
    })

    test('a required translation has 1 to 500 characters and a locale key', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'x', translations: { de: 'b'.repeat(500) } })
      await refused(ws, 'upsert_glossary_term', { term: 'x', translations: { de: 'b'.repeat(501) } }, 'invalid_input', 'translations.de')
      await refused(ws, 'upsert_glossary_term', { term: 'x', translations: { de: '' } }, 'invalid_input', 'translations.de')
      await refused(ws, 'upsert_glossary_term', { term: 'x', translations: { 'not a locale': 'y' } }, 'invalid_input')
    })

    test('a term carries at most 100 locales, in one call or merged over several', async () => {
      const ws = await env.workspace()
      await refused(ws, 'upsert_glossary_term', { term: 'x', translations: localeMap(101) }, 'invalid_input', 'translations')
      await ok(ws, 'upsert_glossary_term', { term: 'x', translations: localeMap(100) })
      await refused(ws, 'upsert_glossary_term', { term: 'x', translations: { de: 'y' } }, 'invalid_input', 'translations')
      const stored = await terms(ws)
      expect(Object.keys(stored[0]!.translations)).toHaveLength(100)
      expect(stored[0]!.translations.de).toBeUndefined()
      // Removing one makes room again.
      expect(Object.keys((await ok(ws, 'upsert_glossary_term', { term: 'x', translations: { xaa: null, de: 'y' } })).translations)).toHaveLength(100)
    })

    test('a full glossary of 2000 terms refuses a new term but still changes existing ones', async () => {
      const ws = await env.workspace()
      const rows = Array.from({ length: 2000 }, (_, i) => ({ workspace_id: ws.workspaceId, term: `term ${i}`, translations: {} }))
      await insertRows(env.conn().db, 'glossary_terms', rows)
      await refused(ws, 'upsert_glossary_term', { term: 'one more' }, 'invalid_input', 'term')
      expect((await ok(ws, 'upsert_glossary_term', { term: 'term 7', do_not_translate: true })).do_not_translate).toBe(true)
    })

    test('unknown fields are refused', async () => {
      const ws = await env.workspace()
      await refused(ws, 'upsert_glossary_term', { term: 'x', description: 'y' }, 'invalid_input', 'description')
      await refused(ws, 'list_glossary', { locale: 'de' }, 'invalid_input', 'locale')
    })
  })

  describe('delete_glossary_term', () => {
    test('a deleted term leaves the list and its deletion is recorded', async () => {
      const ws = await env.workspace()
      await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
      await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { de: 'Rechnung' } })
      expect((await ok(ws, 'delete_glossary_term', { term: 'TOLK' })).term).toBe('Tolk')
      expect((await terms(ws)).map((t) => t.term)).toEqual(['invoice'])
      expect((await activityOf(ws, 'delete_glossary_term')).map((a) => a.summary)).toEqual(['deleted glossary term "Tolk"'])
    })

    test('deleting a term that does not exist answers 404 not_found', async () => {
      const ws = await env.workspace()
      await refused(ws, 'delete_glossary_term', { term: 'nothing' }, 'not_found')
      await ok(ws, 'upsert_glossary_term', { term: 'once' })
      await ok(ws, 'delete_glossary_term', { term: 'once' })
      await refused(ws, 'delete_glossary_term', { term: 'once' }, 'not_found')
    })

    test('deleting a term leaves existing translations unchanged', async () => {
      const ws = await env.workspace()
      await ok(ws, 'create_project', { name: 'App', slug: 'app', target_locales: ['de'], auto_translate: false })
      await ok(ws, 'push_file', { project: 'app', path: 'en.json', content: '{"cta": "Open the invoice"}' })
      await ok(ws, 'push_file', { project: 'app', path: 'de.json', content: '{"cta": "Rechnung öffnen"}' })
      await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { de: 'Faktura' } })
      await ok(ws, 'delete_glossary_term', { term: 'invoice' })
      expect((await ok(ws, 'pull_file', { project: 'app', path: 'de.json', locale: 'de' })).content).toBe('{"cta": "Rechnung öffnen"}')
    })

    test('a term of another workspace is not_found and stays', async () => {
      const a = await env.workspace()
      const b = await env.workspace()
      await ok(b, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
      await refused(a, 'delete_glossary_term', { term: 'Tolk' }, 'not_found')
      expect((await terms(b)).map((t) => t.term)).toEqual(['Tolk'])
      expect(await terms(a)).toEqual([])
    })
  })
})

forEachBackend('rule ops', (env) => {
  test('added rules are listed oldest first, active, global or for one locale', async () => {
    const ws = await env.workspace()
    const global = await ok(ws, 'add_rule', { body: 'Use sentence case in buttons.' })
    const de = await ok(ws, 'add_rule', { body: 'Address the user with "du".', locale: 'de' })
    const explicit = await ok(ws, 'add_rule', { body: 'Keep it short.', locale: null })
    expect(global).toMatchObject({ body: 'Use sentence case in buttons.', locale: null, active: true })
    expect(explicit.locale).toBeNull()
    expect((await rules(ws)).map((r) => [r.id, r.locale, r.active])).toEqual([[global.id, null, true], [de.id, 'de', true], [explicit.id, null, true]])
    expect(await activityOf(ws, 'add_rule')).toHaveLength(3)
  })

  test('adding the same rule again returns the existing one and records nothing', async () => {
    const ws = await env.workspace()
    const first = await ok(ws, 'add_rule', { body: 'Keep it short.', locale: 'de' })
    const again = await ok(ws, 'add_rule', { body: '  Keep it short. ', locale: 'de' })
    expect(again.id).toBe(first.id)
    expect((await ok(ws, 'add_rule', { body: 'Keep it short.' })).id).not.toBe(first.id)
    expect(await rules(ws)).toHaveLength(2)
    expect(await activityOf(ws, 'add_rule')).toHaveLength(2)
  })

  test('adding the text of an inactive rule switches that rule back on', async () => {
    const ws = await env.workspace()
    const rule = await ok(ws, 'add_rule', { body: 'Keep it short.' })
    await ok(ws, 'update_rule', { rule: rule.id, active: false })
    expect(await ok(ws, 'add_rule', { body: 'Keep it short.' })).toMatchObject({ id: rule.id, active: true })
    expect(await rules(ws)).toHaveLength(1)
  })

  test('update_rule changes the body and the active flag, one activity row each', async () => {
    const ws = await env.workspace()
    const rule = await ok(ws, 'add_rule', { body: 'Keep it short.', locale: 'fr' })
    expect(await ok(ws, 'update_rule', { rule: rule.id, body: 'Keep it very short.' })).toMatchObject({ id: rule.id, body: 'Keep it very short.', locale: 'fr', active: true })
    expect(await ok(ws, 'update_rule', { rule: rule.id, active: false })).toMatchObject({ body: 'Keep it very short.', active: false })
    expect((await rules(ws))[0]).toMatchObject({ body: 'Keep it very short.', active: false })
    expect((await activityOf(ws, 'update_rule')).map((a) => a.summary)).toEqual(['updated rule "Keep it very short.": deactivated', 'updated rule "Keep it very short.": body'])
  })

  test('an update_rule that changes nothing records no activity', async () => {
    const ws = await env.workspace()
    const rule = await ok(ws, 'add_rule', { body: 'Keep it short.' })
    await ok(ws, 'update_rule', { rule: rule.id, body: 'Keep it short.', active: true })
    await ok(ws, 'update_rule', { rule: rule.id })
    expect(await activityOf(ws, 'update_rule')).toEqual([])
  })

  test('update_rule answers not_found for an unknown id and for a rule of another workspace', async () => {
    const a = await env.workspace()
    const b = await env.workspace()
    const theirs = await ok(b, 'add_rule', { body: 'Theirs.' })
    await refused(a, 'update_rule', { rule: theirs.id, active: false }, 'not_found')
    await refused(a, 'update_rule', { rule: '00000000-0000-4000-8000-000000000000', active: false }, 'not_found')
    await refused(a, 'update_rule', { rule: 'rule-1', active: false }, 'invalid_input', 'rule')
    expect((await rules(b))[0]!.active).toBe(true)
  })

  test('a rule body has 1 to 2000 characters and a locale is a BCP 47 tag', async () => {
    const ws = await env.workspace()
    const rule = await ok(ws, 'add_rule', { body: 'r'.repeat(2000) })
    await refused(ws, 'add_rule', { body: 'r'.repeat(2001) }, 'invalid_input', 'body')
    await refused(ws, 'add_rule', { body: ' ' }, 'invalid_input', 'body')
    await refused(ws, 'add_rule', { locale: 'de' }, 'invalid_input', 'body')
    await refused(ws, 'add_rule', { body: 'x', locale: 'd' }, 'invalid_input', 'locale')
    await refused(ws, 'update_rule', { rule: rule.id, body: 'r'.repeat(2001) }, 'invalid_input', 'body')
    await refused(ws, 'update_rule', { rule: rule.id, locale: 'de' }, 'invalid_input', 'locale')
  })

  test('a workspace holds at most 200 rules', async () => {
    const ws = await env.workspace()
    const rows = Array.from({ length: 199 }, (_, i) => ({ workspace_id: ws.workspaceId, body: `rule ${i}`, locale: null }))
    await insertRows(env.conn().db, 'rules', rows)
    await ok(ws, 'add_rule', { body: 'the 200th' })
    await refused(ws, 'add_rule', { body: 'the 201st' }, 'invalid_input', 'body')
    expect(await rules(ws)).toHaveLength(200)
  })
})

forEachBackend('loadPromptContext', (env) => {
  async function setUp() {
    const ws = await env.workspace()
    await ok(ws, 'update_workspace', { product_context: 'Tolk: translation management for developers. Friendly, precise.' })
    const project = await ok(ws, 'create_project', { name: 'Web', description: 'The dashboard web app.', auto_translate: false })
    return { ws, project, db: env.conn().db }
  }

  test('carries the product context, the project description, the glossary and the rules for the locale', async () => {
    const { ws, project, db } = await setUp()
    await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await ok(ws, 'upsert_glossary_term', { term: 'workspace', translations: { de: 'Arbeitsbereich', fr: 'espace de travail' } })
    await ok(ws, 'add_rule', { body: 'Keep it short.' })
    await ok(ws, 'add_rule', { body: 'Address the user with "du".', locale: 'de' })
    await ok(ws, 'add_rule', { body: 'Tutoyer.', locale: 'fr' })
    expect(await loadPromptContext(db, ws.workspaceId, project.id, 'de')).toEqual({
      productContext: 'Tolk: translation management for developers. Friendly, precise.',
      projectDescription: 'The dashboard web app.',
      glossary: [{ term: 'Tolk', doNotTranslate: true }, { term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }],
      rules: ['Keep it short.', 'Address the user with "du".'],
    })
  })

  test('lists only the terms that constrain the locale, and a do-not-translate term never carries a translation', async () => {
    const { ws, db } = await setUp()
    await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true, translations: { de: 'Tolkien' } })
    await ok(ws, 'upsert_glossary_term', { term: 'invoice', translations: { de: 'Rechnung' } })
    await ok(ws, 'upsert_glossary_term', { term: 'bare' })
    expect((await loadPromptContext(db, ws.workspaceId, null, 'ja')).glossary).toEqual([{ term: 'Tolk', doNotTranslate: true }])
    expect((await loadPromptContext(db, ws.workspaceId, null, 'de')).glossary).toEqual([
      { term: 'invoice', doNotTranslate: false, translation: 'Rechnung' },
      { term: 'Tolk', doNotTranslate: true },
    ])
  })

  test('a required translation for a language covers its regions, and the most specific one wins', async () => {
    const { ws, db } = await setUp()
    await ok(ws, 'upsert_glossary_term', { term: 'cart', translations: { pt: 'carrinho', 'pt-BR': 'sacola' } })
    const translation = async (locale: string) => (await loadPromptContext(db, ws.workspaceId, null, locale)).glossary[0]?.translation
    expect(await translation('pt-BR')).toBe('sacola')
    expect(await translation('pt_br')).toBe('sacola')
    expect(await translation('pt-PT')).toBe('carrinho')
    expect(await translation('pt')).toBe('carrinho')
    expect(await translation('ptx')).toBeUndefined()
  })

  test('a rule for a language applies to its regions; a rule for a region applies to that region only', async () => {
    const { ws, db } = await setUp()
    await ok(ws, 'add_rule', { body: 'BR only.', locale: 'pt-BR' })
    await ok(ws, 'add_rule', { body: 'Any Portuguese.', locale: 'pt' })
    await ok(ws, 'add_rule', { body: 'Everywhere.' })
    await ok(ws, 'add_rule', { body: 'Traditional Chinese.', locale: 'zh-Hant' })
    const rulesFor = async (locale: string) => (await loadPromptContext(db, ws.workspaceId, null, locale)).rules
    expect(await rulesFor('pt-BR')).toEqual(['Everywhere.', 'Any Portuguese.', 'BR only.'])
    expect(await rulesFor('pt_br')).toEqual(['Everywhere.', 'Any Portuguese.', 'BR only.'])
    expect(await rulesFor('pt-PT')).toEqual(['Everywhere.', 'Any Portuguese.'])
    expect(await rulesFor('pt')).toEqual(['Everywhere.', 'Any Portuguese.'])
    expect(await rulesFor('zh-Hant-TW')).toEqual(['Everywhere.', 'Traditional Chinese.'])
    expect(await rulesFor('zh-Hans')).toEqual(['Everywhere.'])
  })

  test('an inactive rule leaves the prompt and comes back when reactivated', async () => {
    const { ws, db } = await setUp()
    const rule = await ok(ws, 'add_rule', { body: 'Keep it short.', locale: 'de' })
    await ok(ws, 'update_rule', { rule: rule.id, active: false })
    expect((await loadPromptContext(db, ws.workspaceId, null, 'de')).rules).toEqual([])
    await ok(ws, 'update_rule', { rule: rule.id, active: true })
    expect((await loadPromptContext(db, ws.workspaceId, null, 'de')).rules).toEqual(['Keep it short.'])
  })

  test('a deleted term leaves the prompt', async () => {
    const { ws, db } = await setUp()
    await ok(ws, 'upsert_glossary_term', { term: 'Tolk', do_not_translate: true })
    await ok(ws, 'delete_glossary_term', { term: 'Tolk' })
    expect((await loadPromptContext(db, ws.workspaceId, null, 'de')).glossary).toEqual([])
  })

  test('without a project, or with an empty description or another workspace\'s project, there is no project description', async () => {
    const { ws, db } = await setUp()
    const bare = await ok(ws, 'create_project', { name: 'Bare', auto_translate: false })
    const other = await setUp()
    expect(await loadPromptContext(db, ws.workspaceId, null, 'de')).not.toHaveProperty('projectDescription')
    expect(await loadPromptContext(db, ws.workspaceId, bare.id, 'de')).not.toHaveProperty('projectDescription')
    expect(await loadPromptContext(db, ws.workspaceId, other.project.id, 'de')).not.toHaveProperty('projectDescription')
  })

  test('never includes the terms or rules of another workspace', async () => {
    const { ws, db } = await setUp()
    const other = await env.workspace()
    await ok(other, 'upsert_glossary_term', { term: 'Secret', do_not_translate: true })
    await ok(other, 'add_rule', { body: 'Secret rule.' })
    expect(await loadPromptContext(db, ws.workspaceId, null, 'de')).toMatchObject({ glossary: [], rules: [] })
  })
})

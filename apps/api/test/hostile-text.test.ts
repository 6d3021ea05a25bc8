// Text at the edge (issue 18): NUL and lone surrogates answer 400 naming where they are, on every op and surface;
// a body that is not UTF-8 is invalid_json; an array sent for a map is refused.
import { expect, test } from 'vitest'
import { BASE_URL, forEachBackend } from './harness.js'

const NUL = '\u0000'
const LONE = '\ud800'

forEachBackend('hostile text', (env) => {
  test.each([
    ['create_project', { name: `Web${NUL}app` }, 'name'],
    ['create_project', { name: `Web${LONE}app` }, 'name'],
    ['search_units', { query: `he${NUL}llo` }, 'query'],
    ['add_rule', { body: `Use the${NUL} formal you` }, 'body'],
    ['upsert_glossary_term', { term: 'workspace', translations: { de: `Arbeits${LONE}bereich` } }, 'translations.de'],
    ['push_file', { project: 'p', path: `locales/en${NUL}.json`, content: '{}' }, 'path'],
  ])('%s with bad text answers 400 invalid_input naming the path (%#)', async (op, input, path) => {
    const ws = await env.workspace()
    const res = await ws.call(op, input)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path)
  })

  test('a field name holding NUL is refused with its (cleaned) path', async () => {
    const ws = await env.workspace()
    const res = await ws.call('upsert_glossary_term', { term: 'x', translations: { [`d${NUL}e`]: 'y' } })
    expect(res.status).toBe(400)
    expect(res.body.issues[0].message).toContain('field name')
  })

  test('set_translation with a lone surrogate answers 400, and nothing is stored', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'], auto_translate: false })
    const push = await ws.call('push_file', { project: 'app', path: 'en.json', content: '{"hi": "Hello"}' })
    expect(push.status).toBe(200)
    const units = await ws.call('list_units', { project: 'app', locale: 'de' })
    const unit = units.body.units[0].id
    const res = await ws.call('set_translation', { unit, locale: 'de', text: `Hal${LONE}lo` })
    expect(res.status).toBe(400)
    expect(res.body.issues[0]).toMatchObject({ path: 'text' })
    expect(res.body.issues[0].message).toContain('lone surrogate (U+D800) at character 4')
    const got = await ws.call('get_unit', { unit })
    expect(got.body.translations.filter((t: { locale: string; text: string }) => t.locale === 'de' && t.text !== '')).toEqual([])
  })

  test('a NUL in a file\'s text is data: the file comes back byte for byte, and the database holds U+FFFD', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App', target_locales: ['de'] })
    const escaped = '{"title": "Hello", "greeting": "a\\u0000b", "odd": "c\\ud800d"}\n'
    const json = await ws.call('push_file', { project: 'app', path: 'locales/en.json', content: escaped })
    expect(json.status).toBe(200)
    expect((await ws.call('pull_file', { project: 'app', path: 'locales/en.json', locale: 'en' })).body.content).toBe(escaped)
    const found = await ws.call('list_units', { project: 'app', locale: 'de' })
    expect(found.body.units.map((u: { source_text: string }) => u.source_text).sort()).toEqual(['Hello', 'a\ufffdb', 'c\ufffdd'])
    const raw = 'msgid ""\nmsgstr ""\n\nmsgid "Hello"\nmsgstr "Hal\u0000lo"\n'
    const po = await ws.call('push_file', { project: 'app', path: 'po/de.po', locale: 'de', content: raw })
    expect(po.status).toBe(200)
    // A PO pull adds its Language and Plural-Forms headers; the translation keeps its NUL.
    expect((await ws.call('pull_file', { project: 'app', path: 'po/de.po', locale: 'de' })).body.content).toContain('msgstr "Hal\u0000lo"')
  })

  test('file content with a raw lone surrogate is refused with its line and column', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App' })
    const res = await ws.call('push_file', { project: 'app', path: 'en.properties', content: `a = One\nb = T${LONE}wo\n` })
    expect(res.status).toBe(400)
    expect(res.body.issues[0]).toMatchObject({ path: 'content' })
    expect(res.body.issues[0].message).toContain('lone surrogate (U+D800) at line 2, column 6')
  })

  test.each([
    ['a JSON key spelling NUL as an escape', 'locales/en.json', '{"title": "Hello",\n "gr\\u0000eeting": "ab"}', /entry "gr\\u0000eeting" at line 2, column 3 .*key/],
    ['a JSON key spelling a lone surrogate', 'locales/en.json', '{"title": "Hello",\n "gr\\ud800eeting": "ab"}', /entry "gr\\ud800eeting" at line 2, column 3 .*key/],
    ['a properties key holding a raw NUL', 'en.properties', 'title = Hello\ngr\u0000eeting = ab\n', /entry "gr\\u0000eeting" at line 2, column 3 .*key/],
  ])('%s is refused naming the entry with its line, and nothing is written', async (_what, path, content, message) => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App' })
    const res = await ws.call('push_file', { project: 'app', path, content })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues[0].path).toBe('content')
    expect(res.body.issues[0].message).toMatch(message)
    expect((await ws.call('list_files', { project: 'app' })).body.files).toEqual([])
  })

  test('a big file with bad keys far down is refused naming each at its own line, and nothing is written', async () => {
    const ws = await env.workspace()
    await ws.call('create_project', { name: 'App' })
    // An i18next file of 30,000 keys, larger than one batch of a PostgreSQL push: the keys at lines 25,002 and 29,002
    // spell NUL and differ only after it, so only the text after the NUL tells them apart in the file.
    const lines = Array.from({ length: 30_000 }, (_, i) => `  "${i === 25_000 || i === 29_000 ? `bad\\u0000key${i}` : `key${i}`}": "Text number ${i}"`)
    const res = await ws.call('push_file', { project: 'app', path: 'public/locales/en/common.json', content: `{\n${lines.join(',\n')}\n}\n` })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400)
    expect(res.body.code).toBe('invalid_input')
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual([
      expect.stringMatching(/entry "bad\\u0000key25000" at line 25002, column 4 .*key/),
      expect.stringMatching(/entry "bad\\u0000key29000" at line 29002, column 4 .*key/),
    ])
    expect((await ws.call('list_files', { project: 'app' })).body.files).toEqual([])
    expect((await ws.call('list_units', { project: 'app', locale: 'de', limit: 5 })).body.units).toEqual([])
  })

  test('upsert_glossary_term with "translations": [] answers 400 (an array is not a map)', async () => {
    const ws = await env.workspace()
    const res = await ws.call('upsert_glossary_term', { term: 'workspace', translations: [] })
    expect(res.status).toBe(400)
    expect(res.body.issues[0]).toMatchObject({ path: 'translations' })
    const plural = await ws.call('update_project', { project: 'nope', locale_map: ['de_DE'] })
    expect(plural.status).toBe(400)
  })

  test('a REST body that is not UTF-8 answers 400 invalid_json, and nothing is stored', async () => {
    const ws = await env.workspace()
    const body = Buffer.concat([Buffer.from('{"name": "Caf'), Buffer.from([0xe9]), Buffer.from('"}')])
    const res = await env.app().request(`${BASE_URL}/api/v1/create_project`, { method: 'POST', headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json' }, body })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('invalid_json')
    expect((await ws.call('list_projects')).body.projects).toEqual([])
  })

  test('an MCP body that is not UTF-8 answers 400 invalid_json', async () => {
    const ws = await env.workspace()
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_project', arguments: { name: 'Caf_' } } }
    const bytes = Buffer.from(JSON.stringify(call))
    bytes[bytes.indexOf('Caf_') + 3] = 0xe9
    const res = await env.app().request(`${BASE_URL}/api/mcp`, {
      method: 'POST', body: bytes,
      headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('invalid_json')
  })

  test('an MCP tool call with a NUL answers the tool error invalid_input, and valid UTF-8 still works', async () => {
    const ws = await env.workspace()
    const post = (name: string) => env.app().request(`${BASE_URL}/api/mcp`, {
      method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_project', arguments: { name } } }),
      headers: { authorization: `Bearer ${ws.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    })
    const bad = (await (await post(`a${NUL}b`)).json()) as { result: { isError: boolean; structuredContent?: { code: string }; content: { text: string }[] } }
    expect(bad.result.isError).toBe(true)
    expect(JSON.stringify(bad.result)).toContain('invalid_input')
    const good = (await (await post('Café')).json()) as { result: { isError?: boolean } }
    expect(good.result.isError ?? false).toBe(false)
  })
})

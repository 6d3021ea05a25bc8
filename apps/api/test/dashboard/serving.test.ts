// How apps/api serves the dashboard's build: caching by kind of file, the CSP, client routes answered with the page,
// and never in the way of the API, the sign-in pages or a problem+json 404. A small build is written to a temp folder,
// so this runs without building apps/web.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, migrateToLatest, type Connection } from '@tolk/db'
import { createApp } from '../../src/app.js'
import { DASHBOARD_CSP } from '../../src/dashboard.js'
import { Browser, newEmail } from '../browser.js'

const INDEX = '<!doctype html><title>Tolk</title><script type="module" src="/assets/index-abc123.js"></script>'

describe('serving the dashboard', () => {
  let conn: Connection
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tolk-web-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), INDEX)
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
    conn = await connect({})
    await migrateToLatest(conn.db)
    app = createApp({ db: conn.db, baseUrl: 'http://tolk.test', webDir: dir })
  })
  afterAll(() => conn?.close())
  const get = (path: string, accept = 'text/html') => app.request(`http://tolk.test${path}`, { headers: { accept } })

  test('answers / with the page, revalidated on every load, under a strict Content-Security-Policy', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(INDEX)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-security-policy')).toBe(DASHBOARD_CSP)
    expect(DASHBOARD_CSP).toContain("script-src 'self'")
    expect(DASHBOARD_CSP).not.toContain('unsafe')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('caches hashed assets for a year as immutable, answers 404 for an asset not in the build, and leaves the sign-in stylesheet to its route', async () => {
    const res = await get('/assets/index-abc123.js', '*/*')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const gone = await get('/assets/index-old999.js', '*/*')
    expect(gone.status).toBe(404)
    expect(gone.headers.get('cache-control')).toBeNull()
    // The sign-in pages' stylesheet shares the folder and is still theirs.
    const css = await get('/assets/tolk.css', 'text/css')
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toContain('text/css')
  })

  test('answers client routes with the page, so a reload or a shared link of /strings/… works', async () => {
    for (const path of ['/strings', '/strings/7d4c2b1a-9e8f-4a6b-8c5d-3e2f1a0b9c8d?locale=de', '/review', '/members']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(await res.text()).toBe(INDEX)
    }
  })

  test('never shadows the API, the sign-in pages or a problem+json 404', async () => {
    const op = await app.request('http://tolk.test/api/v1/get_workspace', { headers: { accept: 'text/html' } })
    expect(op.status).toBe(401)
    expect(op.headers.get('content-type')).toContain('application/problem+json')
    const apiMiss = await get('/api/nothing')
    expect(apiMiss.status).toBe(404)
    expect(((await apiMiss.json()) as any).code).toBe('not_found')
    const signin = await get('/signin')
    expect(signin.status).toBe(200)
    expect(await signin.text()).toContain('action="/signin"')
    // A client that asks for JSON gets the API's 404, not the page.
    const json = await get('/no-such-thing', 'application/json')
    expect(json.status).toBe(404)
    expect(((await json.json()) as any).code).toBe('not_found')
  })

  test('serves no dashboard when the build is absent: / is the API\'s 404', async () => {
    const bare = createApp({ db: conn.db, baseUrl: 'http://tolk.test', webDir: join(tmpdir(), 'no-such-build') })
    const res = await bare.request('http://tolk.test/', { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
  })

  test('signing up or in without a next lands on the dashboard, not on the bare account page', async () => {
    const email = newEmail('dash')
    const up = await new Browser(app, 'http://tolk.test').signUp(email, 'correct horse battery')
    expect([up.status, up.location]).toEqual([303, '/'])
    const back = await new Browser(app, 'http://tolk.test').signIn(email, 'correct horse battery')
    expect([back.status, back.location]).toEqual([303, '/'])
  })
})

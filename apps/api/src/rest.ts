import { catalog, errorsPage, fail, findOp, invoke, openApi } from '@tolk/core'
import { SURFACES, type Surface } from '@tolk/db'
import type { Context, Hono } from 'hono'
import { bodyText, parseBoundedJson } from './body.js'
import { opContext, principalOf, type SurfaceDeps } from './context.js'

/** What the REST surface needs from the app. */
export type RestDeps = SurfaceDeps

export { MAX_BODY_BYTES } from './body.js'

/** Mounts GET /api/v1 (catalog), the OpenAPI document and /api/v1/{op} for every op of the registry. */
export function mountRest(app: Hono, deps: RestDeps): void {
  const catalogBody = JSON.stringify(catalog())
  const openApiBody = JSON.stringify(openApi(deps.baseUrl))
  app.get('/api/v1', (c) => c.body(catalogBody, 200, { 'Content-Type': 'application/json' }))
  app.get('/api/v1/openapi.json', (c) => c.body(openApiBody, 200, { 'Content-Type': 'application/json' }))
  // Every problem's type URL points here: /docs/errors#<status>, and #<code> for one code.
  const errorsHtml = errorsPage('html')
  const errorsMarkdown = errorsPage('markdown')
  app.get('/docs/errors', (c) => {
    const markdown = c.req.query('format') === 'md' || /text\/markdown/.test(c.req.header('accept') ?? '')
    return markdown
      ? c.body(errorsMarkdown, 200, { 'Content-Type': 'text/markdown; charset=utf-8' })
      : c.body(errorsHtml, 200, { 'Content-Type': 'text/html; charset=utf-8' })
  })

  app.all('/api/v1/:op', async (c) => {
    const op = findOp(c.req.param('op'))
    c.set('op', op.name)
    const method = c.req.method
    // spec § Conventions 2: reads answer GET and POST, writes only POST.
    if (method !== 'POST' && !(method === 'GET' && op.kind === 'read')) {
      fail('method_not_allowed', op.kind === 'read' ? `${op.name} answers GET and POST only.` : `${op.name} changes data; send it with POST.`)
    }
    const who = await principalOf(c, deps, op.public ?? false)
    // A session cookie is the web app's credential: its calls are the dashboard's.
    const surface = who?.viaSession ? 'dashboard' : surfaceOf(c)
    c.set('surface', surface)
    const principal = who?.principal ?? null
    if (principal?.workspaceId) c.set('workspaceId', principal.workspaceId)
    const raw = method === 'GET' ? await queryInput(c) : await bodyInput(c)
    const out = await invoke(opContext(c, deps, principal, surface), op.name, raw)
    c.set('requestIdSent', true)
    // Plain header object: @hono/node-server then writes head and body in one go.
    return new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': c.get('requestId') } })
  })
}

/** Surfaces a client may name in X-Tolk-Surface: `tolk mcp` says mcp, so its calls are not recorded as cli. */
const CLAIMABLE: readonly Surface[] = SURFACES.filter((s) => s === 'api' || s === 'cli' || s === 'mcp')

/** The CLI names itself in its User-Agent, and `tolk mcp` also sends X-Tolk-Surface: mcp, so activity shows where a call came from. */
function surfaceOf(c: Context): Surface {
  const claimed = c.req.header('x-tolk-surface')?.trim().toLowerCase()
  if (claimed !== undefined && claimed !== '') {
    const surface = CLAIMABLE.find((s) => s === claimed)
    if (!surface) fail('invalid_input', `X-Tolk-Surface names no surface a client can claim; send one of ${CLAIMABLE.join(', ')}, or omit it.`, { issues: [{ path: '', message: `X-Tolk-Surface: ${claimed} is not one of ${CLAIMABLE.join(', ')}.` }] })
    return surface
  }
  return /^tolk-cli\//.test(c.req.header('user-agent') ?? '') ? 'cli' : 'api'
}

async function queryInput(c: Context): Promise<unknown> {
  const input = c.req.query('input')
  return input === undefined || input === '' ? {} : parseJson(input, 'The input query parameter is not valid JSON; URL-encode a JSON object.')
}

async function bodyInput(c: Context): Promise<unknown> {
  const text = await bodyText(c.req.raw)
  if (text.trim() === '') return {}
  const type = c.req.header('content-type')
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    fail('invalid_json', `The body was sent as ${type.split(';')[0]}; send a JSON object with Content-Type: application/json.`)
  }
  return parseJson(text, 'The body is not valid JSON; send a JSON object.')
}

async function parseJson(text: string, detail: string): Promise<unknown> {
  const value = await parseBoundedJson(text, detail)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('invalid_input', 'The input must be a JSON object.', { issues: [{ path: '', message: `Expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}.` }] })
  }
  return value
}

// Serves the dashboard (apps/web's build) at /: hashed assets cached for a year, index.html revalidated on every
// load, a strict Content-Security-Policy, and the client routes (/strings/…, /review …) answered with index.html.
// The build is small, so it is read into memory once at startup; nothing on disk is looked up per request.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import type { Context, Hono } from 'hono'

/** The policy of every dashboard page: only this origin's scripts, styles, images and API calls; no frames, no plugins. */
export const DASHBOARD_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self'", "connect-src 'self'",
  "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'",
].join('; ')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.json': 'application/json',
}

/** Paths the dashboard never answers for, even for a browser asking for HTML: they belong to the API and the sign-in pages. */
const NOT_DASHBOARD = /^\/(api|\.well-known|docs|metrics|healthz|readyz|signin|signup|signout|oauth)(\/|$)/

interface Asset { body: Uint8Array; type: string }

/** What mountDashboard answers for a browser asking for a path nothing else serves: index.html, or null. */
export type DashboardFallback = (c: Context) => Response | null

/**
 * Mounts the built dashboard found in `dir` (apps/web/dist). Answers the fallback for client routes, which the app's
 * notFound calls so that the dashboard never shadows a route of the API; null when there is no build in `dir`.
 */
export function mountDashboard(app: Hono, dir: string): DashboardFallback | null {
  let index: Uint8Array
  try {
    index = readFileSync(join(dir, 'index.html'))
  } catch {
    return null
  }
  const assets = new Map<string, Asset>()
  for (const file of walk(join(dir, 'assets'))) {
    const path = `/assets/${relative(join(dir, 'assets'), file).split(sep).join('/')}`
    assets.set(path, { body: readFileSync(file), type: TYPES[extname(file)] ?? 'application/octet-stream' })
  }
  const security = { 'Content-Security-Policy': DASHBOARD_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin' }
  const page = () => new Response(index, { status: 200, headers: { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache', ...security } })

  app.get('/', () => page())
  app.get('/index.html', () => page())
  app.get('/assets/*', async (c, next) => {
    const asset = assets.get(c.req.path)
    // Not ours (the sign-in pages' /assets/tolk.css), or not in this build: the routes after, then the API's 404.
    if (!asset) return next()
    // Vite names every asset by its content hash: a changed file gets a new name, so the old one may be kept forever.
    return new Response(asset.body, { status: 200, headers: { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=31536000, immutable', ...security } })
  })
  return (c) => {
    const method = c.req.method
    if ((method !== 'GET' && method !== 'HEAD') || NOT_DASHBOARD.test(c.req.path)) return null
    if (!/text\/html/.test(c.req.header('accept') ?? '')) return null
    return page()
  }
}

function walk(dir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

// A person's browser for the integration tests: keeps cookies, fills the plain HTML forms the way a person (or a
// scripted client) does, and calls ops with the session cookie and the CSRF token, as the dashboard does.
import { randomUUID } from 'node:crypto'
import { contracts } from '@tolk/core'
import { assertDeclaredError, assertOutput } from '@tolk/core/testing'
import type { createApp } from '../src/app.js'

const OP_NAMES = new Set<string>(contracts.map((c) => c.name))

/** What a page or op answered. */
export interface Answer {
  status: number
  text: string
  body: any
  headers: Headers
  location: string | null
}

/** A browser with its own cookie jar and client address. */
export class Browser {
  readonly cookies = new Map<string, string>()
  /** Every Set-Cookie line received, newest last (tests read the attributes). */
  readonly setCookies: string[] = []
  readonly ip = `10.${rand()}.${rand()}.${rand()}`

  constructor(private readonly app: ReturnType<typeof createApp>, private readonly base: string) {}

  /** Sends a request with the jar's cookies; stores the cookies the answer sets. */
  async request(path: string, init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...init.headers }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    let body: string | undefined
    if (init.form) {
      body = new URLSearchParams(init.form).toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json)
      headers['content-type'] = 'application/json'
    }
    const res = await this.app.request(`${this.base}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line)
      const [pair = ''] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: res.status, text, body: parsed, headers: res.headers, location: res.headers.get('location') }
  }

  /** Opens a page and posts its form back with `fields` and the form's own csrf_token, as a person submitting it would. */
  async submit(pagePath: string, fields: Record<string, string>, action?: string): Promise<Answer> {
    const pageAnswer = await this.request(pagePath)
    const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(pageAnswer.text)
    if (!form) throw new Error(`no form on ${pagePath} (status ${pageAnswer.status}): ${pageAnswer.text.slice(0, 300)}`)
    // The form's hidden fields (csrf_token, next) go back as a browser sends them.
    const hidden = Object.fromEntries([...(form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], unescape(m[2] ?? '')]))
    return this.request(action ?? unescape(form[1] ?? ''), { form: { ...hidden, ...fields } })
  }

  /** Signs up through /signup; answers the redirect. */
  signUp(email: string, password: string, extra: Record<string, string> = {}, query = ''): Promise<Answer> {
    return this.submit(`/signup${query}`, { email, password, ...extra })
  }

  /** Signs in through /signin; answers the redirect (or the refusal page). */
  signIn(email: string, password: string, query = ''): Promise<Answer> {
    return this.submit(`/signin${query}`, { email, password })
  }

  /** The CSRF token the page can read (the tolk_csrf cookie). */
  get csrf(): string | undefined {
    return this.cookies.get('tolk_csrf')
  }

  /** Calls an op with the session cookie, X-CSRF-Token (unless `csrf: false`) and X-Service-Workspace when given. */
  async op(name: string, input: unknown = {}, opts: { workspace?: string; csrf?: boolean; method?: 'GET' | 'POST' } = {}): Promise<Answer> {
    const headers: Record<string, string> = {}
    if (opts.workspace) headers['x-service-workspace'] = opts.workspace
    if (opts.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf
    const answer = opts.method === 'GET'
      ? await this.request(`/api/v1/${name}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await this.request(`/api/v1/${name}`, { json: input, headers })
    // As the harness does: every answer matches the op's output schema, every failure is a code the op declares.
    if (answer.status === 200 && OP_NAMES.has(name)) assertOutput(name, answer.body)
    if (answer.status !== 200 && OP_NAMES.has(name) && answer.body) assertDeclaredError(name, answer.status, answer.body)
    return answer
  }
}

function unescape(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

function rand(): number {
  return Number.parseInt(randomUUID().slice(0, 2), 16)
}

/** A fresh e-mail address per test. */
export const newEmail = (who = 'person'): string => `${who}-${randomUUID().slice(0, 8)}@example.com`

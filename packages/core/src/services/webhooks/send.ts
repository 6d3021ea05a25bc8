import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { signMessage } from './signing.js'
import { refusedRange, safeLookup } from './url-safety.js'

/** At most this much of a response body is read and kept (list_webhook_deliveries' excerpt). */
export const EXCERPT_CHARS = 500

/** One signed POST to make. */
export interface Message {
  url: string
  secret: string
  messageId: string
  body: string
}

/** How one attempt went. */
export interface AttemptOutcome {
  ok: boolean
  statusCode: number | null
  durationMs: number
  error: string | null
  excerpt: string | null
}

/** Sending limits: the time-out, and whether internal addresses may be reached (development and tests). */
export interface SendOptions {
  timeoutMs: number
  allowPrivate: boolean
  /** The clock the webhook-timestamp header reads. */
  now?: () => Date
}

/**
 * POSTs one signed message once. Redirects are not followed (node:http never does): a 3xx is a failure. Only the
 * first EXCERPT_CHARS of the body are read; the connection is dropped after that.
 */
export function sendMessage(msg: Message, options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now()
  const url = new URL(msg.url)
  const timestamp = Math.floor((options.now?.() ?? new Date()).getTime() / 1000)
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Tolk-Webhooks/1',
    'webhook-id': msg.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signMessage(msg.secret, msg.messageId, timestamp, msg.body),
    'content-length': String(Buffer.byteLength(msg.body)),
  }
  return new Promise((resolve) => {
    let settled = false
    let timer: NodeJS.Timeout | undefined
    const done = (o: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...o, durationMs: Math.round(performance.now() - started) })
    }
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // A literal address never goes through lookup, so it is checked here.
    if (!options.allowPrivate && isIP(host) && refusedRange(host)) {
      return done({ ok: false, statusCode: null, error: `${host} is a ${refusedRange(host)} address; webhooks only reach public addresses`, excerpt: null })
    }
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest
    const req = request(url, { method: 'POST', headers, ...(options.allowPrivate ? {} : { lookup: safeLookup as never }) }, (res: IncomingMessage) => {
      const code = res.statusCode ?? 0
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
        if (text.length >= EXCERPT_CHARS) {
          finish()
          res.destroy()
        }
      })
      res.on('end', () => finish())
      res.on('error', () => finish())
      const finish = () => {
        const ok = code >= 200 && code < 300
        const error = ok ? null : code >= 300 && code < 400 ? `answered ${code} (a redirect; redirects are not followed)` : `answered ${code}`
        done({ ok, statusCode: code, error, excerpt: text ? text.slice(0, EXCERPT_CHARS) : null })
      }
    })
    timer = setTimeout(() => {
      req.destroy()
      done({ ok: false, statusCode: null, error: `no answer within ${options.timeoutMs / 1000} s`, excerpt: null })
    }, options.timeoutMs)
    req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, statusCode: null, error: err.message || err.code || 'connection failed', excerpt: null }))
    req.end(msg.body)
  })
}

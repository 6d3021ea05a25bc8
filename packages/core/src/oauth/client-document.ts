import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { oauthFail } from './errors.js'
import { guardedLookup, isBlockedAddress } from './ssrf.js'

/** A metadata document is at most this big (the draft suggests 5 KB; a little slack for long names). */
const MAX_BYTES = 16_384
const TIMEOUT_MS = 5_000
/** Cache bounds: Cache-Control max-age is honoured between these; without it, an hour. */
const MIN_CACHE_S = 300
const MAX_CACHE_S = 86_400
const DEFAULT_CACHE_S = 3_600

/** True when a client_id is a URL, so it names a Client ID Metadata Document rather than a registered client. */
export function isClientIdUrl(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId)
}

/**
 * Checks a client_id URL (draft-ietf-oauth-client-id-metadata-document § 3): https, a path, no fragment, credentials
 * or dot segments. `allowPrivate` (tests and development only) also admits http and private addresses.
 */
export function checkClientIdUrl(clientId: string, allowPrivate: boolean): URL {
  let url: URL
  try {
    url = new URL(clientId)
  } catch {
    oauthFail('invalid_client', 'client_id is not a valid URL.')
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) oauthFail('invalid_client', 'A client ID metadata document URL must use https.')
  if (url.pathname === '/' || url.hash || url.username || url.password || /\/\.\.?(\/|$)/.test(clientId)) {
    oauthFail('invalid_client', 'A client ID metadata document URL needs a path and no fragment, credentials or dot segments.')
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && (host === 'localhost' || (isIP(host) !== 0 && isBlockedAddress(host)))) {
    oauthFail('invalid_client', `The client ID metadata document at ${url.host} is on a private or loopback address; Tolk does not fetch those.`)
  }
  return url
}

/** A fetched document and how long it may be cached. */
export interface FetchedDocument {
  metadata: Record<string, unknown>
  maxAgeSeconds: number
}

/** Fetches a client ID metadata document with the SSRF guard (every resolved address checked at connect time). */
export async function fetchClientDocument(url: URL, allowPrivate: boolean): Promise<FetchedDocument> {
  const { status, body, cacheControl } = await get(url, allowPrivate).catch((err: NodeJS.ErrnoException) => {
    const why = err.code === 'EBLOCKED' ? 'its host resolves to a private or reserved address' : err.message
    return oauthFail('invalid_client', `The client ID metadata document at ${url.href} could not be fetched: ${why}.`)
  })
  if (status !== 200) oauthFail('invalid_client', `The client ID metadata document at ${url.href} answered HTTP ${status}.`)
  let metadata: unknown
  try {
    metadata = JSON.parse(body)
  } catch {
    oauthFail('invalid_client', `The client ID metadata document at ${url.href} is not JSON.`)
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) oauthFail('invalid_client', 'The client ID metadata document is not a JSON object.')
  const doc = metadata as Record<string, unknown>
  if (doc.client_id !== url.href) oauthFail('invalid_client', `The client ID metadata document's client_id (${String(doc.client_id)}) must equal its URL (${url.href}).`)
  if ('client_secret' in doc || 'client_secret_expires_at' in doc) oauthFail('invalid_client', 'A client ID metadata document must not carry a client secret.')
  const method = doc.token_endpoint_auth_method ?? 'none'
  if (method !== 'none') oauthFail('invalid_client', `token_endpoint_auth_method ${String(method)} is not supported; Tolk accepts public clients (none) with PKCE.`)
  const maxAge = /max-age=(\d+)/.exec(cacheControl ?? '')?.[1]
  const maxAgeSeconds = maxAge === undefined ? DEFAULT_CACHE_S : Math.min(MAX_CACHE_S, Math.max(MIN_CACHE_S, Number(maxAge)))
  return { metadata: doc, maxAgeSeconds }
}

function get(url: URL, allowPrivate: boolean): Promise<{ status: number; body: string; cacheControl: string | undefined }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    // Redirects are not followed: the document must live at the client_id itself.
    const req = send(url, { method: 'GET', headers: { accept: 'application/json' }, timeout: TIMEOUT_MS, ...(allowPrivate ? {} : { lookup: guardedLookup }) }, (res) => {
      let size = 0
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BYTES) {
          req.destroy(new Error(`the document is larger than ${MAX_BYTES} bytes`))
          return
        }
        chunks.push(chunk)
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cacheControl: res.headers['cache-control'] }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)))
    req.on('error', reject)
    req.end()
  })
}

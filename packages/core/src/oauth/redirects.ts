import { oauthFail } from './errors.js'

export type ApplicationType = 'web' | 'native'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** True for http://127.0.0.1, http://[::1] and http://localhost redirects (RFC 8252 § 7.3). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/** RFC 8252 § 7.1: a private-use scheme is a reverse domain name (com.example.app:/cb). */
function isPrivateUseScheme(url: URL): boolean {
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol)
}

/**
 * Checks a client's redirect URIs against its application type (OpenID Connect Registration § 2, RFC 8252):
 * web clients redirect to https only; native clients to loopback http, https or a private-use scheme. A client that
 * names no type is native when every URI is loopback or private-use, else web.
 */
export function checkRedirectUris(uris: unknown, declared: unknown): { redirectUris: string[]; applicationType: ApplicationType } {
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || uris.some((u) => typeof u !== 'string' || u.length > 2000)) {
    oauthFail('invalid_redirect_uri', 'redirect_uris must list 1 to 10 absolute URLs of at most 2000 characters.')
  }
  if (declared !== undefined && declared !== 'web' && declared !== 'native') oauthFail('invalid_client_metadata', 'application_type must be "web" or "native".')
  const parsed = (uris as string[]).map((u) => {
    let url: URL
    try {
      url = new URL(u)
    } catch {
      oauthFail('invalid_redirect_uri', `${u} is not an absolute URL.`)
    }
    if (url.hash || u.includes('#')) oauthFail('invalid_redirect_uri', `${u} has a fragment; redirect URIs must not (RFC 6749 § 3.1.2).`)
    if (url.username || url.password) oauthFail('invalid_redirect_uri', `${u} carries credentials; remove them.`)
    return url
  })
  const nativeShaped = parsed.every((url) => isLoopbackHttp(url) || isPrivateUseScheme(url))
  const applicationType: ApplicationType = declared === 'web' || declared === 'native' ? declared : nativeShaped ? 'native' : 'web'
  for (const url of parsed) {
    const ok = applicationType === 'web' ? url.protocol === 'https:' && !LOOPBACK_HOSTS.has(url.hostname) : url.protocol === 'https:' || isLoopbackHttp(url) || isPrivateUseScheme(url)
    if (!ok) {
      oauthFail('invalid_redirect_uri', applicationType === 'web'
        ? `${url.href} is not allowed for a web client: use https on a public host, or register as application_type "native" for loopback redirects.`
        : `${url.href} is not allowed for a native client: use http://127.0.0.1:<port>/..., https, or a private-use scheme such as com.example.app:/callback.`)
    }
  }
  return { redirectUris: uris as string[], applicationType }
}

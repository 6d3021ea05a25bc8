import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

// SSRF guard: a webhook URL may only reach public unicast addresses. Every address a name resolves to is checked,
// at creation and again when a delivery connects (the check is the socket's own lookup, so a name that changes
// its answer between the two cannot slip through).

/** Why an address is refused, or null when it is public. ipaddr.js names the range (loopback, private, linkLocal, ...). */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid'
  const range = ipaddr.process(address).range()
  return range === 'unicast' ? null : range
}

/** A URL Tolk refuses to call, with the reason a person reads. */
export class UnsafeUrlError extends Error {}

/** Checks a URL's scheme and every address its host resolves to; throws UnsafeUrlError. */
export async function assertSafeUrl(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UnsafeUrlError(`${parsed.protocol} URLs are not sent to; use http or https.`)
  if (allowPrivate) return
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : await resolveAll(host)
  for (const address of addresses) {
    const range = refusedRange(address)
    if (range) throw new UnsafeUrlError(`${parsed.hostname} ${address === host ? 'is' : `resolves to ${address}, which is`} a ${range} address; webhooks only reach public addresses.`)
  }
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      if (err) reject(new UnsafeUrlError(`${host} does not resolve (${err.code ?? err.message}).`))
      else resolve(addresses.map((a) => a.address))
    })
  })
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A `lookup` for http.request that refuses a name resolving to any internal address (connect-time SSRF check). */
export function safeLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const bad = addresses.find((a) => refusedRange(a.address))
    if (bad) return callback(Object.assign(new Error(`${hostname} resolves to ${bad.address}, a ${refusedRange(bad.address)} address; webhooks only reach public addresses`), { code: 'EADDRNOTALLOWED' }), [])
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

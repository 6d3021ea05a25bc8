/** How the authorization server runs; built once by the API from its configuration. */
export interface OAuthSettings {
  /** The issuer: {base_url}. */
  issuer: string
  /** The one protected resource: the MCP URL ({base_url}/api/mcp); tokens are bound to it. */
  resource: string
  accessTtlSeconds: number
  refreshTtlSeconds: number
  codeTtlSeconds: number
  /** Tests and development only: fetch client ID metadata documents over http and from private addresses. */
  allowPrivateClientUrls: boolean
  clock: () => Date
}

/** Access tokens live 15 minutes (clients refresh), refresh tokens 30 days (rotated on use), codes 1 minute. */
export function oauthSettings(baseUrl: string, options: { allowPrivateClientUrls?: boolean; clock?: () => Date } = {}): OAuthSettings {
  return {
    issuer: baseUrl,
    resource: `${baseUrl}/api/mcp`,
    accessTtlSeconds: 900,
    refreshTtlSeconds: 30 * 86_400,
    codeTtlSeconds: 60,
    allowPrivateClientUrls: options.allowPrivateClientUrls ?? false,
    clock: options.clock ?? (() => new Date()),
  }
}

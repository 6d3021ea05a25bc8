import { SCOPE_NAMES, DEFAULT_SCOPE } from './scopes.js'
import type { OAuthSettings } from './settings.js'

/** Where the authorization server's endpoints live, below {base_url}. */
export const OAUTH_PATHS = { authorize: '/oauth/authorize', token: '/oauth/token', register: '/oauth/register', revoke: '/oauth/revoke' } as const

/** RFC 8414 authorization server metadata. */
export function authorizationServerMetadata(s: OAuthSettings): Record<string, unknown> {
  return {
    issuer: s.issuer,
    authorization_endpoint: s.issuer + OAUTH_PATHS.authorize,
    token_endpoint: s.issuer + OAUTH_PATHS.token,
    registration_endpoint: s.issuer + OAUTH_PATHS.register,
    revocation_endpoint: s.issuer + OAUTH_PATHS.revoke,
    scopes_supported: SCOPE_NAMES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${s.issuer}/docs/errors`,
  }
}

/** RFC 9728 protected resource metadata: the resource is exactly the MCP URL. */
export function protectedResourceMetadata(s: OAuthSettings): Record<string, unknown> {
  return {
    resource: s.resource,
    authorization_servers: [s.issuer],
    scopes_supported: SCOPE_NAMES,
    bearer_methods_supported: ['header'],
    resource_name: 'Tolk',
  }
}

/** The scope a 401 or 403 suggests a client asks for. */
export const SCOPE_HINT = DEFAULT_SCOPE

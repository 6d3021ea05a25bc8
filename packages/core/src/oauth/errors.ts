/** RFC 6749 § 5.2 / RFC 7591 § 3.2.2 error codes the authorization server answers. */
export type OAuthErrorCode =
  | 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type'
  | 'invalid_scope' | 'invalid_target' | 'access_denied' | 'unsupported_response_type' | 'server_error'
  | 'invalid_redirect_uri' | 'invalid_client_metadata'

/**
 * A failure of an OAuth endpoint. These answer OAuth's own JSON ({error, error_description}), not problem+json:
 * OAuth clients (the MCP SDK among them) parse that shape.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description)
    this.name = 'OAuthError'
  }
}

export function oauthFail(error: OAuthErrorCode, description: string, status = 400): never {
  throw new OAuthError(error, description, status)
}

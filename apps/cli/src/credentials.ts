// Where the URL and key come from: flags, then TOLK_URL / TOLK_API_KEY, then tolk.config.json (URL only),
// then what `tolk login` stored in the user's config folder.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The URL when nothing names one: what `pnpm start` serves. */
export const DEFAULT_URL = 'http://127.0.0.1:8787'

/** What `tolk login` in the browser stores for a server: its OAuth client and tokens (refreshed as they expire). */
export interface StoredOAuth {
  /** The client registration (RFC 7591) the CLI made, and the loopback redirect it registered. */
  client: { client_id: string; [field: string]: unknown }
  redirect_uri: string
  tokens: { access_token: string; refresh_token?: string; token_type: string; expires_in?: number; scope?: string; [field: string]: unknown }
  /** When the access token expires (ms since the epoch). */
  expires_at: number
}

/** What `tolk login` stores: one key or one OAuth sign-in per server URL, and the URL logged in to last. */
export interface StoredLogin {
  url?: string
  keys: Record<string, string>
  oauth?: Record<string, StoredOAuth>
}

/** The folder of the CLI's own files: $XDG_CONFIG_HOME/tolk, %APPDATA%\tolk, or ~/.config/tolk. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'tolk')
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'tolk')
  return join(homedir(), '.config', 'tolk')
}

/** The file holding stored keys. */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'credentials.json')
}

/** The stored logins, or none when nothing was stored (or the file is unreadable). */
export function readLogin(env: NodeJS.ProcessEnv = process.env): StoredLogin {
  const path = credentialsPath(env)
  if (!existsSync(path)) return { keys: {} }
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<StoredLogin>
    const login: StoredLogin = { url: typeof raw.url === 'string' ? raw.url : undefined, keys: raw.keys && typeof raw.keys === 'object' ? raw.keys : {} }
    if (raw.oauth && typeof raw.oauth === 'object') login.oauth = raw.oauth
    return login
  } catch {
    return { keys: {} }
  }
}

/** Stores a key for a URL (replacing a browser sign-in there), readable by the user only (0600, folder 0700). Returns the file's path. */
export function storeLogin(url: string, key: string, env: NodeJS.ProcessEnv = process.env): string {
  const login = readLogin(env)
  const { [normalizeUrl(url)]: _replaced, ...oauth } = login.oauth ?? {}
  return writeLogin({ url: normalizeUrl(url), keys: { ...login.keys, [normalizeUrl(url)]: key }, ...(Object.keys(oauth).length > 0 ? { oauth } : {}) }, env)
}

/** Stores a browser sign-in for a URL (replacing a key there); `tolk login` and every refresh write it. Returns the file's path. */
export function storeOAuth(url: string, stored: StoredOAuth, env: NodeJS.ProcessEnv = process.env): string {
  const login = readLogin(env)
  const { [normalizeUrl(url)]: _replaced, ...keys } = login.keys
  return writeLogin({ url: normalizeUrl(url), keys, oauth: { ...login.oauth, [normalizeUrl(url)]: stored } }, env)
}

function writeLogin(next: StoredLogin, env: NodeJS.ProcessEnv): string {
  const dir = configDir(env)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const path = credentialsPath(env)
  writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
  // writeFileSync's mode applies only when it creates the file; an older file may be wider.
  chmodSync(path, 0o600)
  return path
}

/** A URL without trailing slashes, so `http://x/` and `http://x` share one stored key. */
export function normalizeUrl(url: string): string {
  return url.replace(/\/+$/, '')
}

/** The URL and key to use, by precedence: flags, environment, config file (URL), stored login. */
export function resolveCredentials(
  flags: { url?: string; apiKey?: string },
  configUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { url: string; key?: string; oauth?: StoredOAuth } {
  const login = readLogin(env)
  // An empty variable (TOLK_API_KEY= in a CI file) counts as unset.
  const url = normalizeUrl(flags.url || env.TOLK_URL || configUrl || login.url || DEFAULT_URL)
  const key = flags.apiKey || env.TOLK_API_KEY || login.keys[url]
  if (key) return { url, key }
  const oauth = login.oauth?.[url]
  return oauth ? { url, oauth } : { url }
}

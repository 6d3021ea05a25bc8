// Where the URL and key come from: flags, then TOLK_URL / TOLK_API_KEY, then tolk.config.json (URL only),
// then what `tolk login` stored in the user's config folder.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The URL when nothing names one: what `pnpm start` serves. */
export const DEFAULT_URL = 'http://127.0.0.1:8787'

/** What `tolk login` stores: one key per server URL, and the URL logged in to last. */
export interface StoredLogin {
  url?: string
  keys: Record<string, string>
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
    return { url: typeof raw.url === 'string' ? raw.url : undefined, keys: raw.keys && typeof raw.keys === 'object' ? raw.keys : {} }
  } catch {
    return { keys: {} }
  }
}

/** Stores a key for a URL, readable by the user only (0600, folder 0700). Returns the file's path. */
export function storeLogin(url: string, key: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = configDir(env)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const login = readLogin(env)
  const next: StoredLogin = { url: normalizeUrl(url), keys: { ...login.keys, [normalizeUrl(url)]: key } }
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
): { url: string; key?: string } {
  const login = readLogin(env)
  // An empty variable (TOLK_API_KEY= in a CI file) counts as unset.
  const url = normalizeUrl(flags.url || env.TOLK_URL || configUrl || login.url || DEFAULT_URL)
  const key = flags.apiKey || env.TOLK_API_KEY || login.keys[url]
  return { url, key: key || undefined }
}

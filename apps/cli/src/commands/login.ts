// tolk login: signs in through the browser (OAuth, PKCE, a loopback redirect) or checks a key; either is stored for
// that URL in the user's config folder (0600).
import { resolveCredentials, storeLogin } from '../credentials.js'
import { UsageError } from '../exit.js'
import { browserLogin } from '../oauth.js'
import type { Runtime } from '../runtime.js'
import { ask, readAll } from './prompt.js'

/** Flags of `tolk login`. */
export interface LoginFlags {
  key?: string
  /** Sign in through the browser even when a key could be read. */
  browser?: boolean
  /** commander's --no-open: print the authorization URL without opening a browser. */
  open?: boolean
}

/**
 * With --key, TOLK_API_KEY/--api-key or a key on stdin: checks it with get_workspace and stores it. On a terminal with
 * no key, or with --browser: signs in through the browser and stores the OAuth tokens instead.
 */
export async function login(rt: Runtime, flags: LoginFlags): Promise<void> {
  let key = flags.key ?? rt.flags.apiKey
  if (!key && (flags.browser || rt.io.stdin.isTTY)) return loginInBrowser(rt, flags)
  if (!key) key = rt.io.stdin.isTTY ? await ask(rt.io, 'API key (tolk_...): ') : (await readAll(rt.io.stdin)).trim()
  if (!key) throw new UsageError('no_key', 'Give the key with --key, on stdin, or at the prompt; or sign in with `tolk login --browser`.')
  const client = rt.client(true, key)
  const ws = await client.call('get_workspace', {})
  const path = storeLogin(client.url, key, rt.io.env)
  rt.print({ url: client.url, workspace: ws, stored_in: path }, () => `Logged in to ${client.url} (workspace ${ws.name}); key stored in ${path}\n`)
}

async function loginInBrowser(rt: Runtime, flags: LoginFlags): Promise<void> {
  const { url } = resolveCredentials({ ...(rt.flags.url ? { url: rt.flags.url } : {}) }, rt.optionalConfig()?.url, { ...rt.io.env, TOLK_API_KEY: '' })
  const stored = await browserLogin(url, { env: rt.io.env, note: (line) => rt.note(line), openBrowser: flags.open !== false && !rt.io.env.TOLK_NO_BROWSER })
  const { workspaces } = await rt.client(true).call('list_workspaces', {})
  rt.print({ url, scope: stored.tokens.scope, workspaces }, () => `Signed in to ${url} in the browser (scope ${stored.tokens.scope ?? 'default'}; workspaces ${workspaces.map((w) => w.slug).join(', ') || 'none'}); tokens stored and refreshed as they expire.${workspaces.length > 1 ? ' Set TOLK_WORKSPACE to pick one.' : ''}\n`)
}

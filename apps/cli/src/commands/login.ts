// tolk login: checks a key against the server and stores it for that URL in the user's config folder (0600).
import { storeLogin } from '../credentials.js'
import { UsageError } from '../exit.js'
import type { Runtime } from '../runtime.js'
import { ask, readAll } from './prompt.js'

/** Flags of `tolk login`. */
export interface LoginFlags {
  key?: string
}

/** Reads the key (flag, piped stdin, or a prompt), verifies it with get_workspace, and stores it. */
export async function login(rt: Runtime, flags: LoginFlags): Promise<void> {
  let key = flags.key ?? rt.flags.apiKey
  if (!key) key = rt.io.stdin.isTTY ? await ask(rt.io, 'API key (tolk_...): ') : (await readAll(rt.io.stdin)).trim()
  if (!key) throw new UsageError('no_key', 'Give the key with --key, on stdin, or at the prompt.')
  const client = rt.client(true, key)
  const ws = await client.call('get_workspace', {})
  const path = storeLogin(client.url, key, rt.io.env)
  rt.print({ url: client.url, workspace: ws, stored_in: path }, () => `Logged in to ${client.url} (workspace ${ws.name}); key stored in ${path}\n`)
}

// What every command gets: the process's streams, the global flags, and lazily the config and the client.
import { TolkClient } from './client.js'
import { loadConfig, type Config } from './config.js'
import { resolveCredentials } from './credentials.js'
import { CliError, EXIT } from './exit.js'
import { freshAccessToken } from './oauth.js'
import type { Out } from './output.js'
import type { RetryPolicy } from './retry.js'

/** The process around a command (real streams in the binary, buffers in tests). */
export interface Io {
  stdout: Out
  stderr: Out
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  cwd: string
  env: NodeJS.ProcessEnv
}

/** Flags every command accepts. */
export interface GlobalFlags {
  url?: string
  apiKey?: string
  config?: string
  json?: boolean
}

/** A project as list_projects returns it (the fields the CLI reads). */
export interface ProjectInfo {
  id: string
  slug: string
  name: string
  target_locales: string[]
  /** How the project spells its locales in paths (servers before it was kept send none). */
  locale_map?: Record<string, string>
}

/** Shared state of one CLI invocation. */
export class Runtime {
  private loaded?: { config: Config; root: string; path: string }

  constructor(
    readonly io: Io,
    readonly flags: GlobalFlags,
    private readonly retry?: RetryPolicy,
  ) {}

  /** The repository's tolk.config.json; a usage error when there is none. */
  config(): { config: Config; root: string; path: string } {
    this.loaded ??= loadConfig(this.io.cwd, this.flags.config)
    return this.loaded
  }

  /** The config when there is one (op, mcp and login work without it). */
  optionalConfig(): Config | undefined {
    try {
      return this.config().config
    } catch (err) {
      if (err instanceof CliError && err.code === 'no_config') return undefined
      throw err
    }
  }

  /** A client for the resolved URL and key (or `withKey`); `needsKey` refuses early, before a 401 round trip. */
  client(needsKey = true, withKey?: string, surface?: 'cli' | 'mcp'): TolkClient {
    const resolved = resolveCredentials(this.flags, this.optionalConfig()?.url, this.io.env)
    const url = resolved.url
    const key = withKey ?? resolved.key
    // No key but a browser sign-in: its access token, refreshed as it expires.
    if (!key && resolved.oauth) {
      const env = this.io.env
      const workspace = env.TOLK_WORKSPACE || undefined
      return new TolkClient({ url, retry: this.retry, token: (force) => freshAccessToken(url, env, force), ...(workspace ? { workspace } : {}), ...(surface ? { surface } : {}) })
    }
    if (needsKey && !key) {
      throw new CliError('unauthorized', `No API key for ${url}: run \`tolk login\`, set TOLK_API_KEY, or pass --api-key.`, EXIT.usage)
    }
    return new TolkClient({ url, key, retry: this.retry, ...(surface ? { surface } : {}) })
  }

  /** Prints to stdout, as JSON with --json and as text otherwise. */
  print(json: unknown, text: () => string): void {
    if (this.flags.json) this.io.stdout.write(`${JSON.stringify(json, null, 2)}\n`)
    else this.io.stdout.write(text())
  }

  /** A line on stderr for people (progress notes, warnings); never on stdout, which scripts parse. */
  note(line: string): void {
    this.io.stderr.write(`${line}\n`)
  }
}

/** The project a config names, by slug or id; not_found (exit 2) when the workspace has none. */
export async function findProject(client: TolkClient, ref: string): Promise<ProjectInfo> {
  const { projects } = await client.call('list_projects', {})
  const project = projects.find((p) => p.slug === ref || p.id === ref)
  if (!project) throw new CliError('not_found', `No project "${ref}" in this workspace; create it with \`tolk init --create\` or \`tolk op create_project\`.`, EXIT.refused)
  return project
}

// The `tolk` program: commander wiring only; each command lives in commands/.
import { TASK_KINDS } from '@tolk/core/contract'
import { Command, CommanderError, Option } from 'commander'
import { init } from './commands/init.js'
import { login } from './commands/login.js'
import { mcp } from './commands/mcp.js'
import { runOp } from './commands/op.js'
import { pull } from './commands/pull.js'
import { push } from './commands/push.js'
import { review } from './commands/review.js'
import { status } from './commands/status.js'
import { listWebhooks, testWebhook } from './commands/webhooks.js'
import { CliError, EXIT, errorLines } from './exit.js'
import type { RetryPolicy } from './retry.js'
import { Runtime, type GlobalFlags, type Io } from './runtime.js'
import { VERSION } from './version.js'

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)]
// Patterns may hold commas ({a,b} is no glob here, but a file name may): repeat the flag instead.
const repeat = (value: string, previous: string[] = []) => [...previous, value]

/** Runs the CLI on `argv` (without node and script) and returns the exit code; never calls process.exit. */
export async function run(argv: string[], io: Io, retry?: RetryPolicy): Promise<number> {
  let rt: Runtime | undefined
  const runtime = (cmd: Command) => (rt ??= new Runtime(io, cmd.optsWithGlobals<GlobalFlags>(), retry))
  const configure = (cmd: Command) =>
    cmd
      .exitOverride()
      .configureOutput({ writeOut: (s) => void io.stdout.write(s), writeErr: (s) => void io.stderr.write(s), outputError: () => {} })

  const program = configure(new Command('tolk'))
    .description('Push translation files to Tolk, pull them back translated, and run any op of the API')
    .version(VERSION, '-v, --version')
    .option('--url <url>', 'Tolk server URL (else TOLK_URL, tolk.config.json, the stored login, http://127.0.0.1:8787)')
    .option('--api-key <key>', 'API key (else TOLK_API_KEY, or the key stored by `tolk login`)')
    .option('--config <path>', 'config file (else the nearest tolk.config.json)')
    .option('--json', 'print results as JSON for scripts')

  configure(program.command('init'))
    .description('Write tolk.config.json at the repository root (asks on a terminal, or takes flags)')
    .option('--project <slug>', 'project slug or id')
    .option('--source <pattern>', 'source file pattern, e.g. res/values/strings.xml or locales/{locale}/**/*.json (repeatable)', repeat)
    .option('--translation <pattern>', 'translation file pattern of the --source at the same position, e.g. res/values-{android_locale}/strings.xml', repeat)
    .option('--locale-map <locale=text>', 'path text of a locale, e.g. he=iw,zh-Hant=zh-rTW (repeatable)', collect)
    .option('--create', 'create the project when it does not exist')
    .option('--no-create', 'never create the project')
    .option('--name <name>', 'name of a project created by --create')
    .option('--locales <list>', 'target locales of a project created by --create, e.g. de,fr,pt-BR')
    .option('--force', 'replace an existing tolk.config.json')
    .action((flags, cmd: Command) => init(runtime(cmd), flags))

  configure(program.command('push'))
    .description('Push the source files (and with --translations the existing translation files)')
    .option('--translations', 'also push the translation files of the target locales found on disk')
    .option('--locale <locale>', 'only these locales of --translations (repeatable or comma-separated)', collect)
    .option('--dry-run', 'show what would change and change nothing')
    .option('--force', "the files' text wins over reviewed and approved translations and over decisions made since their last push (sends overwrite: true)")
    .action((flags, cmd: Command) => push(runtime(cmd), flags))

  configure(program.command('pull'))
    .description('Pull every target locale (or --locale) and write the files where the patterns say')
    .option('--locale <locale>', 'only these locales (repeatable or comma-separated)', collect)
    .addOption(new Option('--missing <how>', 'what untranslated keys contain').choices(['source', 'empty', 'omit']))
    .option('--approved-only', "keep each file's own text; add or change only reviewed or approved translations (pull_file approved_only)")
    .option('--dry-run', 'show which files would change and write nothing')
    .action((flags, cmd: Command) => pull(runtime(cmd), flags))

  configure(program.command('status'))
    .description('Show translation coverage per locale')
    .action((_flags, cmd: Command) => status(runtime(cmd)))

  configure(program.command('review'))
    .description('Work through the review queue: claims tasks, shows each with its actions, and resolves it with the one you type')
    .addOption(new Option('--kind <kind>', 'only tasks of this kind').choices([...TASK_KINDS]))
    .option('--locale <locale>', 'only tasks of this locale')
    .option('--project <project>', 'only tasks of this project (slug or id)')
    .option('--limit <n>', 'tasks to claim at a time, 1 to 100 (default 10)')
    .action((flags, cmd: Command) => review(runtime(cmd), flags))

  const webhooks = configure(program.command('webhooks'))
    .description('List the workspace webhooks: status, URL, events, filters, waiting deliveries, and why one is disabled')
    .action((_flags, cmd: Command) => listWebhooks(runtime(cmd)))
  configure(webhooks.command('test'))
    .description('Send a ping event to a webhook now and show how it answered')
    .argument('<id>', 'webhook id, from `tolk webhooks`')
    .action((id: string, _flags, cmd: Command) => testWebhook(runtime(cmd), id))

  configure(program.command('login'))
    .description("Sign in through the browser (OAuth), or check an API key; either is stored for the server URL in the user's config folder (mode 0600)")
    .option('--key <key>', 'the API key (else read from stdin; on a terminal without one, the browser sign-in)')
    .option('--browser', 'sign in through the browser even when stdin is not a terminal')
    .option('--no-open', 'print the sign-in URL without opening a browser')
    .action((flags, cmd: Command) => login(runtime(cmd), flags))

  // Its subcommands come from the server's catalog, so it parses its own arguments.
  configure(program.command('op'))
    .description('Run any op of the API: `tolk op list`, `tolk op <name> [json] [--input-file <path|->]`')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]')
    .action((args: string[], _flags, cmd: Command) => runOp(runtime(cmd), args, configure))

  configure(program.command('mcp'))
    .description('Serve the API as MCP tools over stdio for desktop clients (tools from the server catalog)')
    .action((_flags, cmd: Command) => mcp(runtime(cmd)))

  try {
    await program.parseAsync(argv, { from: 'user' })
    return EXIT.ok
  } catch (err) {
    return report(err, io, rt?.flags.json ?? argv.includes('--json'))
  }
}

function report(err: unknown, io: Io, json: boolean): number {
  if (err instanceof CommanderError) {
    if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok
    // A command named without its subcommand (`tolk op`): commander already printed the help on stderr.
    if (err.code === 'commander.help') return EXIT.usage
    io.stderr.write(`error usage: ${err.message.replace(/^error: /, '')} (tolk --help shows usage)\n`)
    return EXIT.usage
  }
  if (err instanceof CliError) {
    for (const line of errorLines(err)) io.stderr.write(`${line}\n`)
    if (json) io.stdout.write(`${JSON.stringify({ error: err.problem ?? { code: err.code, detail: err.detail, issues: err.issues.length ? err.issues : undefined } }, null, 2)}\n`)
    return err.exitCode
  }
  io.stderr.write(`error internal: ${(err as Error)?.stack ?? String(err)}\n`)
  return EXIT.failed
}

// tolk op <name>: one subcommand per op of the server's catalog (GET /api/v1), built at run time,
// so an op added to the registry is a command here with no CLI change.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Command } from 'commander'
import type { CatalogOp } from '../client.js'
import { UsageError } from '../exit.js'
import { table } from '../output.js'
import type { Runtime } from '../runtime.js'
import { checkInput, describeFields, type JsonSchema } from '../input-validation.js'
import { readAll } from './prompt.js'

/** Builds `tolk op` from the catalog and runs it on `args` (everything after `op`). */
export async function runOp(rt: Runtime, args: string[], configure: (cmd: Command) => Command): Promise<void> {
  const catalog = await rt.client(false).catalog()
  const op = configure(new Command('tolk op'))
    .description('Run any op of the server; `tolk op list` lists them, `tolk op <name> --help` shows its input')
    .usage('<name> [json] [--input-file <path|->]')
  op.command('list')
    .description('List every op with its summary')
    .action(() =>
      rt.print(catalog.ops.map(({ input_schema: _i, output_schema: _o, ...rest }) => rest), () =>
        table(['op', 'kind', 'summary'], catalog.ops.map((o) => [o.name, `${o.kind}${o.admin ? ', admin' : ''}${o.public ? ', public' : ''}`, o.summary]))),
    )
  for (const entry of catalog.ops) {
    configure(op.command(entry.name))
      .description(entry.summary)
      .argument('[json]', 'the input as a JSON object')
      .option('--input-file <path|->', 'read the input JSON from a file, or - for stdin')
      .addHelpText('after', helpOf(entry))
      .action(async (json: string | undefined, opts: { inputFile?: string }) => {
        const input = await readInput(rt, json, opts.inputFile)
        await callOp(rt, entry, input)
      })
  }
  await op.parseAsync(args, { from: 'user' })
}

/** The help of one op: the contract's own description (the text agents read over MCP and OpenAPI), its fields and an example. */
export function helpOf(entry: CatalogOp): string {
  const kind = `${entry.kind === 'read' ? 'Reads' : 'Writes'}${entry.admin ? ' (owner or admin only)' : ''}.`
  const example = entry.examples?.[0]
  return [
    '',
    entry.description ?? kind,
    '',
    'Input fields:',
    ...describeFields(entry.input_schema as JsonSchema),
    ...(example === undefined ? [] : ['', 'Example:', `  tolk op ${entry.name} '${JSON.stringify(example)}'`]),
    '',
  ].join('\n')
}

async function readInput(rt: Runtime, json: string | undefined, file: string | undefined): Promise<unknown> {
  if (json !== undefined && file !== undefined) throw new UsageError('usage', 'Give the input as an argument or with --input-file, not both.')
  const text = file === '-' ? await readAll(rt.io.stdin) : file !== undefined ? readText(resolve(rt.io.cwd, file)) : json
  if (text === undefined || text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new UsageError('invalid_json', `The input is not valid JSON (${(err as Error).message}).`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('invalid_input', 'The input must be a JSON object.')
  return value
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (err) {
    throw new UsageError('unreadable_file', `Cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`)
  }
}

async function callOp(rt: Runtime, entry: CatalogOp, input: unknown): Promise<void> {
  const issues = checkInput(entry.input_schema as JsonSchema, input)
  if (issues.length > 0) throw new UsageError('invalid_input', `Fix the listed fields; \`tolk op ${entry.name} --help\` shows them.`, issues)
  const out = await rt.client(!entry.public).call(entry.name, input)
  rt.io.stdout.write(`${JSON.stringify(out, null, 2)}\n`)
}

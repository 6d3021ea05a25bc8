// Exit codes (issue 6): 0 ok, 1 usage, 2 server refused (4xx), 3 server or network failure.

/** The process exit codes the CLI documents. */
export const EXIT = { ok: 0, usage: 1, refused: 2, failed: 3 } as const

/** One problem with a path, as the service's `issues` list carries it. */
export interface Issue {
  path: string
  message: string
}

/** A failure with a machine code, the detail to print and the exit code it ends with. */
export class CliError extends Error {
  override name = 'CliError'
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly exitCode: number,
    readonly issues: Issue[] = [],
    readonly problem?: Record<string, unknown>,
  ) {
    super(`${code}: ${detail}`)
  }
}

/** The command line or local files are wrong; nothing was sent. */
export class UsageError extends CliError {
  override name = 'UsageError'
  constructor(code: string, detail: string, issues: Issue[] = []) {
    super(code, detail, EXIT.usage, issues)
  }
}

/** The exit code of an HTTP status: 4xx refused, everything else a failure. */
export function exitCodeOf(status: number): number {
  return status >= 400 && status < 500 ? EXIT.refused : EXIT.failed
}

/** The lines to print on stderr for an error: `error <code>: <detail>` and one line per issue. */
export function errorLines(err: CliError): string[] {
  return [`error ${err.code}: ${err.detail}`, ...err.issues.map((i) => `  ${i.path || '(input)'}: ${i.message}`)]
}

/** The same failure with the file it concerns named first, so a multi-file run says which file failed. */
export function aboutFile(err: unknown, path: string): unknown {
  if (!(err instanceof CliError)) return err
  return new CliError(err.code, `${path}: ${err.detail}`, err.exitCode, err.issues, err.problem)
}

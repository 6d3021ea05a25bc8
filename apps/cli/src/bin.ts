// The `tolk` executable: runs the CLI on the process's arguments and streams.
import { run } from './main.js'

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
})

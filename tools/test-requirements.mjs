// What `pnpm test:full` needs beyond Node and the repository: services, the shared corpus and the
// ecosystem validators. One list, read by the full project's global setup (which fails the run before
// any test starts, naming what is missing) and by .ci/run (which installs the missing Debian packages).
import { execFileSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The real-world corpus, a sibling of the repository (never copied into it). */
export const CORPUS_DIR = fileURLToPath(new URL('../../shared/corpus/', import.meta.url))

/** Environment variables of the services the full suite tests against. */
export const SERVICES = [
  { env: 'DATABASE_URL', what: 'PostgreSQL connection (integration tests run on PostgreSQL as well as PGlite)' },
  { env: 'REDIS_URL', what: 'Redis for the BullMQ queue and worker fault tests' },
]

/**
 * The validators the `*.validators.test.ts` and `*.corpus.test.ts` files run: the command, the Debian
 * package that provides it, and for a library a probe that must exit 0.
 */
export const VALIDATORS = [
  { command: 'msgfmt', pkg: 'gettext' },
  { command: 'xmllint', pkg: 'libxml2-utils' },
  { command: 'sfparse', pkg: 'gnustep-base-runtime' },
  { command: 'aapt', pkg: 'aapt' },
  { command: 'ruby', pkg: 'ruby' },
  { command: 'plistutil', pkg: 'libplist-utils' },
  { command: 'java', pkg: 'default-jdk-headless' },
  { command: 'jq', pkg: 'jq' },
  { command: 'python3', pkg: 'python3' },
  { command: 'python3', pkg: 'python3-yaml', probe: ['-c', 'import yaml'], what: 'PyYAML' },
  // Not a validator: the browser the dashboard's tests drive (apps/api/test/dashboard), Debian's own build.
  { command: 'chromium', pkg: 'chromium' },
]

/** @param {string} command */
function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      // not in this folder
    }
  }
  return false
}

/**
 * @param {string} command
 * @param {string[]} args
 */
function probes(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** The validators that are missing, each once (a probe is only tried when its command exists). */
export function missingValidators() {
  return VALIDATORS.filter((v) => (v.probe ? onPath(v.command) && !probes(v.command, v.probe) : !onPath(v.command)))
}

/** One line per missing piece of the full suite; empty when everything is there. */
export function missingForFull() {
  const lines = []
  for (const s of SERVICES) if (!process.env[s.env]) lines.push(`env ${s.env} is not set: ${s.what}`)
  if (!existsSync(CORPUS_DIR)) lines.push(`corpus folder ${CORPUS_DIR} does not exist (the real-world files, a sibling of the repository)`)
  for (const v of missingValidators()) {
    lines.push(v.probe ? `${v.what} for ${v.command} is missing (Debian package ${v.pkg})` : `command ${v.command} is not on PATH (Debian package ${v.pkg})`)
  }
  return lines
}

// `node tools/test-requirements.mjs packages` prints the Debian packages of missing validators (for .ci/run).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2] === 'packages') {
  const pkgs = new Set(missingValidators().map((v) => v.pkg))
  // python3-yaml cannot be probed without python3: install it along with python3.
  if (pkgs.has('python3')) pkgs.add('python3-yaml')
  console.log([...pkgs].join(' '))
}

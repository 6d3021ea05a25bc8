// Repository trees in the CLI's end-to-end tests: list a fixture's files and copy them into a fresh checkout.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/** Every file of a folder, repository-relative, sorted. */
export function filesOf(root: string): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name))
      else out.push(relative(root, join(dir, e.name)).split('\\').join('/'))
    }
  }
  walk(root)
  return out.sort()
}

/** Copies `paths` (relative to `from`) into `dest`, making their folders. */
export function copyInto(dest: string, from: string, paths: string[]): void {
  for (const path of paths) {
    mkdirSync(dirname(join(dest, path)), { recursive: true })
    copyFileSync(join(from, path), join(dest, path))
  }
}

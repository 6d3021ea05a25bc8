// Test helper: fixture files written in the shape of real repositories (test/fixtures/<layout>/<path in that repository>).
import { readFileSync } from 'node:fs'

/** The text of a fixture, by its layout folder and its path inside that repository. */
export function fixture(path: string): string {
  return readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')
}

// Test helper: the real-world files of ../shared/corpus, decoded to text as the CLI would send them.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the shared corpus lives (a sibling of the repository). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url))

/** One corpus file: its path under the corpus, absolute path, and text (UTF-16 decoded, BOM kept as U+FEFF). */
export interface CorpusFile {
  name: string
  path: string
  content: string
  encoding: 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be'
}

/** Decodes file bytes the way the CLI does: UTF-16 by BOM, else UTF-8; the BOM stays as U+FEFF. */
export function decodeBytes(bytes: Buffer): { content: string; encoding: CorpusFile['encoding'] } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { content: new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes), encoding: 'utf-16le' }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { content: new TextDecoder('utf-16be', { ignoreBOM: true }).decode(bytes), encoding: 'utf-16be' }
  const content = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  return { content, encoding: content.startsWith('\uFEFF') ? 'utf-8-bom' : 'utf-8' }
}

/** Every file under a corpus folder (e.g. `po`, `xliff12`), sorted by name. */
export function corpusFiles(dir: string): CorpusFile[] {
  const root = join(CORPUS_DIR, dir)
  const out: CorpusFile[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else out.push({ name: relative(CORPUS_DIR, p), path: p, ...decodeBytes(readFileSync(p)) })
    }
  }
  walk(root)
  return out
}

// Test helper: runs the OASIS schema validation FORMATS.md verified (xmllint + XSD, offline catalog) on text.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CORPUS_DIR } from '../../test/corpus.js'

const XSD_DIR = join(CORPUS_DIR, 'xsd')

/** Validates XLIFF text against the 1.2 transitional or the 2.0 core schema; returns xmllint's complaint, or '' when valid. A missing xmllint throws (the test fails, never skips). */
export function xmllintXliff(content: string, version: '1.2' | '2.0'): string {
  const dir = mkdtempSync(join(tmpdir(), 'xliff-'))
  const file = join(dir, 'file.xlf')
  writeFileSync(file, content, 'utf8')
  const schema = join(XSD_DIR, version === '1.2' ? 'xliff-core-1.2-transitional.xsd' : 'xliff-core-2.0.xsd')
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], {
      env: { ...process.env, XML_CATALOG_FILES: join(XSD_DIR, 'catalog.xml') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return ''
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer }
    if (e.code === 'ENOENT') throw new Error('xmllint is not installed (Debian package libxml2-utils)')
    return e.stderr?.toString() ?? String(err)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// Detection across the whole corpus: the three JSON-based formats claim their own files and
// give low scores to everyone else's (including each other's).
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CORPUS_DIR, corpusFiles } from '../../test/corpus.js'
import { arbFormat } from '../arb/index.js'
import { jsonFormat } from '../json/index.js'
import { xcstringsFormat } from '../xcstrings/index.js'

const mine = { json: jsonFormat, arb: arbFormat, xcstrings: xcstringsFormat } as const
const folders = readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'xsd').map((d) => d.name)

describe.each(folders)('corpus folder %s', (folder) => {
  it('is scored high only by its own JSON-based format', () => {
    for (const file of corpusFiles(folder)) {
      const name = file.name.split('/').pop()!
      for (const [id, format] of Object.entries(mine)) {
        const score = format.detect(name, file.content)
        if (id === folder) expect(score, `${id} on ${file.name}`).toBeGreaterThanOrEqual(0.9)
        else expect(score, `${id} on ${file.name}`).toBeLessThanOrEqual(0.3)
      }
    }
  })
})

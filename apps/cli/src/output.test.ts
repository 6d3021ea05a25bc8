import { describe, expect, it } from 'vitest'
import { progress, table } from './output.js'

const sink = (isTTY: boolean) => {
  const chunks: string[] = []
  return { chunks, out: { isTTY, write: (t: string) => chunks.push(t) } }
}

describe('table', () => {
  it('aligns text left and numbers right under a header', () => {
    expect(table(['locale', 'keys'], [['de', 5], ['pt-BR', 120]])).toBe('locale  keys\nde         5\npt-BR    120\n')
  })
})

describe('progress', () => {
  it('draws a bar on a terminal and clears it when done', () => {
    const { chunks, out } = sink(true)
    const bar = progress(out, 2, 4)
    bar.tick('a.xml')
    bar.tick('b.xml')
    bar.done()
    expect(chunks.join('')).toContain('[##--] 1/2 a.xml')
    expect(chunks.join('')).toContain('[####] 2/2 b.xml')
    expect(chunks.at(-1)).toBe('\r\x1b[2K')
  })

  it('prints nothing when stderr is not a terminal', () => {
    const { chunks, out } = sink(false)
    const bar = progress(out, 5)
    bar.tick('a')
    bar.done()
    expect(chunks).toEqual([])
  })

  it('prints nothing for a single file', () => {
    const { chunks, out } = sink(true)
    progress(out, 1).tick('a')
    expect(chunks).toEqual([])
  })
})

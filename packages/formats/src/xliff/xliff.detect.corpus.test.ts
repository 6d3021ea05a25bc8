import { describe, expect, it } from 'vitest'
import { corpusFiles } from '../../test/corpus.js'
import { detectFormat } from '../index.js'
import { xliffFormat } from './index.js'

const own = [...corpusFiles('xliff12'), ...corpusFiles('xliff20')]
const others = ['android', 'resx', 'stringsdict', 'json', 'yaml', 'po', 'properties', 'strings', 'arb', 'xcstrings', 'csv']
  .flatMap((d) => corpusFiles(d))
const base = (name: string) => name.split('/').pop()!

describe('xliff detection', () => {
  it.each(own)('names $name as xliff first', (file) => {
    expect(detectFormat(base(file.name), file.content).format).toBe('xliff')
  })

  it.each(own)('names $name as xliff first even when it is called messages.xml', (file) => {
    expect(detectFormat('messages.xml', file.content).format).toBe('xliff')
  })

  it.each(others)('scores $name (another format) low', (file) => {
    expect(xliffFormat.detect(base(file.name), file.content)).toBeLessThan(0.3)
  })

  it.each([
    ['strings.xml', '<?xml version="1.0"?>\n<xliff version="1.2"><file/></xliff>', 0.9],
    ['messages.xml', '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"/>', 1],
    ['Resources.resx', '<?xml version="1.0"?><root><data name="a"><value>x</value></data></root>', 0],
  ])('tells XLIFF content in %s apart by its root', (name, content, min) => {
    if (min === 0) expect(xliffFormat.detect(name, content)).toBe(0)
    else expect(xliffFormat.detect(name, content)).toBeGreaterThanOrEqual(min)
  })
})

import { expect, test } from 'vitest'
import { PullCache, type RenderedPull } from './pull-cache.js'

const kept = (content: string) => ({ settings: 's', rows: 'r', writes: undefined, pull: { path: 'p', encoding: 'utf-8', format: 'json', content, warnings: [] } satisfies RenderedPull })

test('a kept pull is replaced by the next one of the same key', () => {
  const cache = new PullCache(1000)
  cache.set('a', kept('one'))
  expect(cache.get('a')?.pull.content).toBe('one')
  cache.set('a', { ...kept('two'), rows: 'r2' })
  expect(cache.get('a')).toMatchObject({ rows: 'r2', pull: { content: 'two' } })
  expect(cache.size).toBe(1)
})

test('beyond the budget the least recently used pulls go first; a pull larger than the budget is not kept', () => {
  const cache = new PullCache(25)
  cache.set('a', kept('x'.repeat(9)))
  cache.set('b', kept('y'.repeat(9)))
  // Reading a makes b the least recently used.
  expect(cache.get('a')).toBeDefined()
  cache.set('c', kept('z'.repeat(9)))
  expect(cache.get('b')).toBeUndefined()
  expect(cache.get('a')).toBeDefined()
  expect(cache.get('c')).toBeDefined()
  cache.set('huge', kept('h'.repeat(100)))
  expect(cache.get('huge')).toBeUndefined()
  expect(cache.size).toBe(2)
  cache.setBudget(0)
  expect(cache.size).toBe(0)
  expect(cache.disabled).toBe(true)
})

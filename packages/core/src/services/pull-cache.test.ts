import { expect, test } from 'vitest'
import { PullCache, type RenderedPull } from './pull-cache.js'

const pull = (content: string): RenderedPull => ({ path: 'p', encoding: 'utf-8', format: 'json', content, warnings: [] })

test('a kept pull is answered only for the stamp it was rendered from', () => {
  const cache = new PullCache(1000)
  cache.set('a', 's1', pull('one'))
  expect(cache.get('a', 's1')?.content).toBe('one')
  expect(cache.get('a', 's2')).toBeUndefined()
  cache.set('a', 's2', pull('two'))
  expect(cache.get('a', 's1')).toBeUndefined()
  expect(cache.get('a', 's2')?.content).toBe('two')
  expect(cache.size).toBe(1)
})

test('beyond the budget the least recently used pulls go first; a pull larger than the budget is not kept', () => {
  const cache = new PullCache(25)
  cache.set('a', 's', pull('x'.repeat(9)))
  cache.set('b', 's', pull('y'.repeat(9)))
  // Reading a makes b the least recently used.
  expect(cache.get('a', 's')).toBeDefined()
  cache.set('c', 's', pull('z'.repeat(9)))
  expect(cache.get('b', 's')).toBeUndefined()
  expect(cache.get('a', 's')).toBeDefined()
  expect(cache.get('c', 's')).toBeDefined()
  cache.set('huge', 's', pull('h'.repeat(100)))
  expect(cache.get('huge', 's')).toBeUndefined()
  expect(cache.size).toBe(2)
  cache.setBudget(0)
  expect(cache.size).toBe(0)
  expect(cache.disabled).toBe(true)
})

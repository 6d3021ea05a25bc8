import { expect, test } from 'vitest'
import { slugify } from './slug.js'

test.each([
  ['My App', 'my-app'],
  ['  Café — Mobile!! ', 'cafe-mobile'],
  ['iOS 17 / Widgets', 'ios-17-widgets'],
  ['日本語', ''],
  ['---', ''],
  ['a'.repeat(60), 'a'.repeat(48)],
  [`${'ab-'.repeat(16)}cd`, 'ab-'.repeat(15) + 'ab'],
])('slugify(%j) is %j', (name, slug) => {
  expect(slugify(name)).toBe(slug)
})

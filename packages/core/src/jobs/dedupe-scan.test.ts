import { describe, expect, it } from 'vitest'
import { wordOverlap } from './dedupe-scan.js'

describe('wordOverlap', () => {
  it.each([
    ['one word of four replaced', 'Save your changes now', 'Save your edits now', 0.75],
    ['one word inserted', 'Save your changes now', 'Save all your changes now', 0.8],
    ['case and punctuation are not words', 'Sign in!', 'sign IN', 1],
    ['accented words count as words', 'Änderungen speichern', 'Änderungen sichern', 0.5],
    ['no words shared', 'Delete', 'Cancel', 0],
    ['empty texts', '', '', 0],
  ])('%s', (_name, a, b, share) => {
    expect(wordOverlap(a, b)).toBeCloseTo(share, 5)
    expect(wordOverlap(b, a)).toBeCloseTo(share, 5)
  })
})

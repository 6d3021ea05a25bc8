import { describe, expect, it } from 'vitest'
import { nearDuplicate, oneWordEdit, wordOverlap } from './dedupe-scan.js'

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

describe('oneWordEdit', () => {
  it.each([
    ['a word replaced', 'Save your changes', 'Save your edits', { from: 'changes', to: 'edits', words: 3, longer: 3 }],
    ['a word inserted, case and punctuation aside', 'Open file', 'open the file.', { from: null, to: 'the', words: 2, longer: 3 }],
    ['a word dropped', 'Save all your changes', 'Save your changes', { from: 'all', to: null, words: 3, longer: 4 }],
    ['the last word replaced', 'Sign in', 'Sign out', { from: 'in', to: 'out', words: 2, longer: 2 }],
    ['two words apart', 'a b c d', 'a b d e', null],
    ['two words replaced', 'Save your changes', 'Keep your edits', null],
    ['two words longer', 'Save', 'Save your changes', null],
    ['equal but for case', 'Save Changes', 'save changes', null],
  ])('%s', (_name, a, b, edit) => {
    expect(oneWordEdit(a, b)).toEqual(edit)
  })
})

// What a reviewer would want suggested as one string written twice (docs/decisions.md, Issue 14: short strings).
describe('nearDuplicate', () => {
  const similar = (a_text: string, b_text: string) => ({ a_text, b_text, match: 'similar' as const })
  const oneWord = (a_text: string, b_text: string) => ({ a_text, b_text, match: 'one_word' as const })
  it.each([
    ['a synonym in a short UI string', oneWord('Save your changes', 'Save your edits')],
    ['a word inserted in a short string, two kept', oneWord('Open file', 'Open the file')],
    ['a word dropped from a four-word string', oneWord('Save all your changes', 'Save your changes')],
    ['an inflection in a short string (2 of 3 words shared)', oneWord('Save your change', 'Save your changes')],
    ['a word replaced in a long string', similar('Save your changes before you leave', 'Save your edits before you leave')],
    ['equal after normalizing', { a_text: 'Sign in', b_text: 'Sign-in', match: 'normalized' as const }],
  ])('suggests %s', (_name, pair) => {
    expect(nearDuplicate(pair)).toBe(true)
    expect(nearDuplicate({ ...pair, a_text: pair.b_text, b_text: pair.a_text })).toBe(true)
  })

  it.each([
    ['one-word texts one letter apart', similar('Save', 'Safe')],
    ['a two-word text with its verb replaced (half the string)', oneWord('Open file', 'Close file')],
    ['opposites in a short string', oneWord('Show all items', 'Hide all items')],
    ['an un- form', oneWord('Lock this project', 'Unlock this project')],
    ['another number', oneWord('Step 1 of 3', 'Step 2 of 3')],
    ['an added negation', oneWord('Changes are saved', 'Changes are not saved')],
    ['opposites in a long string, however similar', similar('Your file was uploaded to the shared folder', 'Your file was downloaded to the shared folder')],
    ['short texts two words apart', oneWord('a b c d', 'a b d e')],
    // The one-word statement leaves out a pattern shared by three texts (Delete this item / file / folder); trigrams
    // finding two of them does not bring them back.
    ['short texts one word apart found by trigrams alone', similar('Delete this file', 'Delete this folder')],
    ['a short string with 3 of 4 words shared in another order', similar('Trial ai a to.', 'A you trial to')],
    ['a long string with two of six words changed', similar('Save your changes before you leave', 'Keep your edits before you leave')],
  ])('does not suggest %s', (_name, pair) => {
    expect(nearDuplicate(pair)).toBe(false)
    expect(nearDuplicate({ ...pair, a_text: pair.b_text, b_text: pair.a_text })).toBe(false)
  })
})

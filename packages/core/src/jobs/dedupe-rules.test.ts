import { describe, expect, it } from 'vitest'
import { judgePair, oneWordEdit, spellingVariant, wordOverlap } from './dedupe-rules.js'

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

// Tricky pairs in the shape of real app strings (a Rails config/locales/en.yml, an iOS Localizable.strings, a Flutter
// ARB), written for this test: what a careful reviewer merges (one string written twice: the same translation in every
// language) and what only looks alike. Issue 25: on a real Rails app most one-word-apart pairs were two strings.
describe('judgePair', () => {
  const similar = (a_text: string, b_text: string) => ({ a_text, b_text, match: 'similar' as const })
  const oneWord = (a_text: string, b_text: string) => ({ a_text, b_text, match: 'one_word' as const })
  const normalized = (a_text: string, b_text: string) => ({ a_text, b_text, match: 'normalized' as const })
  const judge = (p: Parameters<typeof judgePair>[0]) => judgePair(p, 0.7)

  it.each([
    ['case only (a title and a sentence-case label)', normalized('Privacy Policy', 'privacy policy'), 'case_spacing_punctuation'],
    ['an all-caps button', normalized('CANCEL', 'Cancel'), 'case_spacing_punctuation'],
    ['a trailing colon on a form label', normalized('Username:', 'Username'), 'case_spacing_punctuation'],
    ['a trailing ellipsis on a menu item', normalized('Rename…', 'Rename'), 'case_spacing_punctuation'],
    ['three dots and spacing', normalized('Search...', 'Search ...'), 'case_spacing_punctuation'],
    ['a question mark on a dialog title', normalized('Discard changes?', 'Discard changes'), 'case_spacing_punctuation'],
    ['a required-field star', normalized('Password*', 'Password'), 'case_spacing_punctuation'],
    ['Log in / Login', normalized('Log in', 'Login'), 'case_spacing_punctuation'],
    ['e-mail / email', normalized('Your e-mail address', 'Your email address'), 'case_spacing_punctuation'],
    ['& for and', similar('Terms & Conditions', 'Terms and Conditions'), 'case_spacing_punctuation'],
    ['a Ruby placeholder kept, punctuation changed', normalized('Hello, %{name}!', 'Hello %{name}'), 'case_spacing_punctuation'],
    ['an article dropped', oneWord('Create a post', 'Create post'), 'filler_word'],
    ['"your" added', oneWord('Save changes', 'Save your changes'), 'filler_word'],
    ['an article in a sentence', similar('Cannot delete the base language', 'Cannot delete base language'), 'filler_word'],
    ['a doubled consonant misspelt', similar('The payment was cancelled by the bank', 'The payment was canceled by the bank'), 'spelling'],
    ['letters swapped', similar('You will recieve an email shortly', 'You will receive an email shortly'), 'spelling'],
    ['British and American spelling', oneWord('Choose a colour', 'Choose a color'), 'spelling'],
  ])('merges %s', (_name, pair, reason) => {
    expect(judge(pair)).toEqual({ verdict: 'duplicate', reason })
    expect(judge({ ...pair, a_text: pair.b_text, b_text: pair.a_text })).toEqual({ verdict: 'duplicate', reason })
  })

  it.each([
    // The pairs issue 25 found suggested on a real Rails app, in their shape.
    ['started / stopped sharing', similar('%{name} started sharing with you', '%{name} stopped sharing with you')],
    ['read-only / write access', similar('This aspect is read-only for everyone', 'This aspect has write access for everyone')],
    ['rename / delete an aspect', similar('Are you sure you want to rename this aspect?', 'Are you sure you want to delete this aspect?')],
    ['enable / disable', similar('Enable notifications for this device', 'Disable notifications for this device')],
    ['show / hide', oneWord('Show all comments', 'Hide all comments')],
    ['mute / unmute', similar('Mute this conversation for everyone', 'Unmute this conversation for everyone')],
    ['1 item / 1 items', oneWord('1 item', '1 items')],
    ['another number', oneWord('Step 1 of 3', 'Step 2 of 3')],
    ['singular / plural of a noun', similar('Save your change now', 'Save your changes now')],
    ['a verb tense', similar('Your subscription expired on that day', 'Your subscription expires on that day')],
    ['a negation', oneWord('Changes are saved', 'Changes are not saved')],
    ['another noun (a validation message family)', similar('This value is not a valid date.', 'This value is not a valid time.')],
    ['a synonym, with no AI to judge it', oneWord('Save your changes', 'Save your edits')],
    ['a word narrowing the meaning', similar('The API key is invalid', 'The project API key is invalid')],
    ['one-word texts a letter apart', similar('Save', 'Safe')],
    ['a two-word text with its verb replaced', oneWord('Open file', 'Close file')],
    ['a Rails connector with a leading comma', normalized(', and ', ' and ')],
    ['a fragment and a sentence start', normalized('; until %s', 'Until %s')],
    ['unit symbols that differ only in case', normalized('b', 'B')],
    ['placeholders and layout only', normalized('%s', '\t- %s')],
    ['a word and a number one letter apart', oneWord('Page 1', 'Page l')],
  ])('keeps apart %s', (_name, pair) => {
    expect(judge(pair).verdict).not.toBe('duplicate')
    expect(judge({ ...pair, a_text: pair.b_text, b_text: pair.a_text }).verdict).not.toBe('duplicate')
  })

  it('leaves a reworded pair for a model to judge, and turned meanings never', () => {
    expect(judge(oneWord('Save your changes', 'Save your edits'))).toEqual({ verdict: 'ask', reason: 'reworded' })
    expect(judge(similar('Translation text too long', 'Translation text is too long'))).toEqual({ verdict: 'ask', reason: 'reworded' })
    expect(judge(oneWord('Show all comments', 'Hide all comments'))).toEqual({ verdict: 'different', reason: 'meaning_turned' })
    expect(judge(similar('%{name} started sharing with you', '%{name} stopped sharing with you'))).toEqual({ verdict: 'different', reason: 'meaning_turned' })
  })
})

describe('spellingVariant', () => {
  it.each([
    ['cancelled', 'canceled', true], ['adress', 'address', true], ['recieve', 'receive', true], ['colour', 'color', true], ['organise', 'organize', true],
    ['item', 'items', false], ['expired', 'expires', false], ['form', 'from', false], ['invite', 'invitee', false], ['project', 'protect', false], ['v1', 'v11', false],
  ])('%s / %s: %s', (x, y, same) => {
    expect(spellingVariant(x, y)).toBe(same)
    expect(spellingVariant(y, x)).toBe(same)
  })
})

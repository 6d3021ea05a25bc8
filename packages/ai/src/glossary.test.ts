import { describe, expect, it } from 'vitest'
import { batchGlossary, estimateTokens, glossaryLine, selectGlossary, stem, termUses, usesTerm } from './glossary.js'
import type { GlossaryTerm } from './provider.js'

const terms: GlossaryTerm[] = [
  { term: 'project', doNotTranslate: false, translation: 'Projekt' },
  { term: 'Tolk', doNotTranslate: true },
  { term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' },
  { term: 'sync', doNotTranslate: false, translation: 'synchronisieren' },
  { term: 'category', doNotTranslate: false, translation: 'Kategorie' },
  { term: 'pull request', doNotTranslate: false, translation: 'Pull-Request' },
]

describe('term matching', () => {
  it.each([
    ['Your Projects', 'project', true],
    ["The project's name", 'project', true],
    ['Syncing now', 'sync', true],
    ['Synced 5 files', 'sync', true],
    ['All categories', 'category', true],
    ['Open pull requests', 'pull request', true],
    ['Projection', 'project', false],
    ['Asynchronous', 'sync', false],
    ['Pull the request', 'pull request', false],
  ])('%j uses %j: %s', (text, term, expected) => {
    expect(usesTerm(text, term, 'en')).toBe(expected)
  })

  it('stems English inflections to one form', () => {
    expect(['file', 'files', "file's"].map((w) => stem(w))).toEqual(['fil', 'fil', 'fil'])
    expect(stem('addresses')).toBe(stem('address'))
  })
})

describe('glossary budget', () => {
  const texts = ['Open the workspace', 'Rename the workspace', 'Sync your projects', 'Open Tolk']
  const uses = termUses(terms, texts, 'en')

  it('counts the strings that use each term', () => {
    expect(Object.fromEntries(uses)).toEqual({ project: 1, Tolk: 1, workspace: 2, sync: 1, category: 0, 'pull request': 0 })
  })

  it('keeps the whole glossary while it fits the budget', () => {
    expect(selectGlossary(terms, uses, 4000)).toEqual(terms)
  })

  it('beyond the budget keeps do-not-translate terms first, then the most used, and lists the batch\'s others with the batch', () => {
    const budget = estimateTokens(glossaryLine(terms[1]!)) + 1 + estimateTokens(glossaryLine(terms[2]!)) + 1
    const cached = selectGlossary(terms, uses, budget)
    expect(cached.map((g) => g.term)).toEqual(['Tolk', 'workspace'])
    expect(batchGlossary(terms, cached, ['Sync your projects'], 'en').map((g) => g.term)).toEqual(['project', 'sync'])
    expect(batchGlossary(terms, cached, ['Open Tolk'], 'en')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { parseQuery, passes, searchText } from './query.js'

const unit = (over: Partial<Parameters<typeof passes>[1]> = {}) => ({
  source_text: 'Sign in to continue', tags: ['auth'], keys: [{ name: 'auth.signin', project: { slug: 'web', id: 'p1' } }],
  translation: { text: 'Anmelden, um fortzufahren', status: 'machine' }, ...over,
})

describe('the strings query language', () => {
  it('reads filters, phrases and free words from one line', () => {
    const q = parseQuery('status:machine locale:de project:web tag:auth "sign in" continue')
    expect(q).toEqual({ status: 'machine', locale: 'de', project: 'web', tag: 'auth', phrases: ['sign in'], words: ['continue'], errors: [] })
    expect(searchText(q)).toBe('continue sign in')
  })

  it('lists what it cannot read instead of guessing', () => {
    expect(parseQuery('status:done locale:').errors).toEqual([
      'status:done is not a status; use one of machine, imported, reviewed, approved, needs_review, missing',
      'locale: needs a value, e.g. locale:de',
    ])
  })

  it('keeps a word with a colon that names no filter as text, and reads an unclosed quote to the end', () => {
    expect(parseQuery('https://x.io "half open').words).toEqual(['https://x.io'])
    expect(parseQuery('"half open').phrases).toEqual(['half open'])
  })

  it('has no search text when the query only filters, so the page lists a page at a time', () => {
    expect(searchText(parseQuery('status:missing locale:de'))).toBeNull()
  })

  it('filters search results by status, missing, tag, project and exact phrase', () => {
    expect(passes(parseQuery('status:machine'), unit())).toBe(true)
    expect(passes(parseQuery('status:reviewed'), unit())).toBe(false)
    expect(passes(parseQuery('status:missing'), unit({ translation: null }))).toBe(true)
    expect(passes(parseQuery('tag:billing'), unit())).toBe(false)
    expect(passes(parseQuery('project:p1'), unit())).toBe(true)
    expect(passes(parseQuery('"to continue"'), unit())).toBe(true)
    expect(passes(parseQuery('"um fortzufahren"'), unit())).toBe(true)
    expect(passes(parseQuery('"sign out"'), unit())).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { listFilters, parseQuery, passes, searchText } from './query.js'

const unit = (over: Partial<Parameters<typeof passes>[1]> = {}) => ({
  source_text: 'Sign in to continue', tags: ['auth'], keys: [{ name: 'auth.signin', project: { slug: 'web', id: 'p1' }, file: { pattern: 'locales/{locale}.json' } }],
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

  it('reads file: and has:warning, and hands every filter to list_units when there is no text', () => {
    const q = parseQuery('file:locales/{locale}.json has:warning tag:checkout status:machine project:web')
    expect(q).toMatchObject({ file: 'locales/{locale}.json', warning: true, tag: 'checkout', errors: [] })
    expect(searchText(q)).toBeNull()
    expect(listFilters(q)).toEqual({ status: 'machine', project: 'web', file: 'locales/{locale}.json', tag: 'checkout', has_warning: true })
    // tag: alone lists (it is no longer only a filter of search results).
    expect(listFilters(parseQuery('tag:checkout'))).toEqual({ status: 'any', tag: 'checkout' })
    expect(listFilters(parseQuery('locale:de'))).toEqual({ status: 'any' })
  })

  it('refuses an unknown has: value, an empty file:, and has:warning beside search words', () => {
    expect(parseQuery('has:typos file:').errors).toEqual(['has:typos is not known; use has:warning', 'file: needs a value, e.g. file:locales/{locale}.json'])
    expect(parseQuery('has:warning save').errors).toEqual(['has:warning lists strings page by page and cannot be combined with words or a phrase; remove them, or remove has:warning'])
    expect(parseQuery('HAS:Warnings').warning).toBe(true)
  })

  it('filters search results by file, by pattern or by a concrete path of it', () => {
    expect(passes(parseQuery('file:locales/{locale}.json'), unit())).toBe(true)
    expect(passes(parseQuery('file:locales/de.json'), unit())).toBe(true)
    expect(passes(parseQuery('file:locales/pt-BR.json'), unit())).toBe(true)
    expect(passes(parseQuery('file:checkout/de.json'), unit())).toBe(false)
    expect(passes(parseQuery('file:locales/de.json.bak'), unit())).toBe(false)
  })
})

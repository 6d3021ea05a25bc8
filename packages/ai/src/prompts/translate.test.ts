import { describe, expect, it } from 'vitest'
import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages'
import { protectItem } from '../item.js'
import type { TranslateBatchRequest } from '../provider.js'
import { buildRetryPrompt, buildTranslatePrompt, localeName, parseTranslateAnswer } from './translate.js'

const req: TranslateBatchRequest = {
  sourceLocale: 'en',
  targetLocale: 'pl',
  productContext: 'A budgeting app for students.',
  glossary: [
    { term: 'Tolk', doNotTranslate: true },
    { term: 'budget', doNotTranslate: false, translation: 'budżet' },
    { term: 'envelope', doNotTranslate: false },
  ],
  rules: ['  ', 'Use the informal "ty".'],
  items: [
    { id: 'a', key: 'home.title', text: 'Your budget', placeholders: [] },
    { id: 'b', text: '{n} envelopes', plural: { one: '{n} envelope', other: '{n} envelopes' }, placeholders: ['{n}'], description: 'Counter' },
  ],
}

function tool(input: unknown): ContentBlock[] {
  return [{ type: 'tool_use', id: 't', name: 'submit_translations', input, caller: { type: 'direct' } }]
}

describe('buildTranslatePrompt', () => {
  it('keeps the cached prefix identical across batches and free of batch content', () => {
    const one = buildTranslatePrompt(req)
    const two = buildTranslatePrompt({ ...req, items: [{ id: 'z', text: 'Something else entirely', placeholders: [] }] })
    expect(two.system).toEqual(one.system)
    expect(two.tools).toEqual(one.tools)
    expect(JSON.stringify(one.system)).not.toContain('Your budget')
  })

  it('lists glossary terms and non-empty rules, with no project section when there is no description', () => {
    const [first, second] = buildTranslatePrompt(req).system
    expect(first?.text).toMatch(/## Product context\nA budgeting app for students\.$/)
    expect(second?.text).toBe(
      [
        '## Languages\nSource: English (en)\nTarget: Polish (pl) (plural categories: one, few, many, other)',
        '## Glossary\n- "Tolk": do not translate (a token in the strings)\n- "budget" → "budżet"\n- "envelope": no required translation; translate it consistently',
        '## Translation rules\n1. Use the informal "ty".',
      ].join('\n\n'),
    )
  })

  it('says so when there are no terms and no rules', () => {
    const text = buildTranslatePrompt({ ...req, glossary: [], rules: [] }).system[1]?.text ?? ''
    expect(text).toContain('## Glossary\n(no terms)')
    expect(text).toContain('## Translation rules\n(no rules)')
  })

  it('writes one JSON line per item with the plural categories of the target', () => {
    const content = buildTranslatePrompt(req).messages[0]?.content as string
    expect(content.split('\n')).toEqual([
      'Translate these 2 strings from English (en) to Polish (pl). One JSON object per line:',
      '{"id":"1","key":"home.title","text":"Your budget"}',
      '{"id":"2","description":"Counter","plural":{"one":"⟦1⟧ envelope","other":"⟦1⟧ envelopes"},"plural_categories":["one","few","many","other"],"tokens":{"⟦1⟧":"{n}"}}',
    ])
  })

  it('sends choices side by side as parts, each choice with its own forms, text with no words kept out of forms_to_write', () => {
    const text = '{a, plural, one {# file} other {# files}} and {b, plural, one {# folder} other {# folders}}.'
    const content = buildTranslatePrompt({ ...req, items: [{ id: 'x', text, placeholders: [] }] }).messages[0]?.content as string
    const line = JSON.parse(content.split('\n')[1] ?? '')
    expect(line.parts).toEqual(['a', 'text#1', 'b', 'text#2'])
    expect(line.forms_to_write).toEqual(['a:one', 'a:few', 'a:many', 'a:other', 'text#1', 'b:one', 'b:few', 'b:many', 'b:other'])
    expect(line.forms).toMatchObject({ 'text#1': ' and ', 'text#2': '.' })
    expect(Object.keys(line.choices)).toEqual(['a', 'b'])
  })

  it('names the failure in tokens in a retry', () => {
    const p = protectItem({ id: 'x', text: 'Hi %s', placeholders: ['%s'] }, '1', req)
    const prompt = buildRetryPrompt(req, [
      { item: p, previous: { text: 'Cześć' }, failures: [{ code: 'placeholder_mismatch', message: 'placeholder "%s" appears 0 times, the source has 1', subject: '%s' }] },
    ])
    const line = (prompt.messages[0]?.content as string).split('\n')[1]
    expect(JSON.parse(line ?? '')).toEqual({ id: '1', text: 'Hi ⟦1⟧', tokens: { '⟦1⟧': '%s' }, previous_answer: { text: 'Cześć' }, problem: 'placeholder ⟦1⟧ appears 0 times, the source has 1' })
  })
})

describe('parseTranslateAnswer', () => {
  const items = buildTranslatePrompt(req).items

  it('reads text and plural entries', () => {
    const parsed = parseTranslateAnswer(tool({ translations: [{ id: '1', text: 'Twój budżet' }, { id: '2', plural: { one: '⟦1⟧ koperta', other: '⟦1⟧ koperty' } }] }), items)
    expect(Object.fromEntries(parsed)).toEqual({
      '1': { output: { text: 'Twój budżet' } },
      '2': { output: { plural: { one: '⟦1⟧ koperta', other: '⟦1⟧ koperty' } } },
    })
  })

  it('accepts stringified JSON and numeric ids, keeps the first of duplicate ids', () => {
    const translations = JSON.stringify([{ id: 1, text: 'A' }, { id: '1', text: 'B' }, { id: '2', plural: JSON.stringify({ other: 'C' }) }])
    const parsed = parseTranslateAnswer(tool({ translations }), items)
    expect(parsed.get('1')).toEqual({ output: { text: 'A' } })
    expect(parsed.get('2')).toEqual({ output: { plural: { other: 'C' } } })
  })

  it.each([
    [{ translations: [{ id: '1' }] }, 'the entry had neither "text" nor "plural"'],
    [{ translations: [{ id: '1', plural: { other: 'x', plenty: 'y' } }] }, '"plural" had an invalid entry "plenty"'],
    [{ translations: [{ id: '1', plural: ['x'] }] }, '"plural" was not an object of strings'],
  ])('names a malformed entry %j', (input, message) => {
    expect(parseTranslateAnswer(tool(input), items).get('1')).toEqual({ failure: { code: 'malformed_answer', message } })
  })

  it('says when the answer was cut off by max_tokens', () => {
    const parsed = parseTranslateAnswer(tool({ translations: [{ id: '1', text: 'A' }] }), items, 'max_tokens')
    expect(parsed.get('2')).toEqual({ failure: { code: 'missing_in_answer', message: 'the answer was cut off (max_tokens) before this item' } })
    expect(parseTranslateAnswer([], items, 'max_tokens').get('1')).toEqual({
      failure: { code: 'malformed_answer', message: 'the answer had no submit_translations call (cut off at max_tokens)' },
    })
  })
})

describe('localeName', () => {
  it('adds an English display name to known tags and keeps unknown ones', () => {
    expect(localeName('pt-BR')).toBe('Brazilian Portuguese (pt-BR)')
    expect(localeName('zz')).toBe('zz')
    expect(localeName('not a tag')).toBe('not a tag')
  })
})

import { describe, expect, it } from 'vitest'
import { countGraphemes } from './checks.js'
import { createProvider } from './index.js'
import { createPseudoProvider } from './pseudo.js'
import type { TranslateBatchRequest } from './provider.js'

const base: Omit<TranslateBatchRequest, 'items'> = {
  sourceLocale: 'en',
  targetLocale: 'ru',
  glossary: [
    { term: 'Tolk', doNotTranslate: true },
    { term: 'project', doNotTranslate: false, translation: 'проект' },
  ],
  rules: [],
}

describe('pseudo provider', () => {
  it('is chosen when no ANTHROPIC_API_KEY is set and says so in its output', async () => {
    const ai = createProvider({ ANTHROPIC_API_KEY: '  ' })
    expect(ai.name).toBe('pseudo')
    const result = await ai.translateBatch({ ...base, items: [{ id: 'a', text: 'Save', placeholders: [] }] })
    expect(result).toMatchObject({ provider: 'pseudo', model: 'pseudo', usage: { requests: 0, inputTokens: 0 } })
  })

  it('accents letters, brackets and lengthens the text, keeping placeholders and terms intact', async () => {
    const result = await createPseudoProvider().translateBatch({
      ...base,
      items: [{ id: 'a', text: 'Hello %1$s, open your Tolk projects in {app}', placeholders: ['%1$s', '{app}'] }],
    })
    const item = result.items[0]
    expect(item).toEqual({ id: 'a', ok: true, text: '[Ĥéļļö %1$s, öþéñ ýöûŕ Tolk проект îñ {app} ~~~~~~~~~~]' })
    const source = 'Hello %1$s, open your Tolk projects in {app}'
    expect(countGraphemes(item?.ok ? item.text : '') / source.length).toBeGreaterThan(1.2)
  })

  it('is deterministic', async () => {
    const req = { ...base, items: [{ id: 'a', text: 'Delete %d items?', placeholders: ['%d'] }] }
    const a = await createPseudoProvider().translateBatch(req)
    const b = await createPseudoProvider().translateBatch(req)
    expect(a).toEqual(b)
  })

  it('answers every plural category of the target locale', async () => {
    const result = await createPseudoProvider().translateBatch({
      ...base,
      items: [{ id: 'p', text: '%d files', plural: { one: 'One file', other: '%d files' }, placeholders: ['%d'] }],
    })
    expect(result.items[0]).toEqual({
      id: 'p',
      ok: true,
      text: '[%d ƒîļéš~]',
      plural: { one: '[Öñé ƒîļé~]', few: '[%d ƒîļéš~]', many: '[%d ƒîļéš~]', other: '[%d ƒîļéš~]' },
    })
  })

  it('gives up padding, then brackets, to respect max_length, and fails when the source cannot fit', async () => {
    const result = await createPseudoProvider().translateBatch({
      ...base,
      items: [
        { id: 'fits', text: 'Save all files now', placeholders: [], maxLength: 20 },
        { id: 'tight', text: 'Save', placeholders: [], maxLength: 5 },
        { id: 'never', text: 'Save everything', placeholders: [], maxLength: 4 },
      ],
    })
    expect(result.items[0]).toEqual({ id: 'fits', ok: true, text: '[Šåṽé åļļ ƒîļéš ñöŵ]' })
    expect(result.items[1]).toEqual({ id: 'tight', ok: true, text: 'Šåṽé' })
    expect(result.items[2]).toMatchObject({ id: 'never', ok: false, candidate: 'Šåṽé éṽéŕýţĥîñĝ', reason: '15 characters, max_length is 4' })
  })

  it('treats an empty plural map as a plain string', async () => {
    const result = await createPseudoProvider().translateBatch({ ...base, items: [{ id: 'a', text: 'Hi', plural: {}, placeholders: [] }] })
    expect(result.items[0]).toEqual({ id: 'a', ok: true, text: '[Ĥî]' })
  })

  it('keeps surrounding whitespace outside the brackets', async () => {
    const result = await createPseudoProvider().translateBatch({ ...base, items: [{ id: 'a', text: ' OK\n', placeholders: [] }] })
    expect(result.items[0]).toMatchObject({ ok: true, text: ' [ÖĶ]\n' })
  })
})

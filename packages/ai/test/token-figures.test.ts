// Estimated prompt size of a realistic batch, through the real SDK and the fake server (which
// counts ~4 characters per token and simulates prompt caching). The figures are printed so they
// can be compared between prompt changes; the bounds catch a prompt that silently doubles.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createProvider } from '../src/index.js'
import type { TranslateBatchRequest } from '../src/index.js'
import { startFakeAnthropic, translateWith } from './fake-anthropic.js'
import type { FakeAnthropic } from './fake-anthropic.js'

let fake: FakeAnthropic
beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())

const strings = [
  ['nav.home', 'Home'], ['nav.settings', 'Settings'], ['btn.save', 'Save changes'], ['btn.cancel', 'Cancel'],
  ['welcome', 'Welcome back, %1$s!'], ['files.empty', 'No files yet. Drag a file here to upload it.'],
  ['invite.sent', 'We sent an invitation to {email}.'], ['err.network', 'Cannot reach the server. Check your connection and try again.'],
  ['plan.limit', 'Your plan includes {limit} projects.'], ['delete.confirm', 'Delete <b>{name}</b>? This cannot be undone.'],
  ['search.placeholder', 'Search keys and strings'], ['sync.done', 'Synced {count} strings in {seconds} s'],
  ['profile.title', 'Your profile'], ['logout', 'Sign out'], ['billing.next', 'Your next invoice is due on {date}.'],
  ['export.ready', 'Your export is ready to download.'], ['members.role', 'Role: {role}'], ['key.copied', 'API key copied'],
  ['tolk.about', 'About Tolk'], ['help', 'Need help? Write to {email}.'],
] as const

const req: TranslateBatchRequest = {
  sourceLocale: 'en',
  targetLocale: 'de',
  productContext:
    'Tolk is a translation management service for software teams. Developers push resource files from CI; ' +
    'translators and reviewers work in a web dashboard. Audience: developers and product people at small and ' +
    'mid-size companies. Voice: friendly, direct, never cute. Keep UI text short; prefer verbs on buttons.',
  projectDescription: 'The web dashboard: navigation, settings, billing and file management.',
  glossary: [
    { term: 'Tolk', doNotTranslate: true },
    { term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' },
    { term: 'key', doNotTranslate: false, translation: 'Schlüssel' },
    { term: 'string', doNotTranslate: false, translation: 'Text' },
    { term: 'project', doNotTranslate: false, translation: 'Projekt' },
  ],
  rules: ['Address the user with "du".', 'Use sentence case.', 'Do not translate file extensions.'],
  items: strings.map(([key, text], i) => ({
    id: `u${i}`,
    key,
    text,
    placeholders: [...text.matchAll(/%\d\$s|\{\w+\}|<\/?b>/g)].map((m) => m[0]),
    ...(i % 4 === 0 ? { maxLength: 40 } : {}),
    ...(i % 5 === 0 ? { description: 'Shown in the main navigation bar' } : {}),
  })),
}

it('spends a bounded number of estimated prompt tokens per string, most of the prefix read from cache', async () => {
  const ai = createProvider({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url })
  // A well-behaved model: uses the required glossary renderings, keeps tokens.
  fake.fallback = translateWith((text) =>
    `DE ${text}`.replace(/\bkeys?\b/g, 'Schlüssel').replace(/\bstrings?\b/g, 'Texte').replace(/\bprojects?\b/g, 'Projekte'),
  )
  const first = await ai.translateBatch(req)
  const second = await ai.translateBatch(req)
  expect(first.items.every((i) => i.ok)).toBe(true)
  expect(first.usage.requests).toBe(1)
  const perString = first.usage.inputTokens / strings.length
  console.info(
    `prefix (tools + system): ${first.usage.cacheWriteTokens} est. tokens written, then ${second.usage.cacheReadTokens} read; ` +
      `batch of ${strings.length}: ${first.usage.inputTokens} uncached input tokens = ${perString.toFixed(1)} per string`,
  )
  expect(first.usage.cacheWriteTokens).toBeGreaterThan(0)
  expect(second.usage.cacheReadTokens).toBe(first.usage.cacheWriteTokens)
  expect(perString).toBeLessThan(40)
  expect(first.usage.cacheWriteTokens).toBeLessThan(1500)
})

/**
 * The one place translation prompts are built (design § AI). Order, most stable first, so the
 * prompt cache can reuse the prefix:
 *   tools (the answer schema) → system block 1: instructions + workspace product context
 *   → system block 2: language pair, project description, glossary, rules  → user: the batch.
 * Both system blocks end with a cache breakpoint: block 1 is shared by every project and locale
 * of a workspace, block 2 by every batch of one job.
 */

import type { ContentBlock, MessageParam, TextBlockParam, Tool, ToolChoiceTool } from '@anthropic-ai/sdk/resources/messages'
import type { ModelOutput } from '../checks.js'
import { isPluralCategory, pluralCategoriesOf } from '../plural.js'
import { glossaryLine } from '../glossary.js'
import { protectItem } from '../item.js'
import type { ProtectedItem } from '../item.js'
import { protectKnown } from '../protect.js'
import type { CheckFailure, TranslateBatchRequest } from '../provider.js'

/** Name of the one tool the model must call to answer. */
export const TRANSLATION_TOOL_NAME = 'submit_translations'

const categorySchema = { type: 'string' }

/** The answer schema: structured output through a forced tool call. */
export const translationTool: Tool = {
  name: TRANSLATION_TOOL_NAME,
  description:
    'Submit the translation of every item of the batch. One entry per item id: "text" for a plain string, ' +
    '"plural" (exactly the categories listed in the item\'s plural_categories) for a plural string.',
  input_schema: {
    type: 'object',
    properties: {
      translations: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string', description: 'The item id, as given.' },
            text: { type: 'string', description: 'The translation, with every token copied unchanged.' },
            plural: {
              type: 'object',
              description: 'Plural forms by CLDR category, for items that have plural_categories.',
              properties: { zero: categorySchema, one: categorySchema, two: categorySchema, few: categorySchema, many: categorySchema, other: categorySchema },
              additionalProperties: false,
            },
            forms: {
              type: 'object',
              description: 'For items that have "forms_to_write": the message\'s forms by key, exactly the keys listed there.',
              additionalProperties: { type: 'string' },
            },
          },
          required: ['id'],
          additionalProperties: false,
        },
      },
    },
    required: ['translations'],
    additionalProperties: false,
  },
}

const toolChoice: ToolChoiceTool = { type: 'tool', name: TRANSLATION_TOOL_NAME, disable_parallel_tool_use: true }

const INSTRUCTIONS = `You are a professional software localizer. You translate the user-interface strings of one product. Your answers go into the product after automatic checks, so follow these instructions exactly.

- Translate each item's "text", or its "plural" forms, from the source language into the target language named below. Write what a native speaker expects in a well-localized app: natural, concise, consistent in terminology and tone.
- Use "key", "description" and "nearby" (the strings around it in its file, with their offsets) only as context (is it a button, a title, a sentence?). Never translate or repeat them.
- Tokens such as ⟦1⟧ stand for placeholders, markup and product names; an item's "tokens" shows what each one stands for, so grammar and markup come out right. Write the token itself, never what it stands for. Copy each token exactly as often as it occurs in the source, unchanged; move it where the target grammar needs it. Never translate, split, renumber, drop or invent a token.
- Keep leading and trailing spaces and line breaks. Use the punctuation conventions of the target language.
- "max_length" is a hard limit on the final length in characters, with each token counted as the length of what it stands for. Choose shorter wording to fit; never cut words off.
- When an item has "plural", answer with "plural" holding exactly the categories in "plural_categories" (the CLDR categories of the target language), each a complete string; otherwise answer with "text".
- When an item has "forms" (an ICU message laid out as whole sentences, one per combination of its choices), answer with "forms" holding exactly the keys in "forms_to_write". A key such as "count:few" is the sentence used when the number count falls in the CLDR category few of the target language ("=0" is an exact value); "gender:female|count:one" combines two choices; "choices" says what each one is. Write a form the source lacks from the source's "other" form, with the grammar that category needs; a form may leave out the token for the number where the language says the number in words. An item with "parts" has choices side by side, joined in that order, with the text between them as forms of their own ("text#1"…; one absent from "forms_to_write" stays as it is): write each part to fit its neighbours, keeping its spaces; a text part may be empty.
- "references" are translations your team reviewed for similar source strings, with the similarity of the sources (1 is identical): reuse their wording and terminology where the meaning is the same; never copy what differs.
- "reviewer_note" is a reviewer's instruction for that item's new translation: follow it.
- Glossary: whenever a listed term occurs, use its required translation (inflected as the grammar needs). Do-not-translate terms are already tokens.
- Follow the translation rules below. They refine style and wording; they never override the instructions about tokens, plural forms and max_length.
- Answer only by calling the ${TRANSLATION_TOOL_NAME} tool once, with one entry for every item id.`

/** A request body without model and max_tokens: what the builders produce. */
export interface TranslatePrompt {
  system: TextBlockParam[]
  tools: Tool[]
  tool_choice: ToolChoiceTool
  messages: MessageParam[]
  /** The items as sent, with their token tables, in request order. */
  items: ProtectedItem[]
}

/** A failed item to send again, with its previous answer and what was wrong with it. */
export interface RetryItem {
  item: ProtectedItem
  previous?: ModelOutput
  failures: CheckFailure[]
}

/** Builds the prompt for a batch; items get local ids "1", "2", … in request order. */
export function buildTranslatePrompt(req: TranslateBatchRequest, items?: ProtectedItem[]): TranslatePrompt {
  const protectedItems = items ?? req.items.map((item, i) => protectItem(item, String(i + 1), req))
  const lines = protectedItems.map((p) => JSON.stringify(itemPayload(p)))
  const intro =
    `Translate ${count(lines.length)} from ${localeName(req.sourceLocale)} to ${localeName(req.targetLocale)}. ` +
    'One JSON object per line:'
  return finish(req, protectedItems, withBatchGlossary(req, `${intro}\n${lines.join('\n')}`))
}

/** Builds the retry prompt: only the failed items, each with its previous answer and the failure named. */
export function buildRetryPrompt(req: TranslateBatchRequest, retries: RetryItem[]): TranslatePrompt {
  const lines = retries.map((r) =>
    JSON.stringify({
      ...itemPayload(r.item),
      ...(r.previous ? { previous_answer: r.previous } : {}),
      problem: r.failures.map((f) => messageForModel(f, r.item)).join('; '),
    }),
  )
  const intro =
    `Your previous answers for ${count(lines.length)} failed automatic checks; "problem" names what was wrong. ` +
    `Translate them again from ${localeName(req.sourceLocale)} to ${localeName(req.targetLocale)} and fix the problem. One JSON object per line:`
  return finish(req, retries.map((r) => r.item), withBatchGlossary(req, `${intro}\n${lines.join('\n')}`))
}

function count(n: number): string {
  return n === 1 ? 'this string' : `these ${n} strings`
}

function finish(req: TranslateBatchRequest, items: ProtectedItem[], user: string): TranslatePrompt {
  return {
    system: systemBlocks(req),
    tools: [translationTool],
    tool_choice: toolChoice,
    messages: [{ role: 'user', content: user }],
    items,
  }
}

/** The cached prefix: instructions and product context, then the per-project, per-locale context. */
export function systemBlocks(req: TranslateBatchRequest): TextBlockParam[] {
  const product = req.productContext?.trim()
  const first = product ? `${INSTRUCTIONS}\n\n## Product context\n${product}` : INSTRUCTIONS

  const categories = pluralCategoriesOf(req.targetLocale).join(', ')
  const parts = [
    `## Languages\nSource: ${localeName(req.sourceLocale)}\nTarget: ${localeName(req.targetLocale)} (plural categories: ${categories})`,
  ]
  const project = req.projectDescription?.trim()
  if (project) parts.push(`## Project\n${project}`)
  parts.push(`## Glossary\n${glossaryLines(req).join('\n') || '(no terms)'}`)
  const rules = req.rules.map((r) => r.trim()).filter(Boolean)
  parts.push(`## Translation rules\n${rules.map((r, i) => `${i + 1}. ${r}`).join('\n') || '(no rules)'}`)

  return [
    { type: 'text', text: first, cache_control: { type: 'ephemeral' } },
    { type: 'text', text: parts.join('\n\n'), cache_control: { type: 'ephemeral' } },
  ]
}

function glossaryLines(req: TranslateBatchRequest): string[] {
  return (req.glossaryCached ?? req.glossary).filter((g) => g.term.trim()).map(glossaryLine)
}

/** Terms the batch uses that the cached block lacks (a glossary over its budget), listed with the batch. */
function batchGlossaryLines(req: TranslateBatchRequest): string[] {
  if (!req.glossaryCached) return []
  const cached = new Set(req.glossaryCached.map((g) => g.term))
  return req.glossary.filter((g) => g.term.trim() && !cached.has(g.term)).map(glossaryLine)
}

function withBatchGlossary(req: TranslateBatchRequest, user: string): string {
  const lines = batchGlossaryLines(req)
  return lines.length > 0 ? `${user}\n\nMore glossary terms for these strings:\n${lines.join('\n')}` : user
}

function itemPayload(p: ProtectedItem): Record<string, unknown> {
  const { item } = p
  const payload: Record<string, unknown> = { id: p.localId }
  if (item.key) payload.key = item.key
  if (item.description?.trim()) payload.description = item.description.trim()
  if (p.icu) {
    payload.forms = p.icu.sourceForms
    payload.forms_to_write = p.icu.answerKeys
    payload.choices = p.icu.choices
    if (p.icu.outline) payload.parts = p.icu.outline
  } else if (p.plural) {
    payload.plural = p.plural
    payload.plural_categories = p.categories
  } else {
    payload.text = p.text
  }
  // What each token stands for: the model needs to know that ⟦1⟧ is a count and ⟦2⟧ opens <b>.
  // Protection does not depend on it: only tokens are restored, and the checks count the result.
  const entries = p.table.entries()
  if (entries.length > 0) payload.tokens = Object.fromEntries(entries.map((e) => [e.token, e.value]))
  if (item.maxLength != null) payload.max_length = item.maxLength
  if (item.neighbours?.length) payload.nearby = item.neighbours.map((n) => (n.key ? `${n.offset > 0 ? '+' : ''}${n.offset} ${n.key}: ${n.text}` : `${n.offset > 0 ? '+' : ''}${n.offset}: ${n.text}`))
  // Memory references use the item's tokens where they share its placeholders, so copied wording keeps them right.
  if (item.references?.length) {
    payload.references = item.references.map((r) => ({
      source: protectKnown(r.source, p.rules, p.table),
      translation: protectKnown(r.translation, p.rules, p.table),
      similarity: r.similarity,
    }))
  }
  if (item.reviewerNote?.trim()) payload.reviewer_note = item.reviewerNote.trim()
  return payload
}

/** A failure message in the model's terms: quoted placeholders and terms become their tokens. */
export function messageForModel(failure: CheckFailure, p: ProtectedItem): string {
  let message = failure.message
  for (const e of p.table.entries()) message = message.replaceAll(`"${e.value}"`, e.token)
  return message
}

/** Display name plus tag ("German (de-AT)"), so the model need not guess what a tag means. */
export function localeName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag)
    return name && name !== tag ? `${name} (${tag})` : tag
  } catch {
    return tag
  }
}

/** Per item of a prompt: the model's output (tokens intact), or why there is none. */
export type ParsedAnswer = Map<string, { output: ModelOutput } | { failure: CheckFailure }>

/**
 * Reads the tool call out of a response. Never throws: a missing tool call, a wrong shape or a
 * missing id becomes a per-item `malformed_answer` / `missing_in_answer` failure.
 */
export function parseTranslateAnswer(content: readonly ContentBlock[], items: readonly ProtectedItem[], stopReason?: string | null): ParsedAnswer {
  const result: ParsedAnswer = new Map()
  const failAll = (message: string) => {
    for (const p of items) result.set(p.localId, { failure: { code: 'malformed_answer', message } })
    return result
  }
  const call = content.find((b) => b.type === 'tool_use' && b.name === TRANSLATION_TOOL_NAME)
  if (!call || call.type !== 'tool_use') {
    const cut = stopReason === 'max_tokens' ? ' (cut off at max_tokens)' : stopReason === 'refusal' ? ' (the model refused)' : ''
    return failAll(`the answer had no ${TRANSLATION_TOOL_NAME} call${cut}`)
  }
  const input = call.input as { translations?: unknown } | null
  const entries = lenientJson(input?.translations)
  if (!Array.isArray(entries)) return failAll('the answer was not of the form {"translations": [...]}')

  const known = new Set(items.map((p) => p.localId))
  for (const entry of entries as unknown[]) {
    if (!entry || typeof entry !== 'object') continue
    const { id, text, plural, forms } = entry as Record<string, unknown>
    const localId = typeof id === 'number' ? String(id) : id
    if (typeof localId !== 'string' || !known.has(localId) || result.has(localId)) continue
    result.set(localId, forms !== undefined && forms !== null ? readForms(lenientJson(forms)) : readEntry(text, lenientJson(plural)))
  }
  for (const p of items) {
    if (result.has(p.localId)) continue
    const message = stopReason === 'max_tokens' ? 'the answer was cut off (max_tokens) before this item' : 'the answer had no entry for this item'
    result.set(p.localId, { failure: { code: 'missing_in_answer', message } })
  }
  return result
}

function readEntry(text: unknown, plural: unknown): { output: ModelOutput } | { failure: CheckFailure } {
  if (plural !== undefined && plural !== null) {
    if (typeof plural !== 'object' || Array.isArray(plural)) {
      return { failure: { code: 'malformed_answer', message: '"plural" was not an object of strings' } }
    }
    const forms: Record<string, string> = {}
    for (const [category, form] of Object.entries(plural)) {
      if (typeof form !== 'string' || !isPluralCategory(category)) {
        return { failure: { code: 'malformed_answer', message: `"plural" had an invalid entry "${category}"` } }
      }
      forms[category] = form
    }
    return { output: { plural: forms } }
  }
  if (typeof text === 'string') return { output: { text } }
  return { failure: { code: 'malformed_answer', message: 'the entry had neither "text" nor "plural"' } }
}

function readForms(forms: unknown): { output: ModelOutput } | { failure: CheckFailure } {
  if (typeof forms !== 'object' || forms === null || Array.isArray(forms) || Object.values(forms).some((f) => typeof f !== 'string')) {
    return { failure: { code: 'malformed_answer', message: '"forms" was not an object of strings' } }
  }
  return { output: { forms: forms as Record<string, string> } }
}

// Some models send a nested array or object as a JSON string; accept that rather than fail.
function lenientJson(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/**
 * Audit prompts, built in one place and ordered for the prompt cache like translation prompts:
 * tools → system block 1 (instructions + product context) → system block 2 (locale, projects,
 * glossary, rules, question, check summary) → user: one batch of samples. Both system blocks end
 * with a cache breakpoint, so every batch and the closing summary of one audit reuse the prefix.
 */

import type { ContentBlock, MessageParam, TextBlockParam, Tool, ToolChoiceTool } from '@anthropic-ai/sdk/resources/messages'
import { localeName } from '../prompts/translate.js'
import type { PluralForms } from '../provider.js'
import type { AuditModelFinding, AuditRequest, AuditResult, AuditSample } from './port.js'

export const AUDIT_TOOL_NAME = 'submit_audit'

const str = { type: 'string' }
const pluralSchema = { type: 'object', properties: { zero: str, one: str, two: str, few: str, many: str, other: str }, additionalProperties: false }

export const auditTool: Tool = {
  name: AUDIT_TOOL_NAME,
  description: 'Submit the review: the answer to the question, a score, findings about items, glossary terms the glossary lacks, and patterns worth a standing rule.',
  input_schema: {
    type: 'object',
    properties: {
      answer: { type: 'string', description: 'The answer to the question, for the team, in English, at most 8 sentences.' },
      score: { type: 'integer', minimum: 0, maximum: 100, description: 'How good the translations are: 100 ready to ship, 0 unusable.' },
      findings: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string', description: 'The item id, as given.' },
            check: { type: 'string', description: 'One word for the kind of problem: meaning, grammar, terminology, tone, fluency, style, length.' },
            message: { type: 'string', description: 'What is wrong, in one sentence.' },
            fix_text: { type: 'string', description: 'The corrected translation, complete, keeping every placeholder and tag.' },
            fix_plural: { ...pluralSchema, description: 'The corrected plural forms, for items with plural forms.' },
          },
          required: ['id', 'check', 'message'],
          additionalProperties: false,
        },
      },
      glossary_suggestions: {
        type: 'array',
        items: {
          type: 'object',
          properties: { term: str, translation: str, do_not_translate: { type: 'boolean' }, reason: str },
          required: ['term', 'do_not_translate', 'reason'],
          additionalProperties: false,
        },
      },
      rule_suggestions: {
        type: 'array',
        items: {
          type: 'object',
          properties: { body: str, reason: str, all_languages: { type: 'boolean', description: 'true when the rule applies to every language, not only this one' } },
          required: ['body', 'reason'],
          additionalProperties: false,
        },
      },
    },
    required: ['answer', 'score'],
    additionalProperties: false,
  },
}

export const auditToolChoice: ToolChoiceTool = { type: 'tool', name: AUDIT_TOOL_NAME, disable_parallel_tool_use: true }

const INSTRUCTIONS = `You are a senior localization reviewer. You audit the translations of one product's user interface into one language and answer the team's question about them.

- Judge meaning, grammar, terminology, consistency, tone and fluency as a native speaker would. Automatic checks already ran: their findings are listed per item and summed up below; confirm or add to them, do not repeat them.
- Report a finding only for a real problem of a listed item, with its id. Give a fix only when you are sure, as the complete corrected translation keeping every placeholder ({name}, %s, %1$d, {{x}}), tag and line break of the current one.
- Suggest glossary terms the glossary lacks: product words translated in several ways, or names that must not be translated. Suggest a standing rule only for a pattern you saw in several items.
- The score is for the whole language, 0 to 100: 100 ready to ship, 80 good with a few fixes, 50 needs a reviewer's pass, below 30 unusable.
- Answer only by calling the ${AUDIT_TOOL_NAME} tool once.`

/** The cached system blocks of one audit. */
export function auditSystem(req: AuditRequest): TextBlockParam[] {
  const first = req.productContext?.trim() ? `${INSTRUCTIONS}\n\n## Product context\n${req.productContext.trim()}` : INSTRUCTIONS
  const parts = [`Source: ${localeName(req.sourceLocale)}. Target: ${localeName(req.targetLocale)}.`]
  const projects = req.projects.filter((p) => p.description.trim())
  if (projects.length) parts.push(`## Projects\n${projects.map((p) => `- ${p.name}: ${p.description.trim()}`).join('\n')}`)
  if (req.glossary.length) {
    parts.push(`## Glossary\n${req.glossary.map((g) => (g.doNotTranslate ? `- "${g.term}": do not translate` : `- "${g.term}" → "${g.translation ?? ''}"`)).join('\n')}`)
  }
  if (req.rules.length) parts.push(`## Translation rules\n${req.rules.map((r, i) => `${i + 1}. ${r}`).join('\n')}`)
  parts.push(`## Question\n${req.question?.trim() || `How good are the ${localeName(req.targetLocale)} translations, and what should the team fix first?`}`)
  parts.push(`## Automatic checks over all ${req.translations} translations\n${req.checkSummary || 'nothing found'}`)
  return [
    { type: 'text', text: first, cache_control: { type: 'ephemeral' } },
    { type: 'text', text: parts.join('\n\n'), cache_control: { type: 'ephemeral' } },
  ]
}

/** The user message of one batch: one JSON line per sample, with short ids. */
export function batchMessage(samples: readonly AuditSample[], offset: number): MessageParam[] {
  const lines = samples.map((s, i) => JSON.stringify({
    id: String(offset + i + 1),
    ...(s.key ? { key: s.key } : {}),
    ...(s.project ? { project: s.project } : {}),
    status: s.status,
    source: s.source,
    ...(s.sourcePlural ? { source_plural: s.sourcePlural } : {}),
    translation: s.text,
    ...(s.plural ? { plural: s.plural } : {}),
    ...(s.maxLength != null ? { max_length: s.maxLength } : {}),
    ...(s.findings.length ? { checks: s.findings } : {}),
  }))
  return [{ role: 'user', content: `Review these ${samples.length} translations (one JSON object per line):\n${lines.join('\n')}` }]
}

/** The closing request of a multi-batch audit: one answer and one score from the batches' reviews. */
export function summaryMessage(reviews: readonly { answer: string; score: number | null; findings: number }[]): MessageParam[] {
  const lines = reviews.map((r, i) => `Batch ${i + 1} (score ${r.score ?? 'none'}, ${r.findings} findings): ${r.answer}`)
  return [{ role: 'user', content: `You reviewed the sample in ${reviews.length} batches:\n${lines.join('\n')}\n\nAnswer the question once for the whole language and give one score. Leave findings and suggestions empty.` }]
}

type Parsed = Omit<AuditResult, 'ran' | 'usage' | 'model' | 'sampled'>

/** Reads the tool call of an answer; ids map back to the batch's samples, anything malformed is dropped. */
export function parseAuditAnswer(content: readonly ContentBlock[], samples: readonly AuditSample[], offset: number, locale: string): Parsed | null {
  const call = content.find((b) => b.type === 'tool_use')
  if (!call || call.type !== 'tool_use' || typeof call.input !== 'object' || call.input === null) return null
  const input = call.input as Record<string, unknown>
  const answer = typeof input.answer === 'string' ? input.answer.trim() : ''
  const score = typeof input.score === 'number' && Number.isFinite(input.score) ? Math.max(0, Math.min(100, Math.round(input.score))) : null
  const findings: AuditModelFinding[] = []
  for (const f of arr(input.findings)) {
    const sample = samples[Number(f.id) - 1 - offset]
    if (!sample || Number(f.id) - 1 < offset || typeof f.message !== 'string' || !f.message.trim()) continue
    const fixText = typeof f.fix_text === 'string' ? f.fix_text : undefined
    const fixPlural = isForms(f.fix_plural) ? f.fix_plural : undefined
    const fix = fixPlural ? { text: fixPlural.other ?? fixText ?? sample.text, plural: fixPlural } : fixText !== undefined ? { text: fixText } : undefined
    findings.push({ id: sample.id, check: typeof f.check === 'string' && f.check.trim() ? f.check.trim().slice(0, 40) : 'ai', message: f.message.trim(), ...(fix ? { fix } : {}) })
  }
  const glossary = arr(input.glossary_suggestions)
    .filter((g) => typeof g.term === 'string' && g.term.trim())
    .map((g) => ({
      term: (g.term as string).trim().slice(0, 200), doNotTranslate: g.do_not_translate === true,
      ...(typeof g.translation === 'string' && g.translation.trim() && g.do_not_translate !== true ? { translation: g.translation.trim().slice(0, 500) } : {}),
      reason: typeof g.reason === 'string' ? g.reason : '',
    }))
  const rules = arr(input.rule_suggestions)
    .filter((r) => typeof r.body === 'string' && r.body.trim())
    .map((r) => ({ body: (r.body as string).trim().slice(0, 2000), reason: typeof r.reason === 'string' ? r.reason : '', locale: r.all_languages === true ? null : locale }))
  return { answer, score, findings, glossary, rules }
}

const arr = (x: unknown): Record<string, unknown>[] => (Array.isArray(x) ? x.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null) : [])
const isForms = (x: unknown): x is PluralForms => typeof x === 'object' && x !== null && Object.values(x).every((v) => typeof v === 'string') && Object.keys(x).length > 0

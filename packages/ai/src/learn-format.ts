/**
 * Writing a learned format's template with the model (spec § learn_format): the prompt (the template language and
 * examples, which core hands in from @tolk/formats, then the sample and the hint), the conversation of earlier
 * attempts with the errors the engine found in them, and the forced tool call that carries the template back.
 * Nothing here reads files: the engine in packages/formats checks every template the model writes.
 */
import type Anthropic from '@anthropic-ai/sdk'
import type { Message, MessageParam, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages'
import type { TemplateAnswer, TemplateRequest } from './provider.js'

/** Name of the tool the model must call to answer. */
export const TEMPLATE_TOOL_NAME = 'submit_template'

/** Characters of the sample shown to the model: enough lines to see the shape, bounded in tokens. */
export const SAMPLE_PROMPT_CHARS = 12_000

const templateTool: Tool = {
  name: TEMPLATE_TOOL_NAME,
  description: 'Submit the template that reads the sample file.',
  input_schema: { type: 'object', properties: { template: { type: 'object', description: 'The template, a JSON object in the template language.' } }, required: ['template'] },
}

const INSTRUCTIONS = `You write templates for a deterministic file-format engine. A translation file in a format no tool knows is shown to you; write the template that reads its translatable entries (key and text) so the engine can read and write the file byte for byte. Answer only by calling ${TEMPLATE_TOOL_NAME}.`

/** The Messages API request for the next attempt: instructions and language (cached), the sample, earlier attempts. */
export function buildTemplatePrompt(req: TemplateRequest): { system: TextBlockParam[]; messages: MessageParam[]; tools: Tool[] } {
  const examples = req.examples.map((e, i) => `Example ${i + 1}. File:\n${e.sample}\nTemplate:\n${JSON.stringify(e.template)}`).join('\n\n')
  const system: TextBlockParam[] = [{ type: 'text', text: `${INSTRUCTIONS}\n\n${req.guide}\n\n${examples}`, cache_control: { type: 'ephemeral' } }]
  const shown = req.sample.length > SAMPLE_PROMPT_CHARS ? `${req.sample.slice(0, SAMPLE_PROMPT_CHARS)}\n[... ${req.sample.length - SAMPLE_PROMPT_CHARS} more characters]` : req.sample
  const user = [`File path: ${req.path}`, req.hint ? `Hint from the user: ${req.hint}` : '', `File:\n${shown}`].filter(Boolean).join('\n\n')
  const messages: MessageParam[] = [{ role: 'user', content: user }]
  req.attempts.forEach((a, i) => {
    const id = `toolu_attempt_${i + 1}`
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name: TEMPLATE_TOOL_NAME, input: { template: a.template } }] })
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, is_error: true, content: `The engine refused this template:\n- ${a.errors.slice(0, 10).join('\n- ')}\nSend a corrected template.` }],
    })
  })
  return { system, messages, tools: [templateTool] }
}

/** The template of an answer: the forced tool call's `template`, or null. */
export function templateOf(message: Message | null): unknown {
  const call = message?.content?.find((b) => b.type === 'tool_use' && b.name === TEMPLATE_TOOL_NAME)
  const input = call && call.type === 'tool_use' ? (call.input as { template?: unknown }) : undefined
  return input && typeof input === 'object' && input.template !== undefined ? input.template : null
}

/** One attempt through the SDK; `toError` maps SDK errors as the provider does for translations. */
export async function writeTemplateWith(client: Anthropic, model: string, req: TemplateRequest, toError: (err: unknown) => unknown, signal?: AbortSignal): Promise<TemplateAnswer> {
  const prompt = buildTemplatePrompt(req)
  let message: Message | null
  try {
    message = await client.messages.create(
      { model, max_tokens: 2048, system: prompt.system, tools: prompt.tools, tool_choice: { type: 'tool', name: TEMPLATE_TOOL_NAME }, messages: prompt.messages },
      signal ? { signal } : {},
    )
  } catch (err) {
    if (err instanceof SyntaxError) message = null
    else throw toError(err)
  }
  const u = message?.usage
  return {
    template: templateOf(message),
    usage: { inputTokens: u?.input_tokens ?? 0, outputTokens: u?.output_tokens ?? 0, cacheReadTokens: u?.cache_read_input_tokens ?? 0, cacheWriteTokens: u?.cache_creation_input_tokens ?? 0, requests: 1 },
    model,
  }
}

import { ERRORS, type ErrorCode } from '../contract/errors.js'

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const codeSpans = (s: string, html: boolean) => (html ? escape(s).replace(/`([^`]+)`/g, '<code>$1</code>') : s)

/** The codes grouped by status, in table order. */
function byStatus(): [number, ErrorCode[]][] {
  const groups = new Map<number, ErrorCode[]>()
  for (const code of Object.keys(ERRORS) as ErrorCode[]) groups.set(ERRORS[code].status, [...(groups.get(ERRORS[code].status) ?? []), code])
  return [...groups]
}

const INTRO =
  'Every failed call answers an RFC 9457 problem document (application/problem+json) with type, title, status, detail, request_id and code; ' +
  'invalid_input adds issues (each with its dot path), placeholder_mismatch adds mismatch. Over MCP the same code and detail come back as a tool error. ' +
  '4xx answers fail the same way until the request changes; 5xx answers are safe to retry with backoff.'

/**
 * The page every problem's `type` URL points at (GET /docs/errors), generated from the one error table:
 * each status (anchor #<status>) with its codes (anchor #<code>), what each means and what to do.
 */
export function errorsPage(format: 'html' | 'markdown'): string {
  if (format === 'markdown') {
    const sections = byStatus().map(([status, codes]) => [
      `<a id="${status}"></a>`, `## ${status}`, '',
      ...codes.flatMap((code) => [`<a id="${code}"></a>`, `### ${code}`, '', `${ERRORS[code].meaning}`, '', `**What to do:** ${ERRORS[code].fix}`, '']),
    ].join('\n'))
    return [`# Tolk API errors`, '', INTRO, '', ...sections].join('\n')
  }
  const sections = byStatus().map(([status, codes]) => `<section id="${status}"><h2>${status}</h2>${codes.map((code) =>
    `<div id="${code}"><h3><code>${code}</code></h3><p>${codeSpans(ERRORS[code].meaning, true)}</p><p><strong>What to do:</strong> ${codeSpans(ERRORS[code].fix, true)}</p></div>`).join('')}</section>`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tolk API errors</title></head><body><h1>Tolk API errors</h1><p>${escape(INTRO)}</p>${sections.join('')}</body></html>`
}

// Request bodies as text, read once for REST and MCP alike: bounded in size, and refused when they are not UTF-8
// (a lenient decode would silently store U+FFFD where the caller sent other bytes).
import { isUtf8 } from 'node:buffer'
import { fail } from '@tolk/core'

/** Request bodies above this are refused before parsing (issue: a clear 4xx, never an out-of-memory). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024

/** The body of `req` as text: at most MAX_BODY_BYTES, valid UTF-8 (else 400 invalid_json). */
export async function bodyText(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (declared > MAX_BODY_BYTES) tooLarge()
  // A declared length bounds the read (Node's parser stops there); a chunked body is read with the running limit.
  const bytes = Number.isFinite(declared) ? Buffer.from(await req.arrayBuffer()) : await readLimited(req)
  if (!isUtf8(bytes)) {
    fail('invalid_json', 'The body is not valid UTF-8; send JSON encoded as UTF-8 (a file in another encoding goes in push_file content as text, with its encoding named).')
  }
  return bytes.toString('utf8')
}

async function readLimited(req: Request): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0)
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

function tooLarge(): never {
  // The spec's table has no 413 code; a body this large is an input problem the caller must fix.
  fail('invalid_input', 'The request body is larger than 16 MiB.', { issues: [{ path: '', message: 'Request body exceeds 16 MiB; push_file content is at most 10,000,000 characters.' }] })
}

/** No op's input nests deeper than this; a deeper body is refused before any parser or schema walk recurses into it. */
export const MAX_JSON_DEPTH = 64

/**
 * The deepest nesting of arrays and objects in JSON text, counting only brackets outside strings; stops counting
 * once past MAX_JSON_DEPTH. Linear and iterative, so a body of 10,000 `[` costs microseconds and no stack. A string
 * is skipped with indexOf to its closing quote (one not escaped by an odd run of backslashes): push_file's 10 MB
 * content is one string, and a loop per character over it cost a re-push a tenth of a second.
 */
export function jsonDepthExceeds(text: string): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      for (;;) {
        const quote = text.indexOf('"', i + 1)
        // Unterminated: JSON.parse refuses it.
        if (quote < 0) return false
        let b = quote - 1
        while (text.charCodeAt(b) === 0x5c) b--
        i = quote
        if ((quote - 1 - b) % 2 === 0) break
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/** Characters from which a body's depth check and parse are not run back to back (see parseBoundedJson). */
const BIG_BODY = 1_000_000

/**
 * JSON.parse, refusing nesting past MAX_JSON_DEPTH with 400 invalid_json; `detail` leads the message of a syntax error.
 * A big body (push_file's 10 MB content) lets the event loop turn between the depth check and the parse, each tens of
 * milliseconds, so requests that arrived meanwhile are not held for both (issue 28).
 */
export async function parseBoundedJson(text: string, detail: string): Promise<unknown> {
  if (jsonDepthExceeds(text)) fail('invalid_json', `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep; no op takes input like that, send the op's input object as its schema shows (GET /api/v1).`)
  if (text.length >= BIG_BODY) await new Promise((resolve) => setImmediate(resolve))
  try {
    return JSON.parse(text)
  } catch (err) {
    fail('invalid_json', `${detail} (${(err as Error).message})`)
  }
}

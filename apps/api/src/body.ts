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

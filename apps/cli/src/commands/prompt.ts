// Questions on a terminal, for init and login; scripts pass flags instead.
import { createInterface } from 'node:readline/promises'
import type { Io } from '../runtime.js'

/** Asks one question on stderr (stdout stays for results) and returns the trimmed answer or the default. */
export async function ask(io: Io, question: string, fallback = ''): Promise<string> {
  const rl = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream, terminal: true })
  try {
    const answer = (await rl.question(fallback ? `${question}[${fallback}] ` : question)).trim()
    return answer || fallback
  } finally {
    rl.close()
  }
}

/** Everything piped to stdin. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

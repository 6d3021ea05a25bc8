// The worker thread of parse-off-thread.ts: parses one file per message and posts the result back in slices, so the
// request thread takes it in small pieces between other requests instead of one long copy.
import { parentPort } from 'node:worker_threads'
import { parse, type FormatId, type ParseOptions } from '@tolk/formats'

/** Entries per message: a slice costs the receiving thread a few milliseconds to copy in. */
const SLICE = 5_000

parentPort!.on('message', (task: { id: number; format: FormatId; content: string; options: ParseOptions }) => {
  try {
    const { entries, ...rest } = parse(task.format, task.content, task.options)
    for (let i = 0; i < entries.length; i += SLICE) parentPort!.postMessage({ id: task.id, entries: entries.slice(i, i + SLICE) })
    parentPort!.postMessage({ id: task.id, done: rest })
  } catch (err) {
    parentPort!.postMessage({ id: task.id, error: String((err as Error)?.stack ?? err) })
  }
})

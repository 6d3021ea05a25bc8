// The worker thread of parse-off-thread.ts: parses one file per message and hands the result back in slices, one at
// a time: the next slice goes only when the request thread asks for it. A MessagePort delivers every queued message
// in one go, so slices posted all at once were copied in as one block of 300-500 ms on a 200,000-entry file.
import { parentPort } from 'node:worker_threads'
import { checkTemplate, inferTemplate, parse, type Entry, type FormatId, type ParseOptions, type ParseResult } from '@tolk/formats'
// Entries per message, as many as a loop of the request thread handles in one turn: a few milliseconds to copy in.
import { SLICE } from '../slices.js'

type Task = { id: number; format: FormatId; content: string; options: ParseOptions }
type Next = { id: number; next: true }
/** learn_format's template work (a few seconds of CPU on a big sample): inference, or the check of a model's template. */
type Learn = { id: number; learn: { infer: { path: string; content: string } } | { check: { template: unknown; content: string } } }

/** Parsed files whose entries are still being handed over, by task id. */
const handing = new Map<number, { entries: Entry[]; at: number; rest: Omit<ParseResult, 'entries'> }>()

parentPort!.on('message', (message: Task | Next | Learn) => {
  if ('next' in message) return handNext(message.id)
  if ('learn' in message) {
    try {
      const l = message.learn
      parentPort!.postMessage({ id: message.id, result: 'infer' in l ? inferTemplate(l.infer.path, l.infer.content) : checkTemplate(l.check.template, l.check.content) })
    } catch (err) {
      parentPort!.postMessage({ id: message.id, error: String((err as Error)?.stack ?? err) })
    }
    return
  }
  try {
    const { entries, ...rest } = parse(message.format, message.content, message.options)
    handing.set(message.id, { entries, at: 0, rest })
    handNext(message.id)
  } catch (err) {
    parentPort!.postMessage({ id: message.id, error: String((err as Error)?.stack ?? err) })
  }
})

/** Posts the task's next slice, or its end when every entry went. */
function handNext(id: number): void {
  const task = handing.get(id)
  if (!task) return
  if (task.at < task.entries.length) {
    parentPort!.postMessage({ id, entries: task.entries.slice(task.at, task.at + SLICE) })
    task.at += SLICE
    return
  }
  handing.delete(id)
  parentPort!.postMessage({ id, done: task.rest })
}

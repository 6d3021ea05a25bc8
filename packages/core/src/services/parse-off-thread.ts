// Big files are parsed on a worker thread (issue 18): a 200,000-entry file takes the parser most of a second, which
// on the request thread stalled every other request for that long. Small files parse in place (a thread hop costs
// more than they do).
import { Worker } from 'node:worker_threads'
import { parse, type Entry, type FormatId, type Inference, type ParseOptions, type ParseResult, type TemplateCheck } from '@tolk/formats'

/** Files of at least this many characters go to the worker thread. */
export const OFF_THREAD_CHARS = 256 * 1024

type Reply = { id: number; entries?: Entry[]; done?: Omit<ParseResult, 'entries'>; result?: unknown; error?: string }

/** An idle worker thread is ended after this long: its heap (tens of MB after a big file) goes back to the system. */
const IDLE_MS = 2_000

let worker: Worker | undefined
/** Set by keepParserReady: a loaded worker thread waits for the next big file. */
let standby = false
let idleTimer: NodeJS.Timeout | undefined
let nextId = 0
const waiting = new Map<number, { entries: Entry[]; resolve: (r: any) => void; reject: (e: Error) => void }>()

/** Parses `content`, on the worker thread when it is big. Same result as `parse`. */
export async function parseFile(format: FormatId, content: string, options: ParseOptions): Promise<ParseResult> {
  if (content.length < OFF_THREAD_CHARS || options.forRender) return parse(format, content, options)
  const id = nextId++
  clearTimeout(idleTimer)
  return new Promise<ParseResult>((resolve, reject) => {
    waiting.set(id, { entries: [], resolve, reject })
    sendTo({ id, format, content, options })
  })
}

/**
 * Starts the worker thread ahead of a big file's parse (push_file calls it before its first query): a thread loads
 * the parsers for 150-250 ms, which otherwise came on top of the parse. An idle worker still retires after IDLE_MS,
 * unless keepParserReady keeps it.
 */
export function warmParser(contentLength: number): void {
  if (contentLength < OFF_THREAD_CHARS) return
  clearTimeout(idleTimer)
  const w = parser()
  if (waiting.size === 0) idleTimer = setTimeout(() => void retire(w), IDLE_MS).unref()
}

/**
 * Keeps a worker thread loaded for the next big file (the API's main calls it at start). A new thread loads the
 * parsers for 150 ms from the built files and about 450 ms from sources, and that came on top of every big push that
 * found none; an idle one holds about 20 MB. The thread then stays: V8 gives a big file's heap back within seconds
 * (257 MB RSS right after a 100,000-key parse, 96 MB 15 s later), while a fresh thread started after each retirement
 * loaded itself in the middle of the push that followed and slowed PGlite's requests beside it.
 */
export function keepParserReady(): void {
  standby = true
  parser()
}

/** The worker thread's id while one runs (tests watch the standby with it). */
export function parserThreadId(): number | undefined {
  return worker?.threadId
}

/**
 * learn_format's inference of a template from a sample, on the worker thread: it tries up to 24 templates, each
 * read, written back and probed, seconds of CPU on a sample of a few thousand lines (issue 28: 2.7 s during which the
 * embedded default answered no request).
 */
export function inferTemplateOffThread(path: string, content: string): Promise<Inference> {
  return offThread({ infer: { path, content } })
}

/** checkTemplate (a model's template run on the sample), on the worker thread. */
export function checkTemplateOffThread(template: unknown, content: string): Promise<TemplateCheck> {
  return offThread({ check: { template, content } })
}

function offThread<T>(learn: unknown): Promise<T> {
  const id = nextId++
  clearTimeout(idleTimer)
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { entries: [], resolve, reject })
    sendTo({ id, learn })
  })
}

function parser(): Worker {
  if (worker) return worker
  // From sources (tests, tsx) the worker is TypeScript: a bootstrap registers tsx in the thread first, and workspace
  // packages resolve to their sources as they do here.
  const fromSource = import.meta.url.endsWith('.ts')
  const url = new URL(fromSource ? './parse-worker.ts' : './parse-worker.js', import.meta.url)
  const w = fromSource
    ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}) })`, { eval: true, execArgv: ['--conditions=@tolk/source'] })
    : new Worker(url)
  w.on('message', (reply: Reply) => {
    const task = waiting.get(reply.id)
    if (!task) return
    if (reply.entries) {
      for (const e of reply.entries) task.entries.push(e)
      // The next slice is asked for on the next turn, so other requests run between two slices.
      setImmediate(() => w.postMessage({ id: reply.id, next: true }))
    } else {
      waiting.delete(reply.id)
      if (reply.error !== undefined) task.reject(new Error(`parse worker: ${reply.error}`))
      else if (reply.done === undefined) task.resolve(reply.result)
      else task.resolve({ ...reply.done, entries: task.entries })
      if (waiting.size === 0) {
        w.unref()
        idleTimer = setTimeout(() => void retire(w), IDLE_MS).unref()
      }
    }
  })
  const failAll = (err: Error) => {
    if (worker === w) worker = undefined
    for (const task of waiting.values()) task.reject(err)
    waiting.clear()
  }
  w.on('error', failAll)
  w.on('exit', (code) => failAll(new Error(`parse worker exited with code ${code}`)))
  // The thread waits for work without keeping the process alive; sendTo refs it while a task waits. (After the
  // listeners: attaching a 'message' listener refs a worker again.)
  w.unref()
  worker = w
  return w
}

/** Posts a task to the worker thread, which keeps the process alive until the last task's answer. */
function sendTo(message: unknown): void {
  const w = parser()
  w.ref()
  w.postMessage(message)
}

/** Ends an idle worker thread, unless keepParserReady keeps it; the next big file starts a new one. */
async function retire(w: Worker): Promise<void> {
  if (worker !== w || waiting.size > 0 || standby) return
  worker = undefined
  w.removeAllListeners('exit')
  await w.terminate()
}

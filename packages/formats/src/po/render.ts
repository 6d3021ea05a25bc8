/**
 * Writes entries into a PO template, copying every line it does not change; or writes a clean file
 * in msgcat's layout when there is no template.
 */
import type { Entry, MissingPolicy, RenderOptions } from '../format.js'
import { PLURAL_ORDER, samePlural } from '../plural.js'
import { detectEol } from '../text.js'
import { linesOf, readDocument } from './document.js'
import type { Block, PoDocument } from './document.js'
import { entryKey, findHeader, headerFields, isHeaderBlock, makeContext, sameLocale, toEntry } from './entries.js'
import type { PoContext } from './entries.js'
import { pluralFormsFor, readPluralForms } from './plural-forms.js'
import { formatString, PAGE_WIDTH } from './literal.js'
import { cleanFile, entryLines, pluralTexts, toPoLocale } from './write.js'
import { neighboursOf } from '../placement.js'

interface Job {
  template: string
  eol: string
  wrap: boolean
  /** How the template reads under the render options: what "unchanged" is compared against. */
  expected: PoContext
  /** How the output is laid out: the template's plural forms, or the new locale's after retargeting. */
  target: PoContext
  retarget: boolean
  missing: MissingPolicy
}

/** Renders entries into `template` (or a clean file when there is none, or it does not parse). */
export function renderPo(template: string | undefined, entries: readonly Entry[], options: RenderOptions): string {
  if (template === undefined) return cleanFile(entries, options)
  const doc = readDocument(template)
  if (doc.issues.some((i) => i.severity === 'error')) return cleanFile(entries, options)
  const header = findHeader(doc)
  const fields = headerFields(header)
  const retarget = header !== undefined && needsRetarget(fields, options)
  const expected = makeContext(fields, options.locale, options.sourceLocale)
  const targetForms = retarget ? pluralFormsFor(options.locale) : undefined
  const job: Job = {
    template,
    eol: detectEol(template),
    wrap: isWrapped(doc),
    expected,
    target: retarget ? makeContext(fields, options.locale, options.sourceLocale, targetForms) : expected,
    retarget,
    missing: options.missing ?? 'source',
  }

  const blockIds = doc.blocks.map((b) => entryKey(b.msgid, b.msgctxt))
  const inTemplate = new Set(blockIds)
  const queue = new Map<string, Entry[]>()
  // New messages, each key+context once: a PO file cannot hold a message twice.
  const added: Entry[] = []
  for (const entry of entries) {
    const id = entryKey(entry.key, entry.context)
    const list = queue.get(id)
    if (list) list.push(entry)
    else {
      queue.set(id, [entry])
      if (!inTemplate.has(id)) added.push(entry)
    }
  }

  // A new message goes after the message given before it (source order); those before every message go before the
  // first message given.
  const after = new Map<Entry, Entry[]>()
  const isAdded = new Set(added)
  if (isAdded.size > 0) added.length = 0
  // The one placement rule (placement.ts): after the nearest given message before it, else before the first one given.
  const around = isAdded.size > 0 ? neighboursOf(entries, (e) => (!isAdded.has(e) && inTemplate.has(entryKey(e.key, e.context)) ? e : undefined)) : new Map()
  for (const [entry, { previous }] of around) {
    if (!isAdded.has(entry)) continue
    if (previous) {
      const group = after.get(previous)
      if (group) group.push(entry)
      else after.set(previous, [entry])
    } else added.push(entry)
  }

  const leading = added.splice(0)
  const out: string[] = []
  let cursor = 0
  const last = doc.blocks[doc.blocks.length - 1]
  /** The new messages that follow a given one, written right after its block (after the last one, with the rest). */
  const addedAfter = (entry: Entry, isLast: boolean): string => {
    const group = after.get(entry)
    if (!group) return ''
    after.delete(entry)
    if (isLast) {
      added.unshift(...group)
      return ''
    }
    return job.eol + group.map((e) => entryLines(e, job.target, job.wrap).join(job.eol)).join(job.eol + job.eol) + job.eol
  }
  for (const [index, block] of doc.blocks.entries()) {
    out.push(template.slice(cursor, block.start))
    cursor = block.next
    if (block === header) {
      out.push(retarget && targetForms ? retargetHeader(block, job, options.locale, targetForms) : template.slice(block.start, block.next))
    } else if (isHeaderBlock(block)) {
      out.push(template.slice(block.start, block.next))
    } else {
      const list = queue.get(blockIds[index] ?? '')
      const entry = list?.shift()
      if (entry && leading.length > 0) {
        out.push(leading.map((e) => entryLines(e, job.target, job.wrap).join(job.eol) + job.eol + job.eol).join(''))
        leading.length = 0
      }
      if (entry) out.push(renderBlock(block, entry, job) + addedAfter(entry, block === last))
      // A second copy of a repeated message is written back as it was: it never silently goes away.
      else if (list) out.push(template.slice(block.start, block.next))
      else if (job.missing === 'omit') cursor = skipBlankLines(template, block.next)
      else if (job.missing === 'empty') out.push(renderBlock(block, emptied(block), job))
      else out.push(renderBlock(block, toEntry(block, expected), job))
    }
    // An anchor that took no message (a surplus copy of a repeated one) leaves its entries to the end, and so does
    // a file with no message given.
    if (block === last) added.unshift(...leading.splice(0))
    if (block === last) for (const group of after.values()) added.push(...group)
    if (block === last && added.length > 0) out.push(addedText(added, job, template, block.next))
  }
  if (!last) added.unshift(...leading)
  if (!last && added.length > 0) out.push(addedText(added, job, template, template.length))
  out.push(template.slice(cursor))
  return out.join('')
}

// A template for another language (or a POT without one) gets this locale's Language and Plural-Forms.
function needsRetarget(fields: Map<string, string>, options: RenderOptions): boolean {
  if (sameLocale(options.locale, options.sourceLocale)) return false
  const language = fields.get('language')
  if (language) return !sameLocale(language, options.locale)
  return readPluralForms(fields.get('plural-forms')) === undefined
}

// Files written with --no-wrap have string lines past gettext's page width; keep their style.
function isWrapped(doc: PoDocument): boolean {
  return doc.longestStringLine <= PAGE_WIDTH + 10
}

function emptied(block: Block): Entry {
  const entry: Entry = { key: block.msgid, value: '' }
  if (block.isPlural) entry.plural = Object.fromEntries(PLURAL_ORDER.map((c) => [c, '']))
  return entry
}

function skipBlankLines(text: string, at: number): number {
  const m = /^(?:[ \t]*\r?\n)*/.exec(text.slice(at, at + 1000))
  return at + (m?.[0].length ?? 0)
}

/** The msgstr texts to write for a block, one per form. */
function msgstrFor(block: Block, entry: Entry, job: Job): string[] {
  if (!block.isPlural) {
    const text = entry.value
    // A source-locale read gave the msgid for an empty msgstr; the same text writes back as empty.
    if (job.expected.isSource && block.msgstr[0] === '' && text === block.msgid) return ['']
    return [text]
  }
  if (job.expected.isSource && block.msgstr.every((s) => s === '')) {
    const before = toEntry(block, job.expected)
    if (samePlural(before.plural ?? {}, entry.plural ?? {}) || (!entry.plural && entry.value === before.value)) return block.msgstr
  }
  // An entry that lost its plural forms on the way (only `value`, the `other` form) keeps the other forms.
  const given = entry.plural ? entry : { ...entry, plural: { other: entry.value } }
  return pluralTexts(given, job.target, (i) => (job.retarget ? '' : block.msgstr[i] ?? ''))
}


function renderBlock(block: Block, entry: Entry, job: Job): string {
  const { template, eol } = job
  const texts = msgstrFor(block, entry, job)
  const valueChanged = texts.length !== block.msgstr.length || texts.some((t, i) => t !== block.msgstr[i])
  const wasFuzzy = block.flags.includes('fuzzy')
  const metaFuzzy = entry.meta?.fuzzy
  // A changed translation is no longer fuzzy; an unchanged one keeps what core says, else the file's flag.
  const fuzzy = valueChanged ? false : typeof metaFuzzy === 'boolean' ? metaFuzzy : wasFuzzy
  const oldComment = block.translator.join('\n')
  const commentChanged = typeof entry.comment === 'string' && entry.comment !== oldComment
  if (!valueChanged && fuzzy === wasFuzzy && !commentChanged) return template.slice(block.start, block.next)

  const out: string[] = []
  let msgstrDone = false
  let commentDone = false
  let flagsDone = false
  const flagLine = (flags: string[]) => `#, ${flags.join(', ')}`
  const otherFlags = block.flags.filter((f) => f !== 'fuzzy')
  const newFlags = fuzzy ? ['fuzzy', ...otherFlags] : otherFlags
  const writeComment = () => {
    if (!commentDone && commentChanged && entry.comment) for (const l of entry.comment.split('\n')) out.push((l ? `# ${l}` : '#') + eol)
    commentDone = true
  }
  const lines = linesOf(template, block)
  const lastMsgstr = [...lines].reverse().find((l) => l.kind === 'msgstr')
  for (const line of lines) {
    const raw = template.slice(line.start, line.next)
    if (line.kind !== 'translator' && line.kind !== 'blank') writeComment()
    if (line.kind === 'translator') {
      if (commentChanged) writeComment()
      else out.push(raw)
    } else if (line.kind === 'flags' && fuzzy !== wasFuzzy) {
      if (!flagsDone && newFlags.length > 0) out.push(flagLine(newFlags) + template.slice(line.end, line.next))
      flagsDone = true
    } else if (line.kind === 'previous' && wasFuzzy && !fuzzy) {
      // msgattrib --clear-fuzzy --clear-previous: the previous msgid only explains a fuzzy match.
      continue
    } else if (line.kind === 'msgstr' && valueChanged) {
      if (msgstrDone) continue
      msgstrDone = true
      const lines = block.isPlural
        ? texts.flatMap((t, i) => formatValue(`msgstr[${i}]`, t, job.wrap))
        : formatValue('msgstr', texts[0] ?? '', job.wrap)
      out.push(lines.join(eol) + (lastMsgstr ? template.slice(lastMsgstr.end, lastMsgstr.next) : eol))
    } else {
      if (fuzzy && !wasFuzzy && !flagsDone && (line.kind === 'previous' || line.kind.startsWith('msg'))) {
        out.push(flagLine(newFlags) + eol)
        flagsDone = true
      }
      out.push(raw)
    }
  }
  return out.join('')
}

function formatValue(keyword: string, value: string, wrap: boolean): string[] {
  return wrap ? formatString(keyword, value) : formatString(keyword, value, '', Infinity)
}

function retargetHeader(block: Block, job: Job, locale: string, pluralForms: string): string {
  let text = block.msgstr[0] ?? ''
  text = setField(text, 'Language', toPoLocale(locale))
  text = setField(text, 'Plural-Forms', pluralForms)
  const { template, eol } = job
  const out: string[] = []
  let done = false
  const lines = linesOf(template, block)
  const lastMsgstr = [...lines].reverse().find((l) => l.kind === 'msgstr')
  for (const line of lines) {
    if (line.kind !== 'msgstr') out.push(template.slice(line.start, line.next))
    else if (!done) {
      done = true
      out.push(formatString('msgstr', text).join(eol) + (lastMsgstr ? template.slice(lastMsgstr.end, lastMsgstr.next) : eol))
    }
  }
  return out.join('')
}

/** Sets a `Name: value` header field, adding it where msgmerge would when it is missing. */
export function setField(header: string, name: string, value: string): string {
  const lines = header.split('\n')
  const at = lines.findIndex((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  if (at !== -1) {
    lines[at] = `${name}: ${value}`
    return lines.join('\n')
  }
  const after = name === 'Language' ? lines.findIndex((l) => l.toLowerCase().startsWith('language-team:')) : -1
  const insertAt = after !== -1 ? after + 1 : lines[lines.length - 1] === '' ? lines.length - 1 : lines.length
  lines.splice(insertAt, 0, `${name}: ${value}`)
  let joined = lines.join('\n')
  if (!joined.endsWith('\n')) joined += '\n'
  return joined
}

function addedText(added: readonly Entry[], job: Job, template: string, at: number): string {
  const { eol } = job
  const endsWithEol = at > 0 && template[at - 1] === '\n'
  const blocks = added.map((e) => entryLines(e, job.target, job.wrap).join(eol))
  return (endsWithEol ? '' : eol) + eol + blocks.join(eol + eol) + (endsWithEol ? eol : '')
}

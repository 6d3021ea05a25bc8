/** Splicing edits into JSON text so every byte outside an edit stays as it was. */
import type { JsonLayout, JsonWritable } from './layout.js'
import { lineIndent, stringifyJson } from './layout.js'
import type { JsonObject } from './scan.js'
import { quoteJson } from './string.js'

/** Replace `text[start, end)` with `text`; `start === end` inserts. */
export interface Edit {
  start: number
  end: number
  text: string
}

/** Applies non-overlapping edits in one pass (array + join, so large files stay linear). */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text
  // Writers mostly make edits in document order already; sorting 100,000 of them would cost more than the rest.
  const sorted = inOrder(edits) ? edits : edits
    .map((e, order) => ({ e, order }))
    .sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end || a.order - b.order)
    .map(({ e }) => e)
  const out: string[] = []
  let cursor = 0
  // An index loop: for-of would allocate an iterator result per edit before the loop is optimized.
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i]!
    // A bug in a writer, never a property of user input: edits come from disjoint tokens.
    if (e.start < cursor) throw new Error(`Overlapping JSON edits at ${e.start}`)
    out.push(text.slice(cursor, e.start), e.text)
    cursor = e.end
  }
  out.push(text.slice(cursor))
  return out.join('')
}

/** True when the edits are sorted by start, then end already (equal ones keep their order, as in the sort). */
function inOrder(edits: readonly Edit[]): boolean {
  for (let i = 1; i < edits.length; i++) {
    const a = edits[i - 1]!
    const b = edits[i]!
    if (b.start < a.start || (b.start === a.start && b.end < a.end)) return false
  }
  return true
}

/**
 * Plans changes to one object's members (replace, remove, insert) and turns them into edits that
 * keep the commas and whitespace of everything untouched.
 */
export class ObjectEditor {
  private readonly removed = new Set<number>()
  private readonly valueEdits = new Map<number, string>()
  private readonly memberEdits = new Map<number, string>()
  private readonly inserts = new Map<number, string[]>()

  constructor(private readonly text: string, readonly node: JsonObject, private readonly layout: JsonLayout) {}

  /** Indent of this object's member lines ('' when the object is written on one line). */
  get memberIndent(): string {
    const ms = this.node.members
    if (ms.length === 0) return lineIndent(this.text, this.node.start) + this.layout.unit
    const ws = this.leadBefore(ms.length - 1)
    const nl = ws.lastIndexOf('\n')
    return nl === -1 ? lineIndent(this.text, ms[ms.length - 1]!.keyStart) : ws.slice(nl + 1)
  }

  /** A full `"key": value` member in this object's layout. */
  memberText(key: string, value: JsonWritable): string {
    return quoteJson(key, this.layout.style) + this.colon() + stringifyJson(value, this.memberIndent, this.layout)
  }

  /** Replaces member `i`'s value token with `json`. */
  replaceValue(i: number, json: string): void {
    this.valueEdits.set(i, json)
  }

  /** Replaces member `i` from its key to the end of its value. */
  replaceMember(i: number, json: string): void {
    this.memberEdits.set(i, json)
  }

  /** Removes member `i` with its comma. */
  remove(i: number): void {
    this.removed.add(i)
  }

  /** Inserts a member text after member `i` (-1: before the first member). */
  insertAfter(i: number, member: string): void {
    const list = this.inserts.get(i)
    if (list) list.push(member)
    else this.inserts.set(i, [member])
  }

  /** Inserts a member text at the end of the object. */
  append(member: string): void {
    this.insertAfter(this.node.members.length - 1, member)
  }

  /** The edits this plan amounts to. */
  edits(): Edit[] {
    const { node, text } = this
    const ms = node.members
    const kept: number[] = []
    for (let i = 0; i < ms.length; i++) if (!this.removed.has(i)) kept.push(i)
    const anchors = [...this.inserts.keys()].sort((a, b) => a - b)
    if (kept.length === 0) {
      const texts = anchors.flatMap((a) => this.inserts.get(a)!)
      if (ms.length === 0 && texts.length === 0) return []
      if (texts.length === 0) return [{ start: node.start + 1, end: node.end - 1, text: '' }]
      const lead = ms.length ? this.leadBefore(0) : this.layout.eol + this.memberIndent
      const close = ms.length ? text.slice(ms[ms.length - 1]!.value.end, node.end - 1) : this.layout.eol + lineIndent(text, node.start)
      return [{ start: node.start + 1, end: node.end - 1, text: lead + texts.join(',' + lead) + close }]
    }
    const edits: Edit[] = []
    const first = kept[0]!
    if (first > 0) edits.push({ start: ms[0]!.keyStart, end: ms[first]!.keyStart, text: '' })
    for (let i = first + 1; i < ms.length; i++) {
      if (this.removed.has(i)) edits.push({ start: ms[i - 1]!.value.end, end: ms[i]!.value.end, text: '' })
    }
    for (const i of kept) {
      const m = ms[i]!
      const whole = this.memberEdits.get(i)
      if (whole !== undefined) edits.push({ start: m.keyStart, end: m.value.end, text: whole })
      else {
        const value = this.valueEdits.get(i)
        if (value !== undefined) edits.push({ start: m.value.start, end: m.value.end, text: value })
      }
    }
    for (const a of anchors) {
      const texts = this.inserts.get(a)!
      // The last kept member at or before `a` (binary search: a loop here would be quadratic).
      let lo = 0
      let hi = kept.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (kept[mid]! <= a) lo = mid + 1
        else hi = mid
      }
      const anchor = lo === 0 ? -1 : kept[lo - 1]!
      if (anchor === -1) {
        const lead = this.leadBefore(first)
        edits.push({ start: ms[first]!.keyStart, end: ms[first]!.keyStart, text: texts.map((t) => t + ',' + lead).join('') })
      } else {
        const lead = this.separatorNear(anchor)
        const at = ms[anchor]!.value.end
        edits.push({ start: at, end: at, text: texts.map((t) => ',' + lead + t).join('') })
      }
    }
    return edits
  }

  private colon(): string {
    const m = this.node.members[0]
    return m ? this.text.slice(m.keyEnd, m.value.start) : this.layout.colon
  }

  /**
   * The whitespace to put after a comma next to member `i`: its own lead, or for the first member
   * the second one's (`{"a": 1, "b": 2}` has none after `{` but one after each comma).
   */
  separatorNear(i: number): string {
    const ms = this.node.members
    return i === 0 && ms.length > 1 ? this.leadBefore(1) : this.leadBefore(i)
  }

  /** The whitespace before member `i`'s key (after `{` or the previous comma). */
  leadBefore(i: number): string {
    const ms = this.node.members
    const from = i === 0 ? this.node.start + 1 : this.text.indexOf(',', ms[i - 1]!.value.end) + 1
    return this.text.slice(from, ms[i]!.keyStart)
  }
}

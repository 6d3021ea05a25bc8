/** New members being gathered before they are written, so entries sharing a new parent object share it. */
import { OrderedObject } from './layout.js'
import type { JsonWritable } from './layout.js'

/** An object under construction, with an index so adding 100,000 members stays linear. */
export class PendingObject {
  readonly members: Array<[string, string | PendingObject]> = []
  private readonly children = new Map<string, PendingObject>()
  private readonly leaves = new Set<string>()
  /** Set when the path used an array index here, so it is written as an array. */
  isArray = false

  /**
   * Adds leaves under `parents`. A parent name already taken by a leaf cannot also be an object,
   * so the remaining path is joined with `.` into one flat key at that level.
   */
  place(parents: ReadonlyArray<string | number>, leaves: ReadonlyArray<readonly [string, string]>, isIndexed = false): void {
    let node: PendingObject = this
    for (let i = 0; i < parents.length; i++) {
      const seg = parents[i]!
      const name = String(seg)
      if (node.leaves.has(name)) {
        const rest = parents.slice(i).map(String).join('.')
        for (const [k, v] of leaves) node.addLeaf(`${rest}.${k}`, v)
        return
      }
      let child = node.children.get(name)
      if (!child) {
        child = new PendingObject()
        node.children.set(name, child)
        node.members.push([name, child])
      }
      if (typeof parents[i + 1] === 'number') child.isArray = true
      node = child
    }
    if (isIndexed) node.isArray = true
    for (const [k, v] of leaves) node.addLeaf(k, v)
  }

  /** A writable value of one member. */
  static writable(value: string | PendingObject): JsonWritable {
    if (typeof value === 'string') return value
    if (value.isArray) return value.members.map(([, v]) => PendingObject.writable(v))
    return new OrderedObject(value.members.map(([k, v]) => [k, PendingObject.writable(v)]))
  }

  private addLeaf(key: string, value: string): void {
    this.leaves.add(key)
    this.members.push([key, value])
  }
}

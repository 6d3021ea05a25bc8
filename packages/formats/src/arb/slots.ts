/** The messages and metadata of an ARB file, found the same way by parse and render. */
import type { JsonMember, JsonObject, JsonString } from '../json-text/index.js'

/** One message member (`"key": "ICU text"`). */
export interface MessageSlot {
  key: string
  index: number
  node: JsonString
}

/** What an ARB root object holds, by role. */
export interface ArbLayout {
  messages: MessageSlot[]
  /** `@key` metadata objects by message key (the last copy when repeated). */
  metadata: Map<string, JsonMember>
  /** The `@@locale` member, when present. */
  localeMember?: { index: number; member: JsonMember }
  /** Message members whose value is not a string: kept as they are, reported. */
  nonString: JsonMember[]
}

/** Sorts the members of an ARB root object into messages, `@key` metadata and `@@` globals. */
export function readArbLayout(root: JsonObject): ArbLayout {
  const layout: ArbLayout = { messages: [], metadata: new Map(), nonString: [] }
  root.members.forEach((member, index) => {
    const { key, value } = member
    if (key.startsWith('@@')) {
      if (key === '@@locale' && value.kind === 'string') layout.localeMember = { index, member }
    } else if (key.startsWith('@')) {
      if (value.kind === 'object') layout.metadata.set(key.slice(1), member)
    } else if (value.kind === 'string') {
      layout.messages.push({ key, index, node: value })
    } else {
      layout.nonString.push(member)
    }
  })
  return layout
}

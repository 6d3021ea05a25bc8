/** Reads a `<!DOCTYPE ...>` declaration: its extent and internal entities; refuses anything that would load external data. */

/** What readDoctype found; `end` is the offset after the closing `>` (or -1 when the declaration never closes). */
export interface DoctypeRead {
  end: number
  name: string
  entities: Map<string, string>
  /** Problems with their absolute offsets. */
  problems: { message: string; offset: number; severity: 'error' | 'warning' }[]
}

/**
 * Reads the DOCTYPE starting at `start` (the `<` of `<!DOCTYPE`). Linear in its length.
 * An external DTD (`<!DOCTYPE plist PUBLIC ...>`) is never fetched and not reported: every plist names one,
 * and entities it would declare come out as undefined-entity errors anyway.
 */
export function readDoctype(content: string, start: number): DoctypeRead {
  const result: DoctypeRead = { end: -1, name: '', entities: new Map(), problems: [] }
  let pos = start + '<!DOCTYPE'.length
  const nameMatch = /\s*([^\s[>]+)/y
  nameMatch.lastIndex = pos
  const m = nameMatch.exec(content)
  if (m) {
    result.name = m[1]!
    pos = nameMatch.lastIndex
  }
  while (pos < content.length) {
    const c = content[pos]!
    if (c === '>') {
      result.end = pos + 1
      return result
    }
    if (c === '"' || c === "'") {
      const close = content.indexOf(c, pos + 1)
      if (close === -1) break
      pos = close + 1
    } else if (c === '[') {
      pos = readSubset(content, pos + 1, result)
      if (pos === -1) break
    } else pos++
  }
  result.problems.push({ message: 'DOCTYPE is not closed', offset: start, severity: 'error' })
  return result
}

/** Reads the internal subset from `pos` (after `[`); returns the offset after `]`, or -1 when it never ends. */
function readSubset(content: string, pos: number, result: DoctypeRead): number {
  while (pos < content.length) {
    const c = content[pos]!
    if (c === ']') return pos + 1
    if (content.startsWith('<!--', pos)) {
      const close = content.indexOf('-->', pos + 4)
      if (close === -1) return -1
      pos = close + 3
    } else if (content.startsWith('<!ENTITY', pos)) {
      const end = readEntity(content, pos, result)
      if (end === -1) return -1
      pos = end
    } else if (c === '<') {
      const end = skipDeclaration(content, pos)
      if (end === -1) return -1
      pos = end
    } else pos++
  }
  return -1
}

/** Skips `<!ELEMENT ...>`, `<!ATTLIST ...>`, `<?pi?>` and the like, honouring quoted strings. */
function skipDeclaration(content: string, pos: number): number {
  for (let i = pos + 1; i < content.length; i++) {
    const c = content[i]
    if (c === '>') return i + 1
    if (c === '"' || c === "'") {
      const close = content.indexOf(c, i + 1)
      if (close === -1) return -1
      i = close
    }
  }
  return -1
}

function readEntity(content: string, start: number, result: DoctypeRead): number {
  const end = skipDeclaration(content, start)
  if (end === -1) return -1
  const decl = content.slice(start + '<!ENTITY'.length, end - 1)
  const m = /^\s+(%\s+)?([^\s"']+)\s+(?:"([^"]*)"|'([^']*)'|(SYSTEM|PUBLIC)\b)/.exec(decl)
  if (!m) {
    result.problems.push({ message: 'Malformed ENTITY declaration', offset: start, severity: 'error' })
  } else if (m[5]) {
    // No XXE: an external entity could read local files or the network.
    result.problems.push({ message: `External entity "${m[2]}" (${m[5]}) is refused`, offset: start, severity: 'error' })
  } else if (!m[1] && !result.entities.has(m[2]!)) {
    // The first declaration wins (XML 1.0 § 4.2); parameter entities are not expanded.
    result.entities.set(m[2]!, m[3] ?? m[4] ?? '')
  }
  return end
}

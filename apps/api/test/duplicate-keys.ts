// Duplicate-aware readers of pulled files, one per family: a strict reader refuses a key written twice in one
// mapping (JSON object, plist <dict>, Android <resources> or <plurals>, XLIFF <file>/<group>, PO catalogue), while
// JSON.parse and most XML readers silently keep the last copy. Each returns the repeated names it found.

/** Keys repeated inside one JSON object, as `path > key` (a small scanner: JSON.parse hides repeats). */
export function duplicateJsonKeys(text: string): string[] {
  const found: string[] = []
  let i = 0
  const ws = () => {
    while (/\s/.test(text[i] ?? '')) i++
  }
  const str = (): string => {
    const start = i
    i++
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1
    i++
    return JSON.parse(text.slice(start, i)) as string
  }
  const value = (path: string): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      const seen = new Set<string>()
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        const key = str()
        if (seen.has(key)) found.push(`${path} > ${key}`)
        seen.add(key)
        ws()
        i++ // :
        value(`${path}/${key}`)
        ws()
        if (text[i++] === '}') return
      }
    }
    if (c === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (let n = 0; ; n++) {
        value(`${path}/${n}`)
        ws()
        if (text[i++] === ']') return
      }
    }
    if (c === '"') return void str()
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++
  }
  value('')
  return found
}

/**
 * Names repeated among the children of one XML element: Android `name` (and `quantity` in <plurals>), XLIFF `id`,
 * and plist `<key>` texts within one `<dict>`. A tag walk, enough for the files Tolk writes (no CDATA holding tags).
 */
export function duplicateXmlNames(text: string): string[] {
  const found: string[] = []
  const stack: { tag: string; seen: Set<string>; lastKey?: number }[] = [{ tag: '#doc', seen: new Set() }]
  const tags = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    const [, closing, tag, attrs, selfClosing] = m
    if (!tag) continue
    if (closing) {
      const top = stack.pop()!
      if (top.tag === 'key' && top.lastKey !== undefined) {
        const name = text.slice(top.lastKey, m.index).trim()
        const dict = stack[stack.length - 1]!
        if (dict.seen.has(`key:${name}`)) found.push(`<dict> key ${name}`)
        dict.seen.add(`key:${name}`)
      }
      continue
    }
    const parent = stack[stack.length - 1]!
    for (const attr of ['name', 'quantity', 'id']) {
      const value = new RegExp(`\\s${attr}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs ?? '')
      if (!value) continue
      const id = `${tag}@${attr}=${value[1] ?? value[2]}`
      if (parent.seen.has(id)) found.push(`<${parent.tag}> ${id}`)
      parent.seen.add(id)
    }
    if (!selfClosing) stack.push({ tag, seen: new Set(), ...(tag === 'key' ? { lastKey: m.index + m[0].length } : {}) })
  }
  return found
}

/** msgctxt + msgid pairs a PO file holds twice (msgfmt refuses them as "duplicate message definition"). */
export function duplicatePoMessages(text: string): string[] {
  const found: string[] = []
  const seen = new Set<string>()
  for (const block of text.split(/\r?\n\s*\r?\n/)) {
    if (/^#~/m.test(block) && !/^msgid /m.test(block)) continue
    const field = (name: string) => {
      const m = new RegExp(`^${name} ((?:".*"\\r?\\n?)+)`, 'm').exec(block)
      return m ? m[1]!.split(/\r?\n/).filter(Boolean).map((l) => JSON.parse(l) as string).join('') : undefined
    }
    const msgid = field('msgid')
    if (msgid === undefined) continue
    const id = `${field('msgctxt') ?? ''}\u0004${msgid}`
    if (seen.has(id)) found.push(msgid)
    seen.add(id)
  }
  return found
}

/** Keys an Apple .strings file assigns twice (`"key" = "value";`, comments skipped). */
export function duplicateStringsKeys(text: string): string[] {
  const keys = [...text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').matchAll(/^\s*"((?:[^"\\]|\\.)*)"\s*=/gm)].map((m) => m[1]!)
  return repeated(keys)
}

/** Keys a Java .properties file assigns twice (comment and continuation lines skipped). */
export function duplicatePropertiesKeys(text: string): string[] {
  const keys: string[] = []
  let continued = false
  for (const line of text.split(/\r?\n/)) {
    const isContinuation = continued
    continued = /(?<!\\)(\\\\)*\\$/.test(line)
    if (isContinuation || /^\s*([#!]|$)/.test(line)) continue
    keys.push(/^\s*((?:[^\s=:\\]|\\.)+)/.exec(line)![1]!)
  }
  return repeated(keys)
}

/** Keys (first column) a CSV file holds in two rows; the files Tolk tests with quote no line breaks. */
export function duplicateCsvKeys(text: string): string[] {
  return repeated(text.split(/\r?\n/).slice(1).filter(Boolean).map((line) => line.split(',')[0]!))
}

function repeated(keys: readonly string[]): string[] {
  const seen = new Set<string>()
  return keys.filter((k) => (seen.has(k) ? true : (seen.add(k), false)))
}

/** Node shapes of the byte-exact XML tree that scanXml builds. Every offset is a UTF-16 index into the scanned string. */
import type { FormatIssue } from '../format.js'

/** One attribute as written: `name="value"`; `start..end` spans the whole pair, `valueStart..valueEnd` the raw value without quotes. */
export interface XmlAttr {
  name: string
  /** Decoded value (entities and character references resolved, literal tabs/newlines normalized to spaces as XML requires). */
  value: string
  start: number
  end: number
  valueStart: number
  valueEnd: number
  quote: '"' | "'"
}

/** Fields every node has: its kind, its exact source span and its parent (null for the document). */
export interface XmlNodeBase {
  start: number
  end: number
  parent: XmlElement | XmlDocument | null
}

/**
 * An element. `start..end` spans from `<` of the start tag to after `>` of the end tag (or of `/>`).
 * `contentStart..contentEnd` is the inner XML (between the tags); for a self-closing element both equal `end`.
 * `nameEnd` is where the name stops inside the start tag: a new attribute can be inserted after the last attribute's `end` (or `nameEnd`).
 */
export interface XmlElement extends XmlNodeBase {
  type: 'element'
  /** Qualified name exactly as written (`xliff:g`). */
  name: string
  attrs: XmlAttr[]
  nameEnd: number
  /** Offset just after the start tag's `>` (equals `end` when self-closing). */
  startTagEnd: number
  contentStart: number
  contentEnd: number
  selfClosing: boolean
  children: XmlNode[]
}

/** Character data between markup. `value` is decoded (entities, character references, line ends normalized to `\n`). */
export interface XmlText extends XmlNodeBase {
  type: 'text'
  value: string
}

/** A `<![CDATA[...]]>` section; `value` is its content, taken literally (line ends normalized to `\n`). */
export interface XmlCData extends XmlNodeBase {
  type: 'cdata'
  value: string
}

/** A `<!-- ... -->` comment; `value` is the text between the delimiters. */
export interface XmlComment extends XmlNodeBase {
  type: 'comment'
  value: string
}

/** A processing instruction or XML declaration `<?target data?>`. */
export interface XmlPi extends XmlNodeBase {
  type: 'pi'
  target: string
  data: string
}

/** A `<!DOCTYPE ...>` declaration; `entities` holds the internal general entities it declares (name -> raw literal). */
export interface XmlDoctype extends XmlNodeBase {
  type: 'doctype'
  name: string
  entities: Map<string, string>
}

/** Any node that can sit inside an element or the document. */
export type XmlNode = XmlElement | XmlText | XmlCData | XmlComment | XmlPi | XmlDoctype

/** The whole document: prolog nodes, the root element and anything after it, in order. */
export interface XmlDocument {
  type: 'document'
  start: number
  end: number
  parent: null
  children: XmlNode[]
}

/** What scanXml returns. With an `error` issue the tree is partial and must not be written back. */
export interface XmlScan {
  document: XmlDocument
  /** The single root element, or null when there is none. */
  root: XmlElement | null
  /** Internal general entities the DOCTYPE declared (name -> raw literal); empty when there is no DOCTYPE. */
  entities: Map<string, string>
  issues: FormatIssue[]
}

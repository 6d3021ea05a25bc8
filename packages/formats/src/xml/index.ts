/**
 * A small XML scanner for byte-exact editing of XML-based localization files (XLIFF, Android, RESX, stringsdict).
 * `scanXml` builds a tree whose nodes carry their exact offsets; edit with `applyEdits` and the escape helpers,
 * so every byte you do not replace stays as it was.
 */
export { scanXml, MAX_DEPTH } from './scan.js'
export {
  EntityResolver, ENTITY_EXPANSION_LIMIT, ENTITY_DEPTH_LIMIT, decodeText, decodeAttr, escapeText, escapeAttr,
  keepRawIfSame, isXmlChar,
} from './entities.js'
export type { DecodeReporter } from './entities.js'
export {
  childElements, childElement, getAttr, attrValue, textContent, innerXml, localName, prefixOf, resolvePrefix,
  applyEdits, indentAt,
} from './tree.js'
export type { TextEdit } from './tree.js'
export { lineRemoval } from './tree.js'
export { createLineIndex } from './positions.js'
export type {
  XmlAttr, XmlNodeBase, XmlElement, XmlText, XmlCData, XmlComment, XmlPi, XmlDoctype, XmlNode, XmlDocument, XmlScan,
} from './types.js'

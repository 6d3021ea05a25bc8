// A first copy of Android resources (docs/formats/android.md § Not translatable): values-xx must not hold a resource
// marked translatable="false" (lint's ExtraTranslation, fatal in release builds), so the copy made from values/ drops
// them, with the comments attached above them.
import { attrValue, scanXml } from '../xml/index.js'
import { withoutXmlChildren } from '../source-only.js'

/** The source file without its `translatable="false"` strings, plurals and arrays. */
export function androidFirstCopy(template: string): string {
  const root = scanXml(template).root
  if (!root || root.name !== 'resources') return template
  return withoutXmlChildren(template, root, (el) => attrValue(el, 'translatable') === 'false')
}

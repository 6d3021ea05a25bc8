// What only a source file holds (docs/formats/README.md § Not translatable): a first pull of a locale renders into the
// source file, and a format leaves these out of that new copy before writing the entries into it.
import type { RenderOptions } from './format.js'
import { applyEdits, lineRemoval } from './xml/index.js'
import type { TextEdit, XmlComment, XmlElement } from './xml/index.js'

/** True when `template` is another locale's copy (the source) rendered for `locale`: see `RenderOptions.templateLocale`. */
export function isFirstCopy(options: RenderOptions): boolean {
  return options.templateLocale !== undefined && options.templateLocale !== options.locale
}

/**
 * `content` without the children of `root` that `isSourceOnly` picks, each with its line and the comments directly
 * above it (no blank line between: a comment after a blank line heads a section and stays).
 */
export function withoutXmlChildren(content: string, root: XmlElement, isSourceOnly: (el: XmlElement) => boolean): string {
  const edits: TextEdit[] = []
  let attached: XmlComment[] = []
  for (const node of root.children) {
    if (node.type === 'comment') attached.push(node)
    else if (node.type === 'text') {
      if (/\n[ \t\r]*\n/.test(content.slice(node.start, node.end)) || /\S/.test(node.value)) attached = []
    } else if (node.type === 'element') {
      if (isSourceOnly(node)) edits.push(lineRemoval(content, attached[0]?.start ?? node.start, node.end))
      attached = []
    } else attached = []
  }
  return edits.length ? applyEdits(content, edits) : content
}

// Reads translation YAML into entries: the fast scanner when it can, the `yaml` package otherwise.
import { lineIndex } from '../text.js'
import type { Entry, FormatIssue, ParseOptions, ParseResult, PluralForms } from '../format.js'
import { TemplateReads } from '../template-read.js'
import { fastTree } from './fast.js'
import { treeFromDocument } from './from-document.js'
import type { ValueSlot, YamlModel, YTree } from './tree.js'
import { commentAbove, modelOf } from './tree.js'

/** A read document: its model, and issues with line and column. */
export interface YamlRead {
  model: YamlModel
  issues: FormatIssue[]
}

const lineOf = lineIndex

/** Readings parse keeps for render (ParseOptions.forRender): the tree, which does not depend on the locales. */
export const yamlReads = new TemplateReads<YTree>()

/** The tree of a document: by the fast scanner when it can, else by the `yaml` package; never throws. */
export function readTree(content: string): YTree {
  const fast = fastTree(content)
  if (fast) return fast
  try {
    return treeFromDocument(content)
  } catch (error) {
    // The format contract: bad input becomes an issue, never a throw (e.g. a stack overflow deep in the parser).
    return { root: undefined, issues: [{ severity: 'error', message: `Could not read the YAML: ${String(error)}`, line: 1, column: 1 }] }
  }
}

/** Reads a YAML document into its model; never throws. */
export function readYaml(content: string, locales: readonly (string | undefined)[] = [], tree = readTree(content)): YamlRead {
  const model = modelOf(tree, locales)
  const issues = [...tree.issues]
  const at = lineOf(content)
  const seen = new Set<string>()
  for (const slot of model.slots) {
    if (seen.has(slot.key)) issues.push({ severity: 'warning', message: `Repeated key "${slot.key}"; every copy is kept`, ...at(slot.lineStart) })
    seen.add(slot.key)
  }
  return { model, issues }
}

/** The entry one slot holds. */
export function entryOf(content: string, slot: ValueSlot): Entry {
  const comment = commentAbove(content, slot.lineStart)
  if (slot.forms) {
    const plural: PluralForms = {}
    for (const f of slot.forms) plural[f.category] = f.scalar.value
    return { key: slot.key, value: plural.other ?? '', plural, ...(comment !== undefined ? { comment } : {}) }
  }
  return { key: slot.key, value: slot.scalar?.value ?? '', ...(comment !== undefined ? { comment } : {}) }
}

/** Parses translation YAML (Rails locale root, plain nested maps, or Hugo/go-i18n id lists). */
export function parseYaml(content: string, options: ParseOptions): ParseResult {
  const tree = readTree(content)
  const { model, issues } = readYaml(content, [options.locale, options.sourceLocale], tree)
  const entries = model.slots.map((slot) => entryOf(content, slot))
  const root = model.rootKey?.value
  const locales = root !== undefined ? [root.replace(/_/g, '-')] : options.locale ? [options.locale] : []
  return yamlReads.keep({ entries, locales, issues }, options, content, tree)
}

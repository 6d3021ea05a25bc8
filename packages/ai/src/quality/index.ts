/**
 * The deterministic quality checks (issue 15): pure functions over one translation and its source
 * (checkQuality), and across the translations of one locale (ConsistencyIndex). Used at write time
 * for warnings and by the audit job.
 */

export { checkQuality, applySafeFixes } from './run.js'
export { ConsistencyIndex, fold } from './consistency.js'
export type { ConsistencyRow } from './consistency.js'
export { defaultPlaceholders, graphemes } from './content.js'
export { categoriesOf, parseIcu } from './icu.js'
export { endKind, unbalancedAt } from './punctuation.js'
export { usesTerm } from './words.js'
export { CHECK_NAMES, CHECKS, severityOf } from './types.js'
export type { CheckName, Finding, FoundPlaceholder, PlaceholderReader, QualityInput, QualityTerm, Severity, Span } from './types.js'

import { lineIndex } from '../text.js'
export type { PositionOf } from '../text.js'

/** Offset -> line/column lookup (the shared one of ../text.ts). */
export const positionLookup = lineIndex

// Offset -> line/column lookups: the shared line index of ../text.ts.
import { lineIndex } from '../text.js'

/** Offset -> line/column lookup (the shared one of ../text.ts). */
export const createLineIndex = lineIndex
